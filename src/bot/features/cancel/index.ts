import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { FlowCancel } from "../../flow/flow-message.js";
import { showView } from "../../ui/view.js";
import { cancelOpenPreviews } from "../buy/index.js";

/** /cancel leaves any conversation and cancels open purchase previews. Installed before the features so it always wins. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.command("cancel", async (ctx) => {
  const active = Object.keys(ctx.conversation.active()).length > 0;
  await ctx.conversation.exitAll();
  const previews = await cancelOpenPreviews(ctx);
  await ctx.reply(ctx.t(active || previews > 0 ? "cancel-done" : "cancel-nothing"), { reply_markup: { remove_keyboard: true } });
});

// Cancel on a flow's message once the flow itself is gone (a restart, a timeout): say so there.
cancelFeature.callbackQuery(FlowCancel.pattern, async (ctx) => {
  await ctx.conversation.exitAll();
  await showView(ctx, { text: ctx.t("cancel-done") });
});
