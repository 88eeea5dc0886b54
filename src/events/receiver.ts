/**
 * The marketplace event receiver, POST /hooks/:token. In order: the declared body size (413), the
 * endpoint by route token (404), the body read up to the limit (413 past it), the signature over
 * the raw body with that endpoint's secret and the timestamp tolerance (401), the JSON (400); then
 * the event, its notice and the endpoint's stamps are written together in one transaction
 * (shared with the deliveries that arrive while the previous group commits: group commit, on either
 * engine; on PostgreSQL the events that wait are stored in two statements per group), deduplicated by event id (a
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
import type { EndpointRoute, ReceivedEvent } from "../store/webhooks.js";
import { readBodyUpTo } from "./read-body.js";
import { createBatchCommit } from "../store/group-commit.js";
import { createOutageLog, type OutageLog } from "../store/outage-log.js";
import { createBatchRead, type BatchRead } from "../store/batch-read.js";

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

/** A delivery's event as the store keeps it. */
const eventOf = (d: Delivery): ReceivedEvent => ({ rowId: d.row.id, eventId: d.eventId, type: d.event.type, payload: d.raw, at: d.now });

/**
 * Stores one group commit's deliveries, each with what it causes while the outbox has room for it.
 * Runs inside the group's transaction. First the events of endpoints with events waiting already
 * are stored to wait behind them: under load (the outbox takes about 30 notices a second) that is
 * every event, and on PostgreSQL one statement for the group. For the rest, whether the whole
 * outbox is full is asked once; an endpoint one of whose events has to wait (its chat out of room)
 * has its later events wait without asking again; a delivery that may be applied is stored and
 * applied on its own (its notice, order row and card: a few statements), the others stored together.
 */
async function applyDeliveries(tx: Repositories, batch: readonly Delivery[]): Promise<Outcome[]> {
  // endpoints with events waiting already: theirs wait behind them, whatever the room (under load, all of them)
  const behind = await tx.webhooks.recordBehindWaiting(batch.map(eventOf));
  const outcomes: Outcome[] = behind.map((b) => (b === "stored" ? "waiting" : "duplicate"));
  const free = batch.flatMap((delivery, index) => (behind[index] === "free" ? [{ index, delivery }] : []));
  if (free.length === 0) return outcomes;

  const full = await outboxFull(tx, free[0]!.delivery.room);
  const waiting = new Set<number>();
  const toWait: Array<{ index: number; delivery: Delivery }> = [];
  for (const { index, delivery } of free) {
    const { notifier, room, row, eventId, event: e, raw, now } = delivery;
    if (full || waiting.has(row.id) || !(await chatHasRoom(tx, row, room))) {
      waiting.add(row.id);
      toWait.push({ index, delivery });
      continue;
    }
    if (!(await tx.webhooks.recordEvent(row.id, { eventId, type: e.type, payload: raw, applied: true }, now))) {
      outcomes[index] = "duplicate";
      continue;
    }
    await applyEvent(tx, notifier, { endpoint: row, eventId, event: e, receivedAt: now });
    outcomes[index] = "applied";
  }
  const stored = await tx.webhooks.recordWaiting(toWait.map(({ delivery }) => eventOf(delivery)));
  for (const [i, { index }] of toWait.entries()) outcomes[index] = stored[i] ? "waiting" : "duplicate";
  return outcomes;
}

/** How a store's deliveries find their endpoint and are committed. */
interface StorePaths {
  route: BatchRead<string, EndpointRoute>;
  commit: (delivery: Delivery) => Promise<Outcome>;
}

/** Groups of the one-statement path committed at once on PostgreSQL (as Store.batchCommit's). */
const PG_GROUPS = 3;

/**
 * Deliveries that arrive while the previous groups commit share one commit (each still whole:
 * event + notice + stamps): `applyDeliveries` in the store's group commit. On PostgreSQL, where a
 * round trip is what a delivery costs, two more: the route lookups of one loop turn are one query,
 * and the events that must wait behind ones already waiting (every event, under load) are stored by
 * one statement per group that commits by itself, durably (PostgreSQL's synchronous commit), with
 * no transaction around it; only the others take the group commit's transaction.
 */
function storePaths(store: Store): StorePaths {
  const group = store.batchCommit(applyDeliveries);
  if (store.dialect !== "pg") return { route: (token) => store.webhooks.routeFor(token), commit: group };
  const behind = createBatchCommit<Store, Delivery, "stored" | "duplicate" | "free">(
    (fn) => fn(store),
    (s, batch) => s.webhooks.recordBehindWaiting(batch.map(eventOf)),
    { concurrency: PG_GROUPS },
  );
  return {
    route: createBatchRead((tokens) => store.webhooks.routesFor(tokens)),
    commit: async (delivery) => {
      const stored = await behind(delivery);
      return stored === "free" ? group(delivery) : stored === "stored" ? "waiting" : "duplicate";
    },
  };
}

/** The receiver as a raw POST route for every path under /hooks/. */
export function receiverRoute(deps: ReceiverDeps): RawPostRoute {
  // What each store's deliveries go through, made on first use (tests swap stores on restart).
  const paths = new WeakMap<Store, StorePaths>();
  const pathsFor = (store: Store): StorePaths => {
    let found = paths.get(store);
    if (!found) paths.set(store, (found = storePaths(store)));
    return found;
  };

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
