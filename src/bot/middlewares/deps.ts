import type { Context, MiddlewareFn } from "grammy";
import type { BotDeps, DepsFlavor } from "../context.js";
import { createFormatter } from "../render/format.js";
import { negotiateLocale } from "../i18n.js";

export function attachDeps(deps: BotDeps): MiddlewareFn<Context & DepsFlavor> {
  return (ctx, next) => {
    ctx.deps = deps;
    return next();
  };
}

/** A formatter bound to the user's locale (negotiated the same way as the translations'). */
export const attachFormatter: MiddlewareFn<Context & DepsFlavor> = (ctx, next) => {
  ctx.fmt = createFormatter(negotiateLocale(ctx));
  return next();
};
