/**
 * What every handler finds on the context, put there in one step, on the bot and again for each
 * step of a conversation (which builds a context of its own): the bot's dependencies, the registry
 * of flows, and the negotiated locale with its translations and formatter (i18n.ts). One middleware
 * instead of three, because each middleware step holds a frame and its promises for as long as the
 * update runs.
 */
import type { MiddlewareFn } from "grammy";
import type { BotDeps, ConversationContext } from "../context.js";
import type { FlowRegistry } from "../flow/registry.js";
import type { BotI18n } from "../i18n.js";

export function contextSetup(deps: BotDeps, registry: FlowRegistry, i18n: BotI18n): MiddlewareFn<ConversationContext> {
  return async (ctx, next) => {
    ctx.deps = deps;
    ctx.flows = registry;
    await i18n.install(ctx);
    await next();
  };
}
