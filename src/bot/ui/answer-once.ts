/**
 * Every callback query is answered exactly once. Telegram shows a spinner on the tapped button until
 * the query is answered, and answering twice is an error; handlers, menus (which answer on their
 * own) and the error boundary each may want to answer. So, per update, through grammY's public
 * transformer API on this context's `api`:
 * - the first answerCallbackQuery goes out; later ones are dropped (the first, with its toast, wins);
 * - an answer Telegram refuses ("query is too old", after a restart or a slow action) is logged at
 *   debug level and reported as done: the action behind the tap must still complete;
 * - a query nobody answered is answered (without text) when the update is done.
 * Installed on the bot and, through the conversations' `plugins`, inside conversations.
 */
import { GrammyError, type Context, type MiddlewareFn } from "grammy";
import type { DepsFlavor } from "../context.js";

export const answerCallbacksOnce: MiddlewareFn<Context & DepsFlavor> = async (ctx, next) => {
  if (!ctx.callbackQuery) return next();
  let answered = false;
  ctx.api.config.use(async (prev, method, payload, signal) => {
    if (method !== "answerCallbackQuery") return prev(method, payload, signal);
    if (answered) return { ok: true, result: true as never };
    answered = true;
    const response = await prev(method, payload, signal);
    if (!response.ok) {
      ctx.deps.logger.debug({ description: response.description, updateId: ctx.update.update_id }, "callback query answer refused");
      return { ok: true, result: true as never };
    }
    return response;
  });
  try {
    await next();
  } finally {
    if (!answered) await ctx.answerCallbackQuery().catch(ignoreTelegramRefusal);
  }
};

function ignoreTelegramRefusal(err: unknown): void {
  if (!(err instanceof GrammyError)) throw err;
}
