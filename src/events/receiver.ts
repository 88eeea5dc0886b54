/**
 * The marketplace event receiver, POST /hooks/:token. In order: the declared body size (413), the
 * endpoint by route token (404), the body read up to the limit (413 past it), the signature over
 * the raw body with that endpoint's secret and the timestamp tolerance (401), the JSON (400); then
 * the event, its notice and the endpoint's stamps are written together in one transaction
 * (on SQLite shared with the deliveries of the same loop turn: group commit), deduplicated by event id (a
 * replay is acknowledged with 200 and changes nothing), and committed before the 200. When the
 * outbox is full (backlog.ts), the event is stored without its notice and the backlog applies it later.
 * Bad input never gets a 5xx.
 *
 * It is a raw node:http route in front of Hono (like the Telegram webhook): every delivery passes
 * here, and Hono's Request conversion and body limit would cost more than verifying and storing it.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawPostRoute } from "./http-server.js";
import { StoreClosedError, type Repositories, type Store } from "../store/index.js";
import type { Logger } from "../logger.js";
import type { Notifier } from "../notices/notifier.js";
import { applyEvent } from "./apply-event.js";
import { chatHasRoom, outboxFull, type OutboxRoom } from "./backlog.js";
import { verifySignature, type HeaderLookup, type SignatureSettings } from "./signatures.js";
import { parseEvent, type MarketplaceEvent } from "./event-payload.js";
import type { EndpointRoute } from "../store/webhooks.js";
import { readBodyUpTo } from "./read-body.js";
import type { GroupCommit } from "../store/group-commit.js";
import { createOutageLog } from "../store/outage-log.js";

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

const PREFIX = "/hooks/";
const ROUTE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export function receiverPath(routeToken: string): string {
  return `${PREFIX}${routeToken}`;
}

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

interface Delivery {
  notifier: Notifier;
  room: OutboxRoom;
  row: EndpointRoute;
  eventId: string;
  event: MarketplaceEvent;
  raw: string;
  now: number;
}

type Outcome = "applied" | "waiting" | "duplicate";

/**
 * What one transaction learnt about room in the outbox (a group commit's deliveries share it):
 * whether the whole outbox is full, asked once; and the endpoints one of whose events waits, so
 * their later events wait behind it without asking again.
 */
interface Learnt {
  full: Promise<boolean>;
  waiting: Set<number>;
}
const learnt = new WeakMap<Repositories, Learnt>();

/** Stores the event and, when the outbox has room, what it causes. Runs inside a transaction. */
async function applyDelivery(tx: Repositories, { notifier, room, row, eventId, event, raw, now }: Delivery): Promise<Outcome> {
  let known = learnt.get(tx);
  if (!known) learnt.set(tx, (known = { full: outboxFull(tx, room), waiting: new Set() }));
  const applyNow = !known.waiting.has(row.id) && !(await known.full) && (await chatHasRoom(tx, row, room));
  if (!(await tx.webhooks.recordEvent(row.id, { eventId, type: event.type, payload: raw, applied: applyNow }, now))) return "duplicate";
  if (!applyNow) {
    known.waiting.add(row.id);
    return "waiting";
  }
  await applyEvent(tx, notifier, { endpoint: row, eventId, event, receivedAt: now });
  return "applied";
}

/** The receiver as a raw POST route for every path under /hooks/. */
export function receiverRoute(deps: ReceiverDeps): RawPostRoute {
  // Deliveries in the same loop turn share one commit (each still whole: event + notice + stamps).
  // One group per store: tests swap stores on restart.
  const groups = new WeakMap<Store, GroupCommit<Delivery, Outcome>>();
  const commit = (store: Store, delivery: Delivery) => {
    let group = groups.get(store);
    if (!group) {
      group = store.groupCommit(applyDelivery);
      groups.set(store, group);
    }
    return group(delivery);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const limit = deps.signature.maxBodyBytes;
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return answer(res, 413, answers.tooLarge, true);

    const token = routeTokenOf(req.url ?? "");
    const store = deps.store;
    const row = ROUTE_TOKEN.test(token) ? await store.webhooks.routeFor(token) : undefined;
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

    const outcome = await commit(store, { notifier: deps.notifier, room: deps.room, row, eventId, event, raw, now });
    if (deps.logger.isLevelEnabled("debug")) deps.logger.debug({ endpoint: row.id, type: event.type, outcome }, "webhook event");
    answer(res, 200, outcome === "duplicate" ? answers.duplicate : answers.ok);
  }

  // an outage refuses every delivery alike: one error when it begins, a count, one line when it ends
  const outage = createOutageLog(deps.logger, "webhook receiver");

  return {
    path: PREFIX,
    handle: async (req, res) => {
      try {
        await handle(req, res);
        outage.succeeded();
      } catch (err) {
        // Our own failure (database, sealing): a 5xx makes the marketplace deliver again later.
        if (err instanceof StoreClosedError) return answer(res, 503, answers.shuttingDown);
        outage.failed(err);
        answer(res, 500, answers.internal);
      }
    },
  };
}
