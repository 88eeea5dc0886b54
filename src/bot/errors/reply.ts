import type { Context } from "grammy";
import type { I18nFlavor } from "../i18n.js";
import type { DepsFlavor } from "../context.js";
import { renderError, type RenderedError } from "./render.js";
import { errorFields, isOutsideFault } from "../../logger.js";
import { showView } from "../ui/view.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

/**
 * Logs an error nobody anticipated, once, without the update: the bot's own faults at error level
 * with their stack, an unusable answer from the marketplace as a warning without one.
 */
export function logUnexpected(ctx: Context & DepsFlavor, err: unknown, what = "unexpected error"): void {
  const fields = { err: errorFields(err), updateId: ctx.update.update_id };
  if (isOutsideFault(err)) ctx.deps.logger.warn(fields, what);
  else ctx.deps.logger.error(fields, what);
}

/**
 * The one sentence for `err` (errors/render.ts) in the context's locale; an error nobody anticipated
 * is logged (logUnexpected). `now` defaults to the context's clock.
 */
export function renderAndLogError(ctx: Ctx, err: unknown, options: { now?: number; what?: string } = {}): RenderedError {
  const rendered = renderError(err, ctx.locale, options.now ?? ctx.deps.now());
  if (!rendered.expected) logUnexpected(ctx, err, options.what);
  return rendered;
}

/**
 * Answers the user with the one localised sentence for `err` (see render.ts), as a new
 * message, or with `edit` in place of the tapped message.
 */
export async function replyWithError(ctx: Ctx, err: unknown, options: { edit?: boolean } = {}): Promise<void> {
  const rendered = renderAndLogError(ctx, err);
  await showView(ctx, { text: rendered.text, keyboard: rendered.keyboard }, { asNew: !options.edit });
}
