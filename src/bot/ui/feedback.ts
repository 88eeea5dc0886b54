/**
 * Feedback while the bot works, so nobody stares at a silent chat while the marketplace is slow:
 * - an update still being handled after `afterMs` gets a sign of life: a tap is answered with
 *   "working…", anything else shows "typing…" in the chat;
 * - a tap in a chat whose previous update has been running for longer than that (a slow marketplace)
 *   is answered at once ("still working on your last tap") and dropped, instead of waiting behind
 *   it: the first tap's action goes on and answers for itself. A tap behind an update that is about
 *   to finish just waits its turn as usual (per-chat sequencing), so quick taps keep working.
 *   (With a webhook, Telegram itself sends a chat's next update only when the last one is done.)
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Update } from "grammy/types";
import type { I18nFlavor } from "../i18n.js";
import type { DepsFlavor } from "../context.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

export const SIGN_OF_LIFE_MS = 700;

/** How often the updates in hand are looked at for a sign of life: it shows 700-800 ms in. */
const LOOK_EVERY_MS = 100;

interface InHand {
  ctx: Ctx;
  startedAt: number;
  shown: boolean;
}

function showSignOfLife(ctx: Ctx): void {
  const shown = ctx.callbackQuery
    ? ctx.answerCallbackQuery({ text: ctx.t("working") })
    : ctx.chat
      ? ctx.replyWithChatAction("typing")
      : Promise.resolve(true);
  shown.catch((err: unknown) => ctx.deps.logger.debug({ err }, "sign of life not shown"));
}

/**
 * Both kinds of feedback, in one step before per-chat sequencing (`chatKey` is the key the
 * sequencing uses). The updates in hand are kept per chat with when each arrived, and one timer
 * looks at them every LOOK_EVERY_MS while any is in hand: an update costs two map entries, not a
 * timer of its own and a middleware step per kind of feedback (issue 28). With polling, an update
 * waiting behind its chat's previous one counts as in hand.
 */
export function feedbackWhileWorking(chatKey: (ctx: Context) => string | undefined, afterMs = SIGN_OF_LIFE_MS): MiddlewareFn<Ctx> {
  /** Per chat, the updates in hand, oldest first. */
  const inHand = new Map<string, InHand[]>();
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    const due = Date.now() - afterMs;
    for (const updates of inHand.values()) {
      for (const update of updates) {
        if (update.startedAt > due) break;
        if (!update.shown) {
          update.shown = true;
          showSignOfLife(update.ctx);
        }
      }
    }
  };
  return async (ctx, next) => {
    const key = chatKey(ctx);
    if (key === undefined) return next();
    const now = Date.now();
    const updates = inHand.get(key);
    if (ctx.callbackQuery && updates !== undefined && now - updates[0]!.startedAt > afterMs) {
      await ctx.answerCallbackQuery({ text: ctx.t("still-working") }).catch((err: unknown) => ctx.deps.logger.debug({ err }, "still-working answer failed"));
      return;
    }
    const update: InHand = { ctx, startedAt: now, shown: false };
    if (updates) updates.push(update);
    else inHand.set(key, [update]);
    timer ??= setInterval(look, LOOK_EVERY_MS).unref();
    try {
      await next();
    } finally {
      const left = inHand.get(key)!;
      left.splice(left.indexOf(update), 1);
      if (left.length === 0) inHand.delete(key);
      if (inHand.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    }
  };
}

/**
 * For a caller that sequences a chat's updates itself (the update inbox): a tap arriving while the
 * chat's update in hand has run longer than `afterMs` is handed over at once, beside it, so that
 * `feedbackWhileWorking` answers it instead of leaving it queued behind a slow marketplace.
 */
export function tapOvertakes(update: Update, busyForMs: number, afterMs = SIGN_OF_LIFE_MS): boolean {
  return update.callback_query !== undefined && busyForMs > afterMs;
}
