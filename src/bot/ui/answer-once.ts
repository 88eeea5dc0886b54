/**
 * Every callback query is answered exactly once. Telegram shows a spinner on the tapped button until
 * the query is answered, and answering twice is an error; handlers, menus, conversations and the
 * error boundary each may want to answer. So, through grammY's public transformer API on the
 * context's `api`:
 * - the first answerCallbackQuery for a query goes out; later ones are dropped (the first, with its
 *   toast, wins), also when a conversation (which has its own context and `api`) answered it;
 * - an answer Telegram refuses ("query is too old", after a restart or a slow action) is logged at
 *   debug level and reported as done: the action behind the tap must still complete;
 * - a query nobody answered is answered (without text) when the update is done.
 */
import type { Context, MiddlewareFn, Transformer } from "grammy";
import type { Logger } from "../../logger.js";

export interface CallbackAnswers {
  /** For the bot: answers at the end what nobody answered. */
  middleware: MiddlewareFn;
  /** For the conversations' `plugins`: their answers count as the update's answer. */
  inConversations: MiddlewareFn;
}

/** Installed outside the error boundary, so the boundary's own answer to a failed update counts. */
export function callbackAnswers(logger: Logger): CallbackAnswers {
  /** The queries being handled now, and whether each has been answered. */
  const inFlight = new Map<string, { answered: boolean }>();

  const onlyTheFirst =
    (ctx: Context, id: string): Transformer =>
    async (prev, method, payload, signal) => {
      const query = inFlight.get(id);
      // a conversation replaying an earlier update's steps must make the very same calls again
      if (method !== "answerCallbackQuery" || !query) return prev(method, payload, signal);
      if (query.answered) return { ok: true, result: true as never };
      query.answered = true;
      const response = await prev(method, payload, signal);
      if (response.ok) return response;
      logger.debug({ description: response.description, updateId: ctx.update.update_id }, "callback query answer refused");
      return { ok: true, result: true as never };
    };

  const answering = async (ctx: Context, next: () => Promise<void>, id: string): Promise<void> => {
    const query = { answered: false };
    inFlight.set(id, query);
    ctx.api.config.use(onlyTheFirst(ctx, id));
    try {
      await next();
    } finally {
      try {
        // the update's work is done: a lost answer only leaves a spinner, not a failed update
        if (!query.answered) await ctx.answerCallbackQuery().catch((err: unknown) => logger.debug({ err }, "callback query answer failed"));
      } finally {
        inFlight.delete(id);
      }
    }
  };

  return {
    // not an async function: most updates are no tap, and pass on as they came
    middleware(ctx, next) {
      const id = ctx.callbackQuery?.id;
      return id === undefined ? next() : answering(ctx, next, id);
    },
    inConversations(ctx, next) {
      const id = ctx.callbackQuery?.id;
      if (id !== undefined) ctx.api.config.use(onlyTheFirst(ctx, id));
      return next();
    },
  };
}
