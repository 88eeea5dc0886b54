/**
 * The paced sender of the outbox. It owns its pacing and retries, so it talks to Telegram through a
 * raw `Api` with the HTML transformer and WITHOUT auto-retry (see `createSenderApi`).
 *
 * - Pacing: at most `globalPerSecond` sends in any second (a sliding window, stricter than a token
 *   bucket's burst) and one send per chat per `perChatIntervalMs`, both counted from Telegram's
 *   answers; per chat only the oldest pending notice is claimable and one is in flight at a time,
 *   so each chat's notices arrive in order.
 * - Leases: due rows are claimed with a lease under the sender's owner id. The row is marked sent as
 *   soon as the API call returns; a process killed between the two leaves it leased, and the next
 *   sender to start releases every lease not its own and sends those rows again at once. So a notice
 *   in flight at a crash may arrive twice (the Bot API has no idempotency key), never zero times.
 * - Edits: a row with `editMessageId` edits that message (an order card brought up to date) instead
 *   of sending; "message is not modified" counts as done, a message gone is a 400 (dead). A row with
 *   `replyToMessageId` is sent as a reply to that message (the order card a fill notice is about).
 * - Fencing (PostgreSQL): the leader's sender runs under its term. Rows are claimed only while the
 *   term holds the leader's lease (the database checks it in the claim), and a claimed row is sent
 *   only while the term is still valid by this process's clock: a leader frozen or cut off that wakes
 *   up after another replica took over sends nothing it had not already handed to Telegram.
 * - Files: a row with a file (store/outbox.ts `file`) is sent with sendPhoto or sendDocument, its
 *   text as the caption, under the same pace, lease and retries (the bytes are uploaded on each try).
 * - Paid broadcasts: a row flagged `paidBroadcast` (an operator's announcement with
 *   ANNOUNCE_PAID_BROADCAST) is sent with allow_paid_broadcast, which Telegram lets past the ~30/s
 *   limit (up to 1000/s, for Stars): with `paidPerSecond` set those rows have a window of their own
 *   and are claimed apart from the others; the per-chat pace is the same. Ordinary notices are never paid.
 * - Failures: 429 → due again after retry_after, and the whole sender pauses that long; 403 → the
 *   user is marked blocked and the chat's pending notices become `blocked`; 400 → `dead` with the
 *   error (never looped); 5xx, network and anything else → exponential backoff with a cap, never dropped.
 */
import { randomUUID } from "node:crypto";
import { Api, GrammyError, InputFile } from "grammy";
import type { Store } from "../store/index.js";
import { fileOf, type OutboxRow } from "../store/outbox.js";
import type { LeaderTerm } from "../cluster/leader.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import { createOutageLog } from "../store/outage-log.js";
import { htmlByDefault } from "../telegram/api-transformers.js";
import type { BotApiFetch } from "../telegram/bot-api-http.js";
import { isNotModified } from "../telegram/not-modified.js";
import type { NoticeChatGuard } from "./notice-chats.js";

export interface SenderOptions {
  /** Read on every use (tests swap the store on restart). */
  readonly store: Store;
  api: Api;
  logger: Logger;
  now?: () => number;
  /** Who holds this sender's leases (the replica's instance id); default: unique per process. */
  owner?: string;
  /** Sends in any 1 s window, all chats together (Telegram: about 30). */
  globalPerSecond?: number;
  /**
   * Paid-broadcast sends in any 1 s window (Telegram: up to 1000), counted apart from `globalPerSecond`
   * (set with ANNOUNCE_PAID_BROADCAST). Unset: one lane for every row, paid ones at the ordinary pace.
   */
  paidPerSecond?: number;
  /** Minimum gap between two sends to one chat (Telegram: about 1 s). */
  perChatIntervalMs?: number;
  /** Added to both windows: our clock and Telegram's see a request at slightly different times. */
  marginMs?: number;
  leaseMs?: number;
  /** Longest sleep when there is nothing to send (enqueue wakes the sender earlier). */
  idleMs?: number;
  backoff?: { baseMs?: number; maxMs?: number };
  /** Told of each outcome as it is counted (the operator's metrics). */
  observe?: (outcome: keyof SenderFigures, count: number) => void;
  /** The checks around a notice for a user's group or channel (notice-chats.ts): rights before, fallback on refusal. */
  noticeChats?: NoticeChatGuard;
}

export interface SenderFigures {
  sent: number;
  /** 5xx / network failures rescheduled with backoff. */
  retried: number;
  /** 429 answers. */
  rateLimited: number;
  blocked: number;
  dead: number;
}

/** A Bot API client for the sender: HTML by default, no auto-retry (the sender paces and retries itself). */
export function createSenderApi(token: string, apiRoot?: string, fetch?: BotApiFetch): Api {
  const api = new Api(token, { ...(apiRoot ? { apiRoot } : {}), ...(fetch ? { fetch } : {}) });
  api.config.use(htmlByDefault);
  return api;
}

