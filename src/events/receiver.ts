/**
 * The marketplace event receiver's storing side (the HTTP route is http/event-receiver.ts): a
 * verified delivery's event, its notice and the endpoint's stamps are written together in one
 * transaction (shared with the deliveries that arrive while the previous group commits: group
 * commit, on either engine; on PostgreSQL the events that wait are stored in two statements per
 * group), deduplicated by event id (a replay changes nothing), and committed before the answer.
 * When the outbox is full (backlog.ts), the event is stored without its notice and the backlog
 * applies it later.
 */
import { type Repositories, type Store } from "../store/index.js";
import type { Notifier } from "../notices/notifier.js";
import { applyEvent } from "./apply-event.js";
import { chatHasRoom, outboxFull, type OutboxRoom } from "./backlog.js";
import type { MarketplaceEvent } from "./event-payload.js";
import type { EndpointRoute, ReceivedEvent } from "../store/webhooks.js";
import { createBatchCommit } from "../store/group-commit.js";
import { createBatchRead, type BatchRead } from "../store/batch-read.js";

/** Where the marketplace delivers an endpoint's events (the route token names the endpoint). */
export const RECEIVER_PREFIX = "/hooks/";

export function receiverPath(routeToken: string): string {
  return `${RECEIVER_PREFIX}${routeToken}`;
}

/** One verified delivery, ready to store. */
export interface Delivery {
  notifier: Notifier;
  room: OutboxRoom;
  row: EndpointRoute;
  eventId: string;
  event: MarketplaceEvent;
  raw: string;
  now: number;
}

export type Outcome = "applied" | "waiting" | "duplicate";

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
export interface StorePaths {
  route: BatchRead<string, EndpointRoute>;
  commit: (delivery: Delivery) => Promise<Outcome>;
}

/**
 * Groups of the one-statement path committed at once on PostgreSQL: one. A group waits for the one
 * before it and so grows while it commits; three groups at once sent three times the statements
 * for the same events (`BENCH_ONLY=receiver`: 0.36-0.39 of bare node:http with one, 0.30-0.31 with three).
 */
const PG_GROUPS = 1;

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

/** Each store's paths, made on first use (tests swap stores on restart). */
export function deliveryPaths(): (store: Store) => StorePaths {
  const paths = new WeakMap<Store, StorePaths>();
  return (store) => {
    let found = paths.get(store);
    if (!found) paths.set(store, (found = storePaths(store)));
    return found;
  };
}
