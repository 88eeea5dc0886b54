/**
 * What every handler finds on the context, put there in one step, on the bot and again for each
 * step of a conversation (which builds a context of its own): the bot's dependencies, the registry
 * of flows, and the negotiated locale with its translations and formatter (i18n.ts). One middleware
 * instead of four, because each middleware step holds a frame and its promises for as long as the
 * update runs.
 *
 * On the bot (`recordUser`) it also records who talks to the bot (users.seen: their Telegram
 * language and, from private chats, where their notices go), in the same statement that reads the
 * language they chose: on PostgreSQL one round trip per update instead of two. Inside a
 * conversation it only reads the language, since the plugin builds a context for every update it
 * replays.
 */
import type { MiddlewareFn } from "grammy";
import type { BotDeps, ConversationContext } from "../context.js";
import type { FlowRegistry } from "../flow/registry.js";
import { chosenLanguage, type BotI18n } from "../i18n.js";

export function contextSetup(deps: BotDeps, registry: FlowRegistry, i18n: BotI18n, options: { recordUser: boolean }): MiddlewareFn<ConversationContext> {
  return async (ctx, next) => {
    ctx.deps = deps;
    ctx.flows = registry;
    const from = ctx.from;
    const chosen =
      options.recordUser && from && !from.is_bot
        ? await deps.store.users.seen(from.id, ctx.chat?.type === "private" ? ctx.chat.id : undefined, from.language_code)
        : await chosenLanguage(ctx);
    i18n.install(ctx, chosen);
    await next();
  };
}