export function createSender(options: SenderOptions) {
  const clock = options.now ?? Date.now;
  const owner = options.owner ?? `sender-${process.pid}-${randomUUID()}`;
  const globalPerSecond = options.globalPerSecond ?? 30;
  const perChatIntervalMs = options.perChatIntervalMs ?? 1000;
  const marginMs = options.marginMs ?? 30;
  const leaseMs = options.leaseMs ?? 30_000;
  const idleMs = options.idleMs ?? 500;
  const backoffBase = options.backoff?.baseMs ?? 1000;
  const backoffMax = options.backoff?.maxMs ?? 300_000;
  const log = options.logger;

  // the outbox read fails every pass while the database is out of reach: one line for the outage, not one a pass
  const outage = createOutageLog(log, "notice sender");
  const figures: SenderFigures = { sent: 0, retried: 0, rateLimited: 0, blocked: 0, dead: 0 };
  const inFlight = new Map<number, { chatId: number; done: Promise<void> }>();
  const lastSendToChat = new Map<number, number>();
  // Recent sends, per lane (ordinary and paid broadcast): while in flight `at` is the start; once
  // answered, the answer's time. Counting from the answer keeps the windows true at Telegram's end
  // too, whatever the latency.
  type Lane = { paidBroadcast?: boolean; perSecond: number; window: Array<{ at: number; done: boolean }> };
  const lanes: Lane[] = options.paidPerSecond
    ? [
        { paidBroadcast: false, perSecond: globalPerSecond, window: [] },
        { paidBroadcast: true, perSecond: options.paidPerSecond, window: [] },
      ]
    : [{ perSecond: globalPerSecond, window: [] }];
  let pausedUntil = 0;
  let term: LeaderTerm | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false; // a wake() that came while the loop was not sleeping

  function wake(): void {
    if (wakeUp) wakeUp();
    else woken = true;
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(1, ms));
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function send(row: OutboxRow): Promise<void> {
    const store = options.store;
    // the term ended since the claim: the row stays leased until the next leader releases it
    if (term && !term.valid()) return;
    try {
      // a user's group or channel: both still administrators there? else it falls back to the private chat
      if (options.noticeChats && !(await options.noticeChats.beforeSend(row, owner))) return;
    } catch (err) {
      // the lease runs out and the row is tried again
      log.error({ err: errorFields(err), outboxId: row.id }, "could not check a notice chat before sending");
      return;
    }
    try {
      const markup = row.replyMarkup ? { reply_markup: JSON.parse(row.replyMarkup) as never } : {};
      const extra = row.paidBroadcast ? { ...markup, allow_paid_broadcast: true } : markup;
      const file = fileOf(row);
      // a file (a statement's chart or CSV): uploaded again on each try, from the bytes the row keeps
      if (file) {
        const caption = row.text === "" ? {} : { caption: row.text };
        if (file.kind === "photo") await options.api.sendPhoto(row.chatId, new InputFile(file.bytes, file.name), { ...extra, ...caption });
        else await options.api.sendDocument(row.chatId, new InputFile(file.bytes, file.name), { ...extra, ...caption });
      } else if (row.editMessageId !== null) await options.api.editMessageText(row.chatId, row.editMessageId, row.text, markup);
      else if (row.replyToMessageId === null) await options.api.sendMessage(row.chatId, row.text, extra);
      // a reply to a message the user deleted is still sent, without the quote
      else await options.api.sendMessage(row.chatId, row.text, { ...extra, reply_parameters: { message_id: row.replyToMessageId, allow_sending_without_reply: true } });
    } catch (err) {
      // an edit that changes nothing is done; any other refusal is handled like a send's
      if (!(row.editMessageId !== null && isNotModified(err))) {
        await failed(row, err);
        return;
      }
    }
    try {
      await store.outbox.markSent(row.id, owner, clock());
      count("sent");
      await options.noticeChats?.afterSent(row);
    } catch (err) {
      log.error({ err: errorFields(err), outboxId: row.id }, "notice sent but not marked sent");
    }
  }

  function count(outcome: keyof SenderFigures, n = 1): void {
    figures[outcome] += n;
    options.observe?.(outcome, n);
  }

  async function failed(row: OutboxRow, err: unknown): Promise<void> {
    const store = options.store;
    const now = clock();
    const description = err instanceof GrammyError ? err.description : err instanceof Error ? err.message : String(err);
    try {
      // a user's group or channel refused it: the bot lost the right there; the private chat gets it
      if (await options.noticeChats?.refused(row, owner, err)) return;
      if (err instanceof GrammyError && err.error_code === 429) {
        const at = now + Math.max(1, err.parameters.retry_after ?? 1) * 1000;
        pausedUntil = Math.max(pausedUntil, at);
        await store.outbox.retryAt(row.id, owner, at, description, false);
        count("rateLimited");
        log.warn({ retryAfter: err.parameters.retry_after }, "notice sender rate limited by Telegram");
      } else if (err instanceof GrammyError && err.error_code === 403) {
        await store.users.setBlockedByChat(row.chatId, true);
        count("blocked", await store.outbox.blockChat(row.chatId, description));
        log.info({ chatId: row.chatId }, "chat blocked the bot: its notices stop");
      } else if (err instanceof GrammyError && err.error_code === 400) {
        await store.outbox.markFailed(row.id, owner, description);
        count("dead");
        log.warn({ outboxId: row.id, description }, "notice refused by Telegram: dropped as dead");
      } else {
        const delay = Math.min(backoffMax, backoffBase * 2 ** Math.min(row.attempts, 20));
        await store.outbox.retryAt(row.id, owner, now + delay, description, true);
        count("retried");
        log.warn({ err: errorFields(err), outboxId: row.id, delayMs: delay }, "notice send failed: will retry");
      }
    } catch (storeErr) {
      // The lease runs out and the row is tried again: nothing is lost.
      log.error({ err: errorFields(storeErr), outboxId: row.id }, "could not record a failed notice send");
    }
  }

  /** Chats that must not get a message yet (in flight, or answered less than the interval ago), and how soon the first frees up. */
  function busyChats(now: number): { chats: number[]; freeIn: number } {
    const chats: number[] = [];
    let freeIn = Infinity;
    for (const [chatId, at] of lastSendToChat) {
      const wait = at + perChatIntervalMs + marginMs - now;
      if (wait <= 0) lastSendToChat.delete(chatId);
      else {
        chats.push(chatId);
        freeIn = Math.min(freeIn, wait);
      }
    }
    for (const { chatId } of inFlight.values()) chats.push(chatId);
    return { chats, freeIn };
  }

  async function run(): Promise<void> {
    while (running) {
      const now = clock();
      if (pausedUntil > now) {
        await sleep(pausedUntil - now);
        continue;
      }
      for (const lane of lanes) lane.window = lane.window.filter((e) => !e.done || e.at + 1000 + marginMs > now);
      const open = lanes.filter((lane) => lane.perSecond - lane.window.length > 0);
      if (open.length === 0) {
        const answered = lanes.flatMap((lane) => lane.window.filter((e) => e.done).map((e) => e.at + 1000 + marginMs - now));
        // All in flight: an answer wakes the loop.
        await sleep(answered.length > 0 ? Math.min(...answered) : idleMs);
        continue;
      }
      const busy = busyChats(now);
      const rows: Array<{ row: OutboxRow; window: Lane["window"] }> = [];
      try {
        const fence = term && { lease: term.lease, epoch: term.epoch };
        // a chat's rows are claimed one at a time whatever their lane (its oldest pending row only)
        for (const lane of open) {
          const claimed = await options.store.outbox.claim({ owner, limit: lane.perSecond - lane.window.length, leaseMs, skipChats: busy.chats, fence, paidBroadcast: lane.paidBroadcast });
          for (const row of claimed) rows.push({ row, window: lane.window });
        }
        outage.succeeded();
      } catch (err) {
        outage.failed(err);
        // rows one lane claimed before the other's claim failed are sent all the same
        if (rows.length === 0) {
          await sleep(idleMs);
          continue;
        }
      }
      if (rows.length === 0) {
        let delay = Math.min(idleMs, busy.freeIn);
        try {
          const due = await options.store.outbox.nextDueAt();
          if (due !== undefined && due > now) delay = Math.min(delay, due - now);
        } catch {
          // the next pass reports a broken store
        }
        await sleep(delay);
        continue;
      }
      for (const { row, window } of rows) {
        const slot = { at: now, done: false };
        window.push(slot);
        const done = send(row).finally(() => {
          slot.at = clock();
          slot.done = true;
          lastSendToChat.set(row.chatId, slot.at);
          inFlight.delete(row.id);
          wake();
        });
        inFlight.set(row.id, { chatId: row.chatId, done });
      }
    }
  }

  return {
    /** Who holds this sender's leases. */
    owner,
    /** Releases the leases of senders that are gone, then sends; under the leader's `leaderTerm` on PostgreSQL. */
    async start(leaderTerm?: LeaderTerm): Promise<void> {
      if (running) return;
      term = leaderTerm;
      running = true;
      const released = await options.store.outbox.releaseLeasesExcept(owner);
      if (released > 0) log.warn({ released }, "notices that a stopped process was sending are sent again (at least once)");
      loop = run();
    },
    /** Stops claiming, lets in-flight sends finish (and be marked), then resolves. */
    async stop(): Promise<void> {
      running = false;
      wake();
      await loop;
      await Promise.allSettled([...inFlight.values()].map((f) => f.done));
      loop = undefined;
    },
    /** A notice was enqueued: look now instead of after the idle sleep. */
    wake,
    /** For tests: resolves once nothing is pending or in flight (throws after `timeoutMs`). */
    async drain(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || (await options.store.outbox.pendingCount()) > 0) {
        if (Date.now() > deadline) {
          throw new Error(`sender.drain: ${await options.store.outbox.pendingCount()} pending, ${inFlight.size} in flight after ${timeoutMs} ms`);
        }
        wake();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    figures(): SenderFigures & { inFlight: number } {
      return { ...figures, inFlight: inFlight.size };
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
