/**
 * The Telegram update inbox: an update is recorded (durably, with the others of the same loop turn)
 * and its webhook answered at once; it is handled from there, so a slow Bot API or marketplace call
 * never holds one of Telegram's webhook connections.
 *
 * - Order: one chat's updates run one at a time, in update_id order (dispatcher.ts). On PostgreSQL
 *   a chat is handled by one replica at a time, the holder of its lease (chat_leases), taken in the
 *   transaction that records the update: the replica that receives an update for a chat nobody holds
 *   handles it at once. An update for a chat another replica holds is recorded and left to it; the
 *   holder looks for such updates before each next update of the chat and before letting it go.
 * - Nothing lost: a process that dies leaves its updates recorded and unhandled. Every process looks
 *   for waiting updates of chats nobody holds each `sweepMs` (on start too), so after a kill -9 they
 *   are handled by another replica once the dead one's leases lapse (`leaseMs`), or after a restart.
 *   An update that was being handled at the crash runs again: purchases stay single through the order
 *   intent and its Idempotency-Key; at most that update's messages repeat. On SQLite so does one
 *   handled in the last `markWaitMs` (its mark waits to share the next update's commit).
 * - Bounded: past `maxBacklog` updates waiting here, the webhook is refused (Telegram delivers again).
 * - At once (SQLite): an update new to the database (its id above every id recorded before this
 *   process began and every id it has received since: Telegram's ids only grow) starts being handled
 *   as it arrives, while its record waits up to `commitWindowMs` to share one commit with the others
 *   arriving meanwhile; its webhook is answered after that commit. Any other update (a delivery
 *   again, one overtaken on the way) is recorded first, and its record does not wait. A kill -9
 *   before the commit leaves the webhook unanswered, so Telegram delivers the update again and it
 *   runs again, as one being handled at a crash does. Only while the database answers: after a failed
 *   commit updates wait for their record again, until one succeeds. An update that ran here before
 *   its record failed (answered 500) is recorded as handled when Telegram delivers it again, not run
 *   twice (within the last HANDLED_KEPT handled here; after a restart it runs again).
 */
import type { Update } from "grammy/types";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { InboxEntry } from "../store/update-inbox.js";
import type { Store } from "../store/index.js";
import { createDispatcher } from "./dispatcher.js";
import { chatKeyOf } from "./chat-key.js";
import { turnBatch } from "./turn-batch.js";
import { createOutageLog } from "../store/outage-log.js";

export type InboxStore = Pick<Store, "transaction" | "updates" | "chatLeases" | "dialect">;

export interface InboxSettings {
  /** Updates waiting here past which a webhook is refused. */
  maxBacklog: number;
  /** Chats handled at once. */
  concurrency: number;
  /** How long a chat's lease lasts unless renewed (PostgreSQL). */
  leaseMs?: number;
  /** How often waiting updates nobody holds are looked for, and leases renewed. */
  sweepMs?: number;
  /** How often a backlog is logged while there is one. */
  reportMs?: number;
  /** SQLite: how long a handled mark waits to share the commit of the next update recorded. */
  markWaitMs?: number;
  /** SQLite: how long the records of updates handled at once gather to share one commit (0: a turn of the loop). */
  commitWindowMs?: number;
}

export interface InboxDeps {
  store: InboxStore;
  /** Runs an update through the bot; never rejects. */
  handle: (update: Update) => Promise<void>;
  /** A tap in a chat busy for `busyForMs` may run beside the update in hand (the bot answers it at once). */
  overtakes?: (update: Update, busyForMs: number) => boolean;
  logger: Logger;
  /** This process's name in chat_leases (unique per start). */
  owner: string;
  /** Told of each update handled and how long its handling took (the operator's metrics). */
  observe?: (update: Update, seconds: number) => void;
  now?: () => number;
}

export type Received = "recorded" | "duplicate" | "full";

