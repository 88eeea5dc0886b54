import type { Context } from "grammy";

/**
 * A message the user sent through this bot's inline mode (`@bot T…`, a result chosen in a chat with
 * the bot): it is the bot's own answer posted by the user, not something the user typed to it, so
 * no step or feature takes it as input (an address card would otherwise be answered as a pasted address).
 */
export function isOwnInlineResult(ctx: Context): boolean {
  return ctx.message?.via_bot !== undefined && ctx.message.via_bot.id === ctx.me.id;
}
