import { Composer, type MiddlewareFn } from "grammy";
import type { BotContext } from "../../context.js";
import { runEntry } from "../../flow/registry.js";
import { leaveOpenFlows } from "../../flow/enter.js";
import { hasOpenPrompt } from "../../flow/prompt.js";
import { openConversations } from "../../flow/open-flows.js";
import { commandOf } from "../../feature-router.js";

const cancelCommand = new Composer<BotContext>();

cancelCommand.command("cancel", async (ctx, next) => {
  const inFlow = () => openConversations(ctx).length > 0;
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

const cancel = cancelCommand.middleware();

/**
 * /cancel leaves any conversation or prompt and cancels open purchase previews (the buy feature's,
 * through the registry of flows). Installed before the flows and the features so it always wins:
 * every update passes here, so only one that starts with /cancel goes through grammY's command
 * filter (a filter builds a composer for each update it is asked about).
 */
export const cancelFeature: MiddlewareFn<BotContext> = (ctx, next) => {
  const message = ctx.update.message ?? ctx.update.channel_post;
  return message && commandOf(message) === "cancel" ? cancel(ctx, next) : next();
};
