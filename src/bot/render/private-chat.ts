/**
 * Keys, balances and statistics belong to one person: in a group the bot answers with a pointer to
 * its private chat instead.
 */
import { InlineKeyboard, type Context } from "grammy";
import type { I18nFlavor } from "@grammyjs/i18n";

type Ctx = Context & I18nFlavor;

export function isPrivateChat(ctx: Context): boolean {
  return ctx.chat?.type === "private";
}

/** "Please use this in our private chat", with a button that opens it. */
export async function replyUsePrivateChat(ctx: Ctx, extraKey?: string): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  const text = extraKey ? `${ctx.t("keys-private-only")}\n\n${ctx.t(extraKey)}` : ctx.t("keys-private-only");
  const keyboard = ctx.me.username ? new InlineKeyboard().url(ctx.t("keys-button-open-private"), `https://t.me/${ctx.me.username}`) : undefined;
  await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
}
