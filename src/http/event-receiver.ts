/**
 * The marketplace event receiver, POST /hooks/:token. In order: the declared body size (413), the
 * endpoint by route token (404), the body read up to the limit (413 past it), the signature over
 * the raw body with that endpoint's secret and the timestamp tolerance (401), the JSON (400); then
 * the event is stored with its notice by events/receiver.ts (group commit, deduplicated by event
 * id: a replay is acknowledged with 200 and changes nothing) and committed before the 200.
 * Bad input never gets a 5xx.
 *
 * It is a raw node:http route in front of Hono (like the Telegram webhook): every delivery passes
 * here, and Hono's Request conversion and body limit would cost more than verifying and storing it.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawPostRoute } from "./server.js";
import { StoreClosedError, type Store } from "../store/index.js";
import type { Logger } from "../logger.js";
import type { Notifier } from "../notices/notifier.js";
import type { OutboxRoom } from "../events/backlog.js";
import { verifySignature, type HeaderLookup, type SignatureSettings } from "../events/signatures.js";
import { parseEvent } from "../events/event-payload.js";
import { deliveryPaths, RECEIVER_PREFIX } from "../events/receiver.js";
import { readBodyUpTo } from "./read-body.js";
import { createOutageLog, type OutageLog } from "../store/outage-log.js";

export interface ReceiverDeps {
  /** Read on every request (tests swap the store on restart). */
  readonly store: Store;
  readonly notifier: Notifier;
  /** When the outbox counts as full, so that an event is stored to wait (backlog.ts). */
  room: OutboxRoom;
  signature: SignatureSettings & { maxBodyBytes: number };
  logger: Logger;
  now: () => number;
}

const PREFIX = RECEIVER_PREFIX;
const ROUTE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The route token of a /hooks/… URL (query string dropped, percent-escapes decoded); "" when unreadable. */
function routeTokenOf(url: string): string {
  const end = url.indexOf("?");
  const token = url.slice(PREFIX.length, end === -1 ? undefined : end);
  if (!token.includes("%")) return token;
  try {
    return decodeURIComponent(token);
  } catch {
    return "";
  }
}

// The answers are few and fixed: their bodies are built once.
const answers = {
  ok: JSON.stringify({ ok: true, duplicate: false }),
  duplicate: JSON.stringify({ ok: true, duplicate: true }),
  unknown: JSON.stringify({ error: "unknown endpoint" }),
  tooLarge: JSON.stringify({ error: "payload too large" }),
  unreadable: JSON.stringify({ error: "unreadable body" }),
  notConfigured: JSON.stringify({ error: "endpoint not configured" }),
  invalidSignature: JSON.stringify({ error: "invalid signature" }),
  malformed: JSON.stringify({ error: "malformed event" }),
  internal: JSON.stringify({ error: "internal error" }),
  shuttingDown: JSON.stringify({ error: "shutting down, deliver again" }),
};

function answer(res: ServerResponse, status: number, body: string, close = false): void {
  if (res.headersSent) return;
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  // A refused body is not read to its end: the connection cannot carry another request after it.
  if (close) headers.connection = "close";
  res.writeHead(status, headers).end(body);
}

function headerLookup(req: IncomingMessage): HeaderLookup {
  return (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  };
}

/** The receiver as a raw POST route for every path under /hooks/. */
export function receiverRoute(deps: ReceiverDeps): RawPostRoute {
  // What each store's deliveries go through, made on first use (tests swap stores on restart).
  const pathsFor = deliveryPaths();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const limit = deps.signature.maxBodyBytes;
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return answer(res, 413, answers.tooLarge, true);

    const token = routeTokenOf(req.url ?? "");
    const store = deps.store;
    const row = ROUTE_TOKEN.test(token) ? await pathsFor(store).route(token) : undefined;
    if (!row || !row.enabled) return answer(res, 404, answers.unknown);

    const body = await readBodyUpTo(req, limit);
    if (body === "too-large") return answer(res, 413, answers.tooLarge, true);
    if (body === "unreadable") return answer(res, 400, answers.unreadable, true);

    const secret = await store.webhooks.revealSecret(row);
    if (secret === undefined) return answer(res, 401, answers.notConfigured);

    const now = deps.now();
    const verified = verifySignature(deps.signature, secret, headerLookup(req), body, now);
    if (!verified.ok) {
      await store.webhooks.markUnverified(row.id, now);
      deps.logger.info({ endpoint: row.id, reason: verified.reason }, "webhook delivery refused: signature");
      return answer(res, 401, answers.invalidSignature);
    }

    const raw = body.toString("utf8");
    const event = parseEvent(raw);
    if (!event) return answer(res, 400, answers.malformed);
    const eventId = verified.messageId ?? event.id ?? `sha256:${createHash("sha256").update(body).digest("hex")}`;

    const outcome = await pathsFor(store).commit({ notifier: deps.notifier, room: deps.room, row, eventId, event, raw, now });
    if (deps.logger.isLevelEnabled("debug")) deps.logger.debug({ endpoint: row.id, type: event.type, outcome }, "webhook event");
    answer(res, 200, outcome === "duplicate" ? answers.duplicate : answers.ok);
  }

  // an outage refuses every delivery alike: one error when it begins, a count, one line when it ends
  // (made on first use: deps are read when used, not when the route is made)
  let outageLog: OutageLog | undefined;
  const outage = () => (outageLog ??= createOutageLog(deps.logger, "webhook receiver"));

  return {
    path: PREFIX,
    handle: async (req, res) => {
      try {
        await handle(req, res);
        outage().succeeded();
      } catch (err) {
        // Our own failure (database, sealing): a 5xx makes the marketplace deliver again later.
        if (err instanceof StoreClosedError) return answer(res, 503, answers.shuttingDown);
        outage().failed(err);
        answer(res, 500, answers.internal);
      }
    },
  };
}
