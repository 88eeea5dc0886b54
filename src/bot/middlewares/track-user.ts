import type { Context, MiddlewareFn } from "grammy";
import type { DepsFlavor } from "../context.js";

/** Records who talks to the bot and, from private chats, where their notices go. */
export const trackUser: MiddlewareFn<Context & DepsFlavor> = (ctx, next) => {
  if (ctx.from && !ctx.from.is_bot) {
    const recorded = ctx.deps.store.users.touch(ctx.from.id, ctx.chat?.type === "private" ? ctx.chat.id : undefined);
    if (recorded) return recorded.then(() => next());
  }
  return next();
};
