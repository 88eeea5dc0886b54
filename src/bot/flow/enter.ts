import type { BotContext } from "../context.js";

/**
 * Starts a flow (a conversation registered in createBot's `flows`, so any handler or menu button
 * can start one). A new flow replaces whatever flow the chat was in.
 */
export async function enterFlow(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(id, ...args);
}
