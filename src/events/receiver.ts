/**
 * The marketplace event receiver, POST /hooks/:token. In order: the body size limit (413), the
 * endpoint by route token (404), the signature over the raw body with that endpoint's secret and
 * the timestamp tolerance (401), the JSON (400); then the event, its notice and the endpoint's
 * stamps are written in one SQLite transaction, deduplicated by event id (a replay is acknowledged
 * with 200 and changes nothing), before the 200. Bad input never gets a 5xx.
 */
import { createHash } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
import type { Mount } from "./http-server.js";
import type { Store } from "../store/index.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { Notifier } from "../notices/notifier.js";
import { recordSettlement } from "../notices/settlement.js";
import { verifySignature, type SignatureSettings } from "./signatures.js";
import { parseEvent, type MarketplaceEvent } from "./event-payload.js";
import type { WebhookEndpointRow } from "../store/webhooks.js";

export interface ReceiverDeps {
  /** Read on every request (tests swap the store on restart). */
  readonly store: Store;
  readonly notifier: Notifier;
  signature: SignatureSettings & { maxBodyBytes: number };
  logger: Logger;
  now: () => number;
}

/** A ping within this long after the bot asked for one is reported by the waiting /webhook flow, not pushed. */
export const REQUESTED_PING_WINDOW_MS = 120_000;

const ROUTE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

type Kind = "filled" | "failed" | "ping" | "other";

/** order.filled, ORDER_FILLED, orderFilled… → one kind. */
function kindOf(type: string): Kind {
  const s = type.toLowerCase().replace(/[^a-z]/g, "");
  if (s === "orderfilled") return "filled";
  if (s === "orderfailed") return "failed";
  if (s === "webhookping" || s === "ping") return "ping";
  return "other";
}

export function receiverPath(routeToken: string): string {
  return `/hooks/${routeToken}`;
}

export function mountReceiver(deps: ReceiverDeps): Mount {
  const tooLarge = bodyLimit({ maxSize: deps.signature.maxBodyBytes, onError: (c) => c.json({ error: "payload too large" }, 413) });

  /** Writes the event and what it causes; false for a replayed event id. */
  function apply(row: WebhookEndpointRow, eventId: string, event: MarketplaceEvent, raw: string): boolean {
    const { store, notifier } = deps;
    const now = deps.now();
    return store.db.transaction(() => {
      if (!store.webhooks.recordEvent(row.id, { eventId, type: event.type, payload: raw }, now)) return false;
      const kind = kindOf(event.type);
      if ((kind === "filled" || kind === "failed") && event.order) recordSettlement(store, notifier, row.userId, event.order, kind);
      const requested = row.lastPingAt !== null && now - row.lastPingAt < REQUESTED_PING_WINDOW_MS;
      if (kind === "ping" && !requested) notifier.webhookPing(row.userId, row.id, eventId);
      return true;
    });
  }

  async function handle(c: Context) {
    const token = c.req.param("token") ?? "";
    const row = ROUTE_TOKEN.test(token) ? deps.store.webhooks.byToken(token) : undefined;
    if (!row || !row.enabled) return c.json({ error: "unknown endpoint" }, 404);

    let raw: Buffer;
    try {
      raw = Buffer.from(await c.req.arrayBuffer());
    } catch {
      return c.json({ error: "unreadable body" }, 400);
    }
    const secret = deps.store.webhooks.revealSecret(row);
    if (secret === undefined) return c.json({ error: "endpoint not configured" }, 401);

    const verified = verifySignature(deps.signature, secret, (name) => c.req.header(name), raw, deps.now());
    if (!verified.ok) {
      deps.store.webhooks.markUnverified(row.id, deps.now());
      deps.logger.info({ endpoint: row.id, reason: verified.reason }, "webhook delivery refused: signature");
      return c.json({ error: "invalid signature" }, 401);
    }

    const text = raw.toString("utf8");
    const event = parseEvent(text);
    if (!event) return c.json({ error: "malformed event" }, 400);
    const eventId = verified.messageId ?? event.id ?? `sha256:${createHash("sha256").update(raw).digest("hex")}`;

    const fresh = apply(row, eventId, event, text);
    deps.logger.debug({ endpoint: row.id, type: event.type, duplicate: !fresh }, "webhook event");
    return c.json({ ok: true, duplicate: !fresh }, 200);
  }

  return (app) => {
    app.post("/hooks/:token", tooLarge, async (c) => {
      try {
        return await handle(c);
      } catch (err) {
        // Our own failure (database, sealing): a 5xx makes the marketplace deliver again later.
        deps.logger.error({ err: errorFields(err) }, "webhook receiver failed");
        return c.json({ error: "internal error" }, 500);
      }
    });
  };
}
