import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { runEntry } from "../../flow/registry.js";
import { leaveOpenFlows } from "../../flow/enter.js";
import { hasOpenPrompt } from "../../flow/prompt.js";

/** /cancel leaves any conversation or prompt and cancels open purchase previews (the buy feature's, through the registry of flows). Installed before the features so it always wins. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.command("cancel", async (ctx, next) => {
  const inFlow = () => Object.keys(ctx.conversation.active()).length > 0;
  const active = inFlow() || (await hasOpenPrompt(ctx));
  // the open flow (or prompt) sees /cancel first and takes the buttons off its message (flow/reply-rules.ts)
  if (active) await next();
  // a flow in a group still open: it did not take /cancel, it is someone else's (a team desk's
  // /buy answers only the administrator who started it, flow/reply-rules.ts) and stays
  const othersFlow = active && ctx.chat?.type !== "private" && (inFlow() || (await hasOpenPrompt(ctx)));
  if (!othersFlow) await leaveOpenFlows(ctx);
  const previews = (await runEntry(ctx, "cancel-open-previews")) + (await runEntry(ctx, "cancel-open-batches"));
  await ctx.reply(ctx.t((active && !othersFlow) || previews > 0 ? "cancel-done" : "cancel-nothing"), { reply_markup: { remove_keyboard: true } });
});
