import type { Context, MiddlewareFn } from "grammy";
import type { BotDeps, DepsFlavor } from "../context.js";

/** Puts the bot's dependencies on the context (the locale and its formatter come next: i18n.ts). */
export function attachDeps(deps: BotDeps): MiddlewareFn<Context & DepsFlavor> {
  return (ctx, next) => {
    ctx.deps = deps;
    return next();
  };
}
