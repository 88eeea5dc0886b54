import type { Context, MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";

/** Records an update id; true only for the first caller (the store's processed_updates table). */
export type MarkProcessed = (updateId: number) => Promise<boolean>;

/**
 * Telegram delivers a webhook update again when it got no answer in time, and behind a load
 * balancer the redelivery may reach another replica while the first one is still on it. The
 * update id is recorded before anything runs: whoever records it first handles the update, the
 * others answer 200 and do nothing. Recording first means an update whose replica died mid-way is
 * not handled again (the user taps again), never that a purchase or a message happens twice.
 */
export function oncePerUpdate(markProcessed: MarkProcessed, logger: Logger): MiddlewareFn<Context> {
  return async (ctx, next) => {
    if (await markProcessed(ctx.update.update_id)) return next();
    logger.info({ updateId: ctx.update.update_id }, "update delivered again: already handled, skipped");
  };
}
