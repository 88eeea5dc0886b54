import type { BotError } from "grammy";
import type { BotContext } from "../context.js";
import { errorFields } from "../../logger.js";
import { replyWithError } from "./reply.js";

/**
 * The error boundary: answers the user with one localised sentence (an unexpected error becomes
 * "something went wrong" and is logged once by renderAndLogError, never with the update, which can
 * carry a key).
 */
export async function handleBotError(error: BotError<BotContext>): Promise<void> {
  const ctx = error.ctx;
  const log = ctx.deps?.logger;
  if (!log || typeof ctx.t !== "function") {
    // failed before the bot's own middleware ran: nothing to answer with, only the stack to keep
    console.error("update failed before the bot could handle it", errorFields(error.error));
    return;
  }
  log.debug({ err: errorFields(error.error), updateId: ctx.update.update_id }, "update failed");
  try {
    await replyWithError(ctx, error.error);
  } catch (replyError) {
    log.error({ err: errorFields(replyError) }, "could not tell the user about an error");
  }
}
