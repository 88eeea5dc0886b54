/**
 * A `/buy …` one-liner typed before the user has a key: remembered (one per user, the latest), the
 * user is told so and led to adding a key; once a key is added the line is run again. Old lines
 * are dropped: an order wanted an hour ago may no longer be.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";

export const PENDING_BUY_TTL_MS = 60 * 60_000;

export async function rememberPendingBuy(ctx: BotContext, text: string): Promise<void> {
  if (!ctx.from) return;
  await ctx.deps.store.pendingBuys.write(String(ctx.from.id), { text, at: ctx.deps.now() });
  const keyboard = new InlineKeyboard().text(ctx.t("button-add-key"), SharedButtons.addKey.pack());
  await ctx.reply(`${ctx.t("error-no-key")}\n\n${ctx.t("buy-pending-remembered")}`, { reply_markup: keyboard });
}

/** The remembered line, taken (it is resumed once); undefined when there is none or it is too old. */
export async function takePendingBuy(ctx: BotContext): Promise<string | undefined> {
  if (!ctx.from) return undefined;
  const key = String(ctx.from.id);
  const pending = await ctx.deps.store.pendingBuys.read(key);
  if (!pending) return undefined;
  await ctx.deps.store.pendingBuys.delete(key);
  return ctx.deps.now() - pending.at <= PENDING_BUY_TTL_MS ? pending.text : undefined;
}
