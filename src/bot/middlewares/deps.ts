import type { Context, MiddlewareFn } from "grammy";
import type { BotDeps, DepsFlavor } from "../context.js";
import { createFormatter } from "../../format/formatter.js";
import { negotiateLocale } from "../i18n.js";

/**
 * Puts the bot's dependencies on the context, with a formatter bound to the user's locale
 * (negotiated the same way as the translations').
 */
export function attachDeps(deps: BotDeps): MiddlewareFn<Context & DepsFlavor> {
  return async (ctx, next) => {
    ctx.deps = deps;
    ctx.fmt = createFormatter(await negotiateLocale(ctx));
    await next();
  };
}