export interface Inbox {
  /**
   * Records the update (`json`: its JSON as received, kept as is); resolves once it is durably
   * recorded (then the webhook may be answered). Rejects when the store fails.
   */
  receive(update: Update, json?: string): Promise<Received>;
  /** Starts handling: what waits from before, then everything that arrives; resolves after the first look at what waits. */
  start(): Promise<void>;
  /** Stops starting updates, waits up to `drainMs` for those running, then lets every chat go. */
  stop(drainMs: number): Promise<void>;
  /** Updates waiting or running here, and the oldest one's wait. */
  load(): { updates: number; oldestWaitMs: number };
}

type Recorded = "mine" | "theirs" | "duplicate";

/** What the inbox writes: an update arriving (`atOnce`: already being handled), or one handled. */
type InboxWrite = { kind: "record"; entry: InboxEntry; atOnce: boolean } | { kind: "handled"; updateId: number };

/** Update ids this process remembers having handled (see `handledHere`): ten seconds of updates at 1,000/s, far longer than a query takes. */
const HANDLED_KEPT = 10_000;

/** A backlog is logged as a warning once its oldest update has waited this long. */
const BACKLOG_WARN_MS = 2_000;

/**
 * How long, by default, the records of updates handled at once gather for one commit: at 300
 * updates/s seven share it instead of one each (a commit is most of the inbox's cost per update;
 * 10 ms gathered three). The webhook answer waits that long; the reply does not. Busier, a window
 * is full (WINDOW_FULL_AT) before its time is up.
 */
const COMMIT_WINDOW_MS = 25;
/** A window's batch goes at once with this many writes: a busy inbox has company without waiting (40 webhook connections would otherwise wait out every window). */
const WINDOW_FULL_AT = 16;

