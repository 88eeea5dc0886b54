import type { Context, MiddlewareFn } from "grammy";
import type { DepsFlavor } from "../context.js";

/** Records who talks to the bot, their Telegram language and, from private chats, where their notices go. */
export const trackUser: MiddlewareFn<Context & DepsFlavor> = async (ctx, next) => {
  if (ctx.from && !ctx.from.is_bot) await ctx.deps.store.users.touch(ctx.from.id, ctx.chat?.type === "private" ? ctx.chat.id : undefined, ctx.from.language_code);
  await next();
};
