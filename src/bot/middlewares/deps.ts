import type { Context, MiddlewareFn } from "grammy";
import type { BotDeps, DepsFlavor } from "../context.js";
import type { ChatStateFlavor, ChatStatePlugins } from "./chat-state.js";
import { createFormatter } from "../render/format.js";
import { negotiateLocale } from "../i18n.js";

/**
 * Puts the bot's dependencies on the context, with a formatter bound to the user's locale
 * (negotiated the same way as the translations') and, outside conversations, the chat-state plugins.
 */
export function attachDeps(deps: BotDeps, chatState?: ChatStatePlugins): MiddlewareFn<Context & DepsFlavor & Partial<ChatStateFlavor>> {
  return (ctx, next) => {
    ctx.deps = deps;
    ctx.fmt = createFormatter(negotiateLocale(ctx));
    if (chatState) ctx.chatState = chatState;
    return next();
  };
}
