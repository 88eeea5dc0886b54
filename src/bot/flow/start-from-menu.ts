/**
 * Starting a flow from a menu button. Menus are installed before the features, and a conversation
 * can only be entered once the update has passed the feature that registers it (its
 * createConversation). So a menu button asks for the flow and passes the tap on down the chain;
 * the feature, right after registering the conversation, enters it (`enterRequestedFlow`).
 */
import type { Middleware, NextFunction } from "grammy";
import type { BotContext } from "../context.js";

const requests = new WeakMap<object, { id: string; args: unknown[] }>();

/** In a menu handler: start conversation `id` (with `args`) for this tap. */
export function requestFlow(ctx: BotContext, next: NextFunction, id: string, ...args: unknown[]): Promise<void> {
  requests.set(ctx, { id, args });
  return next();
}

/** In the feature, after `createConversation(…, id)`: enters the flow a menu button asked for. */
export function enterRequestedFlow(id: string): Middleware<BotContext> {
  return async (ctx, next) => {
    const request = requests.get(ctx);
    if (request?.id !== id) return next();
    requests.delete(ctx);
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(id, ...request.args);
  };
}
