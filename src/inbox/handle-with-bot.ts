import { BotError, type Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

/**
 * Runs one update through the bot as grammY's own loops do (`bot.handleUpdate`, then `bot.catch`'s
 * handler for an error the middleware let through); never rejects.
 */
export function handleWithBot<C extends Context>(bot: Bot<C>, logger: Logger): (update: Update) => Promise<void> {
  return async (update) => {
    try {
      await bot.handleUpdate(update);
    } catch (err) {
      try {
        if (err instanceof BotError) await bot.errorHandler(err as BotError<C>);
        else throw err;
      } catch (unhandled) {
        logger.error({ err: errorFields(unhandled), updateId: update.update_id }, "update failed outside the error boundary");
      }
    }
  };
}
