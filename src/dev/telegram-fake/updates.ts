/**
 * The fake Bot API's updates waiting for the bot: the queue, the allowed_updates filter, and
 * getUpdates with its long poll (the webhook's side is webhook-delivery.ts).
 */
import type { Update } from "grammy/types";
import { ABORTED, ApiError, clone, getInt, type CallContext, type Json, type PendingPoll } from "./common.js";

const ALL_UPDATE_TYPES = [
  "message",
  "edited_message",
  "channel_post",
  "edited_channel_post",
  "business_connection",
  "business_message",
  "edited_business_message",
  "deleted_business_messages",
  "message_reaction",
  "message_reaction_count",
  "inline_query",
  "chosen_inline_result",
  "callback_query",
  "shipping_query",
  "pre_checkout_query",
  "purchased_paid_media",
  "poll",
  "poll_answer",
  "my_chat_member",
  "chat_member",
  "chat_join_request",
  "chat_boost",
  "removed_chat_boost",
];
/** Telegram's default when allowed_updates is empty/never set. */
const DEFAULT_ALLOWED: ReadonlySet<string> = new Set(
  ALL_UPDATE_TYPES.filter((t) => t !== "chat_member" && t !== "message_reaction" && t !== "message_reaction_count"),
);

function updateType(u: Update): string {
  return Object.keys(u).find((k) => k !== "update_id") ?? "";
}

export const WEBHOOK_CONFLICT = "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";

export interface Updates {
  /** Queues an update and returns its update_id. */
  push(partial: Json): number;
  /** The first update the bot may receive (drops those excluded by allowed_updates). */
  next(): Update | undefined;
  remove(update: Update): void;
  /** `pending` and `take` are plain functions, handed out by the FakeBotApi as they are. */
  pending: () => number;
  /** Removes and returns the updates waiting for delivery (for a caller-side deliverer). */
  take: () => Update[];
  /** drop_pending_updates. */
  drop(): void;
  /** The allowed_updates parameter of getUpdates or setWebhook, when given. */
  allow(value: unknown): void;
  /** The getUpdates method; `webhookActive` makes it a 409 as Telegram's. */
  getUpdates(p: Json, ctx: CallContext, webhookActive: boolean, stopped: boolean): Update[] | Promise<Update[] | typeof ABORTED>;
  /** Answers a waiting long poll if an update is now there for it. */
  wakePoll(): void;
  /** Ends a waiting long poll: with what is there, or with an error. */
  endPoll(outcome?: ApiError): void;
  polling(): boolean;
  reset(): void;
}

export function createUpdates(): Updates {
  let queue: Update[] = [];
  let nextUpdateId = 1001;
  let allowedUpdates: ReadonlySet<string> = DEFAULT_ALLOWED;
  let poll: PendingPoll | undefined;

  const allow = (value: unknown) => {
    if (Array.isArray(value)) allowedUpdates = value.length > 0 ? new Set(value.map(String)) : DEFAULT_ALLOWED;
  };

  /** Unconfirmed updates the bot may receive (drops those excluded by allowed_updates). */
  const collect = (limit: number): Update[] => {
    queue = queue.filter((u) => allowedUpdates.has(updateType(u)));
    return clone(queue.slice(0, limit));
  };

  return {
    push(partial) {
      const updateId = nextUpdateId++;
      queue.push({ update_id: updateId, ...partial });
      return updateId;
    },
    next() {
      queue = queue.filter((u) => allowedUpdates.has(updateType(u)));
      return queue[0];
    },
    remove(update) {
      const index = queue.indexOf(update);
      if (index >= 0) queue.splice(index, 1);
    },
    pending: () => queue.length,
    take() {
      const taken = queue.filter((u) => allowedUpdates.has(updateType(u)));
      queue = [];
      return taken;
    },
    drop() {
      queue = [];
    },
    allow,
    getUpdates(p, ctx, webhookActive, stopped) {
      if (webhookActive) throw new ApiError(409, WEBHOOK_CONFLICT);
      const offset = getInt(p, "offset") ?? 0;
      const limit = Math.min(100, Math.max(1, getInt(p, "limit") ?? 100));
      const timeoutRaw = Number(p.timeout ?? 0);
      const timeout = Number.isFinite(timeoutRaw) ? Math.min(50, Math.max(0, timeoutRaw)) : 0;
      allow(p.allowed_updates);
      if (offset > 0) queue = queue.filter((u) => u.update_id >= offset);
      else if (offset < 0) queue = queue.slice(offset);
      poll?.finish(new ApiError(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"));
      const ready = collect(limit);
      if (ready.length > 0 || timeout === 0 || stopped) return ready;
      return new Promise((resolve, reject) => {
        const waiting: PendingPoll = {
          limit,
          timer: setTimeout(() => waiting.finish(), timeout * 1000),
          finish: (outcome) => {
            if (poll !== waiting) return;
            poll = undefined;
            clearTimeout(waiting.timer);
            if (outcome === "aborted") resolve(ABORTED);
            else if (outcome) reject(outcome);
            else resolve(collect(limit));
          },
        };
        poll = waiting;
        ctx.onAbort(() => waiting.finish("aborted"));
      });
    },
    wakePoll() {
      if (poll && collect(poll.limit).length > 0) poll.finish();
    },
    endPoll(outcome) {
      poll?.finish(outcome);
    },
    polling: () => poll !== undefined,
    reset() {
      queue = [];
      allowedUpdates = DEFAULT_ALLOWED;
      // update_id keeps increasing so that a bot that is still polling (with a high offset) sees new updates.
    },
  };
}
