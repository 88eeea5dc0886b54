import { GrammyError, type Context } from "grammy";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { DepsFlavor } from "./context.js";
import { renderError, type RenderedError } from "./render/errors.js";
import type { Translate } from "../format/formatter.js";
import { errorFields } from "../logger.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

/** Telegram refuses an edit that changes nothing; for a Refresh that is a success, not an error. */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && err.description.includes("message is not modified");
}

/**
 * The one sentence for `err` (render/errors.ts); an error nobody anticipated is logged here, once,
 * without the update. `t` and `now` default to the context's.
 */
export function renderAndLogError(
  ctx: Context & DepsFlavor & Partial<I18nFlavor>,
  err: unknown,
  options: { t?: Translate; now?: number; what?: string } = {},
): RenderedError {
  const t = options.t ?? ((k: string, v?: Record<string, string | number>) => ctx.t!(k, v));
  const rendered = renderError(err, t, options.now ?? ctx.deps.now());
  if (!rendered.expected) ctx.deps.logger.error({ err: errorFields(err), updateId: ctx.update.update_id }, options.what ?? "unexpected error");
  return rendered;
}

/**
 * Answers the user with the one localised sentence for `err` (see render/errors.ts).
 * With `edit`, a button's message is edited in place instead of a new reply.
 */
export async function replyWithError(ctx: Ctx, err: unknown, options: { edit?: boolean } = {}): Promise<void> {
  const rendered = renderAndLogError(ctx, err);
  const extra = rendered.keyboard ? { reply_markup: rendered.keyboard } : {};
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  if (options.edit && ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(rendered.text, extra);
      return;
    } catch {
      // the message may be a photo or too old to edit: fall through to a new message
    }
  }
  if (ctx.chat) await ctx.reply(rendered.text, extra);
}
