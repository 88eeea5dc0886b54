import type { BotContext } from "../context.js";
import { exitConversations, withFlow } from "./open-flows.js";
import { closePrompt } from "./prompt.js";

/**
 * Starts a flow (a conversation registered in createBot's `flows`, so any handler or menu button
 * can start one). A new flow replaces whatever flow (or prompt, prompt.ts) the chat was in. In a chat without an open
 * flow the flows have not seen this update yet (open-flows.ts): the one entered is registered first.
 */
export async function enterFlow(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  await leaveOpenFlows(ctx);
  await withFlow(ctx, id, () => ctx.conversation.enter(id, ...args));
}

/** How the scope gate starts a conversation again (flow/registry.ts): with the answers it had, or afresh. */
export const conversationStart =
  (id: string) =>
  (ctx: BotContext, args?: unknown): Promise<void> =>
    args === undefined ? enterFlow(ctx, id) : enterFlow(ctx, id, args);

/**
 * Leaves whatever question the chat was in, a conversation or a prompt (prompt.ts), their messages
 * left as they are: for a handler that takes the chat over without a flow of its own (a preview, a key added).
 */
export async function leaveOpenFlows(ctx: BotContext): Promise<void> {
  await exitConversations(ctx);
  await closePrompt(ctx);
}
