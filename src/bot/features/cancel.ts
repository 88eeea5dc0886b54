import type { BotContext } from "../context.js";
import { BotComposer } from "../composer.js";
import { withConversations } from "../middlewares/chat-state.js";

/** /cancel leaves any conversation. Installed before the conversations so it always wins. */
export const cancelFeature = new BotComposer<BotContext>();

cancelFeature.install(withConversations);

cancelFeature.command("cancel", async (ctx) => {
  const active = Object.keys(ctx.conversation.active()).length > 0;
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t(active ? "cancel-done" : "cancel-nothing"), { reply_markup: { remove_keyboard: true } });
});
