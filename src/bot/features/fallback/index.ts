import type { BotContext } from "../../context.js";
import { Composer } from "grammy";

/** Last in line: stray button taps and messages nobody handled point to /help. */
export const fallbackFeature = new Composer<BotContext>();

fallbackFeature.on("callback_query", async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t("fallback-button"), show_alert: false });
});

fallbackFeature.chatType("private").on("message", async (ctx) => {
  await ctx.reply(ctx.t("fallback-message"));
});
