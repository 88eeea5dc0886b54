import type { Context } from "grammy";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { DepsFlavor } from "./context.js";
import { renderError } from "./render/errors.js";
import { errorFields } from "../logger.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

/**
 * Answers the user with the one localised sentence for `err` (see render/errors.ts).
 * With `edit`, a button's message is edited in place instead of a new reply.
 */
export async function replyWithError(ctx: Ctx, err: unknown, options: { edit?: boolean } = {}): Promise<void> {
  const rendered = renderError(err, (k, v) => ctx.t(k, v), ctx.deps.now());
  if (!rendered.expected) ctx.deps.logger.error({ err: errorFields(err), updateId: ctx.update.update_id }, "unexpected error");
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
