/**
 * Events that wait for room in the outbox. Telegram takes at most 30 notices a second overall and
 * one a second per chat, so when notices already queue for longer than that, writing one more at
 * once only makes the marketplace wait longer for its 200 (and redeliver when it gives up). Then
 * the receiver stores the event durably, answers, and leaves applying it (its notice, its order
 * row and card: apply-event.ts) to this backlog, which the leader drains as the sender makes room:
 * each endpoint's events in the order they arrived, each applied once (marked in the transaction
 * that writes its notice), and those that waited through a crash applied when the leader starts.
 *
 * The outbox counts as full for a chat when `perChat` notices wait for it (about that many seconds
 * of its sends), and for everyone when `total` wait (that many ÷ 30 seconds). An event whose
 * endpoint has events waiting waits too, so nothing overtakes them.
 */
import { StoreClosedError } from "../store/errors.js";
import type { Repositories, Store } from "../store/index.js";
import type { WebhookEndpointRow } from "../store/webhooks.js";
import type { Notifier } from "../notices/notifier.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import { applyEvent } from "./apply-event.js";
import { parseEvent } from "./event-payload.js";

export interface OutboxRoom {
  total: number;
  perChat: number;
}

export const OUTBOX_ROOM: OutboxRoom = { total: 300, perChat: 10 };

/** The events applied in one drain at most (the next comes a second later). */
const DRAIN_BATCH = 200;
/** How often the leader looks for room while events wait (the sender does not report its sends). */
const DRAIN_EVERY_MS = 1_000;

/** Whether the whole outbox is full (once per receiver transaction: see receiver.ts). */
export function outboxFull(repos: Pick<Repositories, "outbox">, room: OutboxRoom): Promise<boolean> {
  return repos.outbox.holdsAtLeast(room.total);
}

/** How many more notices the user's chat has room for (`orElse` for a user without a chat). */
async function roomInChat(tx: Repositories, userId: number, room: OutboxRoom, orElse: number): Promise<number> {
  const recipient = await tx.outbox.recipient(userId);
  return recipient ? room.perChat - (await tx.outbox.pendingForChat(recipient.chatId, room.perChat)) : orElse;
}

/** Whether a new event of this endpoint may be applied now (the whole outbox known not to be full, none of the endpoint's events waiting). */
export async function chatHasRoom(tx: Repositories, endpoint: { userId: number }, room: OutboxRoom): Promise<boolean> {
  return (await roomInChat(tx, endpoint.userId, room, 1)) > 0;
}

export interface EventBacklogDeps {
  /** Read on every use (tests swap the store on restart). */
  readonly store: Store;
  notifier: Notifier;
  logger: Logger;
  now: () => number;
  room?: OutboxRoom;
  drainEveryMs?: number;
}

export interface EventBacklog {
  readonly room: OutboxRoom;
  /**
   * The leader's duty: drains at once (events that waited through a restart), then every second.
   * Nobody wakes it sooner: an event waits only while about ten seconds of notices queue ahead of it.
   */
  start(): Promise<() => Promise<void>>;
}

export function createEventBacklog(deps: EventBacklogDeps): EventBacklog {
  const room = deps.room ?? OUTBOX_ROOM;
  const log = deps.logger.child({ component: "event-backlog" });

  /**
   * One endpoint's waiting events, oldest first, as many as its chat has room for, in one
   * transaction: an event that cannot be applied holds up its own endpoint only (and is logged).
   */
  const drainEndpoint = (endpoint: Pick<WebhookEndpointRow, "id" | "userId">, limit: number) =>
    deps.store.transaction(async (tx) => {
      let applied = 0;
      for (const waiting of await tx.webhooks.waiting(endpoint.id, Math.min(await roomInChat(tx, endpoint.userId, room, limit), limit))) {
        // marked first, in the transaction that writes what it causes: once, even if two leaders overlap
        if (!(await tx.webhooks.markApplied(endpoint.id, waiting.eventId, deps.now()))) continue;
        applied++;
        const event = parseEvent(waiting.payload);
        if (event) await applyEvent(tx, deps.notifier, { endpoint, eventId: waiting.eventId, event, receivedAt: waiting.receivedAt });
        else log.warn({ endpoint: endpoint.id, eventId: waiting.eventId }, "a stored webhook event no longer parses; marked applied without a notice");
      }
      return applied;
    });

  const drain = async () => {
    let applied = 0;
    if (await outboxFull(deps.store, room)) return;
    for (const endpoint of await deps.store.webhooks.endpointsWithWaiting(DRAIN_BATCH)) {
      try {
        applied += await drainEndpoint(endpoint, DRAIN_BATCH - applied);
      } catch (err) {
        if (err instanceof StoreClosedError) throw err;
        log.error({ err: errorFields(err), endpoint: endpoint.id }, "applying a waiting webhook event failed; tried again in a second");
      }
      if (applied >= DRAIN_BATCH || (await outboxFull(deps.store, room))) return;
    }
  };

  return {
    room,
    start() {
      let running: Promise<void> | undefined;
      let draining = true;
      const tick = () => {
        if (running || !draining) return;
        running = drain()
          .catch((err: unknown) => {
            // a store closed under it (a shutdown that closes the store first) is no failure: the
            // events stay stored and are applied after the next start
            if (draining && !(err instanceof StoreClosedError)) log.error({ err: errorFields(err) }, "looking for waiting webhook events failed; tried again in a second");
          })
          .finally(() => (running = undefined));
      };
      tick();
      const timer = setInterval(tick, deps.drainEveryMs ?? DRAIN_EVERY_MS);
      timer.unref();
      return Promise.resolve(async () => {
        draining = false;
        clearInterval(timer);
        await running;
      });
    },
  };
}
