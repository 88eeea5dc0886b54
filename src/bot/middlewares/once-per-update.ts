import type { Context, MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";

/** Records an update id; true only for the first caller (the store's processed_updates table). */
export type MarkProcessed = (updateId: number) => Promise<boolean>;

/**
 * Polling on PostgreSQL: a new leader may poll updates the old one had fetched but not confirmed.
 * The update id is recorded before anything runs: whoever records it first handles the update, the
 * other does nothing. (Webhook mode records every update in the inbox instead: src/inbox/.)
 */
export function oncePerUpdate(markProcessed: MarkProcessed, logger: Logger): MiddlewareFn<Context> {
  return async (ctx, next) => {
    if (await markProcessed(ctx.update.update_id)) return next();
    logger.info({ updateId: ctx.update.update_id }, "update delivered again: already handled, skipped");
  };
}
