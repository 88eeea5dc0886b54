import type { BotError } from "grammy";
import type { BotContext } from "./context.js";
import { errorFields } from "../logger.js";
import { replyWithError } from "./reply-error.js";

/**
 * The error boundary: logs the error (never the update, which can carry a key) and answers the
 * user with one localised sentence; an unexpected error becomes "something went wrong".
 */
export async function handleBotError(error: BotError<BotContext>): Promise<void> {
  const ctx = error.ctx;
  const log = ctx.deps?.logger;
  log?.warn({ err: errorFields(error.error), updateId: ctx.update.update_id }, "update failed");
  try {
    if (typeof ctx.t === "function" && ctx.deps) await replyWithError(ctx, error.error);
  } catch (replyError) {
    log?.error({ err: errorFields(replyError) }, "could not tell the user about an error");
  }
}
