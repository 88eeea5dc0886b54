import type { BotContext } from "../../context.js";
import { Composer } from "grammy";
import { FlowCancel } from "../../flow/flow-message.js";
import { showView } from "../../ui/view.js";
import { isOwnInlineResult } from "../../ui/own-inline-result.js";

/** Last in line: stray button taps and messages nobody handled point to /help. */
export const fallbackFeature = new Composer<BotContext>();

// Cancel on a flow's message once the flow itself is gone (a restart, a timeout; a live flow takes
// its own Cancel first): say so there.
fallbackFeature.callbackQuery(FlowCancel.pattern, async (ctx) => {
  await showView(ctx, { text: ctx.t("cancel-done") });
});

fallbackFeature.on("callback_query", async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t("fallback-button"), show_alert: false });
});

fallbackFeature.chatType("private").on("message", async (ctx) => {
  // the bot's own inline result, posted by the user, asks nothing
  if (isOwnInlineResult(ctx)) return;
  await ctx.reply(ctx.t("fallback-message"));
});