export function createInbox(deps: InboxDeps, settings: InboxSettings): Inbox {
  const { store, logger, owner } = deps;
  const now = deps.now ?? Date.now;
  const shared = store.dialect === "pg";
  const leaseMs = settings.leaseMs ?? 3_000;
  const sweepMs = settings.sweepMs ?? 1_000;
  const reportMs = settings.reportMs ?? 10_000;
  const markWaitMs = settings.markWaitMs ?? 50;
  const commitWindowMs = settings.commitWindowMs ?? COMMIT_WINDOW_MS;
  /** SQLite: the highest update id recorded before this process began or received since (unknown until read): only higher ones may run at once. */
  let highestSeen: number | undefined;
  /** Updates running at once whose record is under way: in the dispatcher and in `recording` both, counted once for the backlog. */
  let atOnceRecording = 0;
  /** The last inbox write succeeded: updates may run before their record commits. */
  let healthy = true;
  /** Chats whose lease this process holds (PostgreSQL). */
  const leased = new Set<string>();
  /** Being handled here (a tap beside its chat's update included), then handled and not yet recorded so: never offered again meanwhile. */
  const inHand = new Set<number>();
  const unsettled = new Set<number>();
  /**
   * Handled here lately (the last HANDLED_KEPT ids), mark written or not: a query for a chat's
   * waiting updates that began before a mark committed still returns that update after it, when it
   * is no longer unsettled, and it must not run here again.
   */
  const handledHere = new Set<number>();
  /** Ids being recorded now: a redelivery in the same moment is a duplicate. */
  const recording = new Set<number>();
  /** Per chat, the handled marks not yet committed (the chat is let go only after all of them). */
  const marks = new Map<string, Set<Promise<void>>>();
  let started = false;
  let stopped = false;
  let timers: NodeJS.Timeout[] = [];
  let lastReport = 0;
  // the inbox's own writes (handled marks, leases, the sweep) while the database is down: one line per outage
  const background = createOutageLog(logger, "update inbox (handled marks, leases, the sweep for waiting updates)");

  // The inbox's writes of one event-loop turn (updates arriving, updates handled) share one commit:
  // under load that is one transaction for both instead of one each. A batch that begins with the
  // record of an update handled at once gathers for `commitWindowMs` instead of one turn.
  const write = turnBatch<InboxWrite, Recorded | undefined>(
    async (writes) => {
      const entries = writes.flatMap((w) => (w.kind === "record" ? [w.entry] : []));
      const handled = writes.flatMap((w) => (w.kind === "handled" ? [w.updateId] : []));
      let written: { fresh: Set<number>; taken?: Set<string> };
      try {
        written = await store.transaction(
          async (tx) => {
            // records first: an update handled at once may be marked in the batch that records it
            const fresh = await tx.updates.record(entries, now());
            await tx.updates.markHandled(handled, now());
            const chats = shared ? entries.filter((e) => fresh.has(e.updateId)).map((e) => e.chatKey) : [];
            return { fresh, taken: chats.length > 0 ? await tx.chatLeases.take(chats, owner, leaseMs) : undefined };
          },
          // On SQLite a record survives a crash of the process (WAL, synchronous = NORMAL), not a power
          // cut: an fsync would block the one thread every update shares for each batch (~2 ms). On
          // PostgreSQL every commit is durable.
          { durable: false },
        );
      } catch (err) {
        healthy = false;
        throw err;
      }
      healthy = true;
      const { fresh, taken } = written;
      for (const chat of taken ?? []) leased.add(chat);
      return writes.map((w) =>
        w.kind === "handled" ? undefined : !fresh.has(w.entry.updateId) ? "duplicate" : !shared || taken?.has(w.entry.chatKey) ? "mine" : "theirs",
      );
    },
    {
      windowMs: (first) => (first.kind === "record" && first.atOnce ? commitWindowMs : 0),
      // a record whose update waits for it (not running at once) does not wait out a window either
      goesNow: (write, gathered) => gathered >= WINDOW_FULL_AT || (write.kind === "record" && !write.atOnce),
    },
  );
  const markNow = async (updateId: number): Promise<void> => void (await write({ kind: "handled", updateId }));

  // SQLite: a handled mark waits up to `markWaitMs` for the next update to arrive and shares its
  // commit, so that under load an update costs one transaction, not two. A kill -9 within that
  // moment leaves the mark unwritten and the update runs again after the restart, as one being
  // handled at the crash does. On PostgreSQL a chat's lease is let go only after its marks: at once.
  const late: Array<{ updateId: number; done: () => void; failed: (err: unknown) => void }> = [];
  let lateTimer: NodeJS.Timeout | undefined;
  const writeLate = (): void => {
    clearTimeout(lateTimer);
    lateTimer = undefined;
    for (const mark of late.splice(0)) markNow(mark.updateId).then(mark.done, mark.failed);
  };
  const markHandled = (updateId: number): Promise<void> =>
    shared
      ? markNow(updateId)
      : new Promise((done, failed) => {
          late.push({ updateId, done, failed });
          lateTimer ??= setTimeout(writeLate, markWaitMs).unref();
        });
  const record = async (entry: InboxEntry, atOnce = false): Promise<Recorded> => {
    const recorded = write({ kind: "record", entry, atOnce });
    writeLate(); // the marks waiting for company join the record's batch (and its window)
    return (await recorded)!;
  };

  /** May `update` run before its record commits? See the header: SQLite, a healthy database, an id new to it. */
  const runsAtOnce = (update: Update, chatKey: string): boolean =>
    !shared &&
    started &&
    healthy &&
    highestSeen !== undefined &&
    update.update_id > highestSeen &&
    // (received before the highest id was read at start, and running: a tap beside its chat's update)
    !inHand.has(update.update_id) &&
    // a record under way for the chat (an earlier update) keeps its place in the chat's order
    !dispatcher.expecting(chatKey);
  /** Ran here, or running: an update delivered again after its record failed, not to run again. */
  const ranHere = (updateId: number): boolean => inHand.has(updateId) || handledHere.has(updateId);

  const releaseIdle = turnBatch<string, boolean>(async (chats) => {
    const kept = new Set(await store.transaction((tx) => tx.chatLeases.releaseIdle(chats, owner)));
    return chats.map((chat) => !kept.has(chat));
  });

  const parse = (entries: InboxEntry[]): Update[] =>
    entries.filter((e) => !unsettled.has(e.updateId) && !inHand.has(e.updateId) && !handledHere.has(e.updateId)).map((e) => JSON.parse(e.payload) as Update);

  /** Takes the leases of `chats` (PostgreSQL); the ones this process may handle. */
  async function take(chats: string[]): Promise<string[]> {
    if (!shared) return chats;
    const taken = await store.transaction((tx) => tx.chatLeases.take(chats, owner, leaseMs));
    for (const chat of taken) leased.add(chat);
    return chats.filter((c) => taken.has(c));
  }

  /** Records `update` as handled, again later if the store fails (it is not offered again meanwhile). */
  function settle(update: Update, chatKey: string): void {
    unsettled.add(update.update_id);
    inHand.delete(update.update_id);
    handledHere.add(update.update_id);
    if (handledHere.size > HANDLED_KEPT) handledHere.delete(handledHere.values().next().value!);
    const mark = (async () => {
      for (;;) {
        try {
          await markHandled(update.update_id);
          unsettled.delete(update.update_id);
          return;
        } catch (err) {
          if (stopped) return;
          background.failed(err);
          await new Promise((resolve) => setTimeout(resolve, sweepMs));
        }
      }
    })();
    let pending = marks.get(chatKey);
    if (!pending) marks.set(chatKey, (pending = new Set()));
    pending.add(mark);
    void mark.finally(() => {
      pending.delete(mark);
      if (pending.size === 0 && marks.get(chatKey) === pending) marks.delete(chatKey);
    });
  }

  const dispatcher = createDispatcher(
    {
      handle: async (update) => {
        inHand.add(update.update_id);
        const started = performance.now();
        await deps.handle(update);
        deps.observe?.(update, (performance.now() - started) / 1000);
      },
      handled: (update) => settle(update, chatKeyOf(update)),
      overtakes: (update, busyForMs) => deps.overtakes?.(update, busyForMs) ?? false,
      async drained(chatKey) {
        if (!shared || !leased.has(chatKey)) return { kind: "released" };
        await Promise.all([...(marks.get(chatKey) ?? [])]);
        if (await releaseIdle(chatKey)) {
          leased.delete(chatKey);
          return { kind: "released" };
        }
        // an update recorded elsewhere waits for this chat (or the lease is gone)
        if ((await take([chatKey])).length === 0) {
          leased.delete(chatKey);
          return { kind: "lost" };
        }
        return { kind: "kept", updates: parse(await store.updates.waiting([chatKey])) };
      },
      async retake(chatKey) {
        return (await take([chatKey])).length > 0;
      },
      async refill(chatKey) {
        return shared ? parse(await store.updates.waiting([chatKey])) : [];
      },
    },
    { concurrency: settings.concurrency, now, retryMs: sweepMs },
  );

  /** Waiting updates of chats nobody (alive) holds: taken and handled here. */
  async function sweep(): Promise<void> {
    const chats = (await store.updates.chatsWaiting(200)).filter((c) => !dispatcher.holds(c));
    if (chats.length === 0) return;
    const mine = await take(chats);
    if (mine.length === 0) return;
    const byChat = new Map<string, Update[]>(mine.map((c) => [c, []]));
    for (const entry of await store.updates.waiting(mine)) byChat.get(entry.chatKey)?.push(...parse([entry]));
    for (const [chat, updates] of byChat) dispatcher.enqueue(chat, updates);
  }

  async function renew(): Promise<void> {
    if (!shared || leased.size === 0) return;
    // a lease this process holds for a chat it no longer handles would keep the chat from everyone
    // (offered to the dispatcher with nothing new, it lets the chat go, or takes what waits for it)
    for (const chat of leased) if (!dispatcher.holds(chat) && !marks.has(chat)) dispatcher.enqueue(chat, []);
    const held = await store.transaction((tx) => tx.chatLeases.renew(leased, owner, leaseMs));
    for (const chat of [...leased]) {
      if (held.has(chat)) continue;
      leased.delete(chat);
      dispatcher.drop(chat);
      logger.warn({ chat }, "inbox: a chat's lease lapsed; another replica handles it now");
    }
  }

  function report(): void {
    const load = dispatcher.load();
    if (load.updates === 0 || now() - lastReport < reportMs) return;
    lastReport = now();
    // a backlog whose oldest update has waited for seconds is one people notice
    const level = load.oldestWaitMs >= BACKLOG_WARN_MS ? "warn" : "info";
    logger[level]({ waiting: load.updates, oldestWaitMs: load.oldestWaitMs }, "inbox backlog");
  }

  async function tick(): Promise<void> {
    try {
      if (!shared && highestSeen === undefined) highestSeen = await store.updates.highestId();
      await renew();
      await sweep();
      background.succeeded();
    } catch (err) {
      background.failed(err);
    }
    report();
  }

  /**
   * Records `update` and hands it to the dispatcher: at once (runsAtOnce), once recorded if this
   * process handles its chat, or not at all (a duplicate, another replica's chat, or handled here
   * already while the database was down: its webhook was answered 500, so it is recorded as handled).
   */
  async function recordAndHand(update: Update, entry: InboxEntry): Promise<Recorded> {
    const id = update.update_id;
    if (!shared && handledHere.has(id)) return (await Promise.all([record(entry), markNow(id)]))[0];
    if (runsAtOnce(update, entry.chatKey)) {
      highestSeen = id;
      dispatcher.enqueue(entry.chatKey, [update]);
      atOnceRecording++;
      try {
        return await record(entry, true);
      } finally {
        atOnceRecording--;
      }
    }
    if (highestSeen !== undefined && id > highestSeen) highestSeen = id;
    const dispatching = started;
    if (dispatching) dispatcher.expect(entry.chatKey);
    let outcome: Recorded | undefined;
    try {
      outcome = await record(entry);
      return outcome;
    } finally {
      // One that ran here before its first record failed is not run again: running when this record
      // began, its handled mark is asked for after it, so it commits with it or after it.
      if (dispatching) dispatcher.arrived(entry.chatKey, outcome === "mine" && !ranHere(id) ? update : undefined);
    }
  }

  return {
    async receive(update, json) {
      if (stopped) throw new InboxStoppedError();
      if (recording.has(update.update_id)) return "duplicate";
      if (dispatcher.size() + recording.size - atOnceRecording >= settings.maxBacklog) return "full";
      const entry: InboxEntry = { updateId: update.update_id, chatKey: chatKeyOf(update), payload: json ?? JSON.stringify(update) };
      recording.add(update.update_id);
      try {
        return (await recordAndHand(update, entry)) === "duplicate" ? "duplicate" : "recorded";
      } finally {
        recording.delete(update.update_id);
      }
    },
    start() {
      if (started) return Promise.resolve();
      started = true;
      const timer = setInterval(() => void tick(), sweepMs);
      timer.unref();
      timers.push(timer);
      return tick();
    },
    async stop(drainMs) {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      dispatcher.pause();
      await dispatcher.idle(drainMs);
      writeLate();
      await Promise.allSettled([...marks.values()].flatMap((pending) => [...pending]));
      if (shared && leased.size > 0) {
        await store.transaction((tx) => tx.chatLeases.releaseAll(owner)).catch((err: unknown) => logger.warn({ err: errorFields(err) }, "inbox: could not let go of the chats at shutdown; their leases lapse"));
        leased.clear();
      }
    },
    load: () => dispatcher.load(),
  };
}

/** The inbox is stopping: the webhook answers 503 and Telegram delivers the update again. */
export class InboxStoppedError extends Error {
  constructor() {
    super("the update inbox is stopping");
    this.name = "InboxStoppedError";
  }
}
