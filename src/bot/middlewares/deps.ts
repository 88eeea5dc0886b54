import type { Context, MiddlewareFn } from "grammy";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { BotDeps, DepsFlavor } from "../context.js";
import { createFormatter } from "../render/format.js";

export function attachDeps(deps: BotDeps): MiddlewareFn<Context & DepsFlavor> {
  return (ctx, next) => {
    ctx.deps = deps;
    return next();
  };
}

/** After i18n: a formatter bound to the negotiated locale. */
export const attachFormatter: MiddlewareFn<Context & DepsFlavor & I18nFlavor> = async (ctx, next) => {
  ctx.fmt = createFormatter(await ctx.i18n.getLocale());
  return next();
};
