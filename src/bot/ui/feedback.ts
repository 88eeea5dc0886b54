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

export function signOfLife(afterMs = SIGN_OF_LIFE_MS): MiddlewareFn<Ctx> {
  return async (ctx, next) => {
    const timer = setTimeout(() => {
      const shown = ctx.callbackQuery
        ? ctx.answerCallbackQuery({ text: ctx.t("working") })
        : ctx.chat
          ? ctx.replyWithChatAction("typing")
          : Promise.resolve(true);
      shown.catch((err: unknown) => ctx.deps.logger.debug({ err }, "sign of life not shown"));
    }, afterMs);
    try {
      await next();
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * For a caller that sequences a chat's updates itself (the update inbox): a tap arriving while the
 * chat's update in hand has run longer than `afterMs` is handed over at once, beside it, so that
 * `tapsWhileBusy` answers it instead of leaving it queued behind a slow marketplace.
 */
export function tapOvertakes(update: Update, busyForMs: number, afterMs = SIGN_OF_LIFE_MS): boolean {
  return update.callback_query !== undefined && busyForMs > afterMs;
}

/** Before per-chat sequencing: `chatKey` is the key sequentialize uses. */
export function tapsWhileBusy(chatKey: (ctx: Context) => string | undefined, afterMs = SIGN_OF_LIFE_MS): MiddlewareFn<Ctx> {
  /** Per chat, when each update being handled started. */
  const running = new Map<string, number[]>();
  return async (ctx, next) => {
    const key = chatKey(ctx);
    if (key === undefined) return next();
    const started = running.get(key) ?? [];
    const now = Date.now();
    if (ctx.callbackQuery && started.some((at) => now - at > afterMs)) {
      await ctx.answerCallbackQuery({ text: ctx.t("still-working") }).catch((err: unknown) => ctx.deps.logger.debug({ err }, "still-working answer failed"));
      return;
    }
    started.push(now);
    running.set(key, started);
    try {
      await next();
    } finally {
      started.splice(started.indexOf(now), 1);
      if (started.length === 0) running.delete(key);
    }
  };
}
