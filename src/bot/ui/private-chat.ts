/**
 * Keys, balances and statistics belong to one person: in a group the bot answers with a pointer to
 * its private chat instead.
 */
import { InlineKeyboard, type Context } from "grammy";
import type { I18nFlavor } from "../i18n.js";

type Ctx = Context & I18nFlavor;

export function isPrivateChat(ctx: Context): boolean {
  return ctx.chat?.type === "private";
}

/** A link that opens the bot's private chat, with /start's payload when given. */
export function startLink(botUsername: string, payload?: string): string {
  const start = payload === undefined ? "" : `=${encodeURIComponent(payload)}`;
  return `https://t.me/${encodeURIComponent(botUsername)}?start${start}`;
}

/** A keyboard with one button that opens the bot's private chat (none when the bot has no username). */
export function privateChatButton(ctx: Ctx): InlineKeyboard | undefined {
  return ctx.me.username ? new InlineKeyboard().url(ctx.t("private-only-open"), startLink(ctx.me.username)) : undefined;
}

/**
 * "Please use this in our private chat", with a button that opens it (the same words as the
 * group pointer of features/private-only), plus an extra line when given.
 */
export async function replyUsePrivateChat(ctx: Ctx, extraKey?: string, options: { quote?: boolean } = {}): Promise<void> {
  const text = extraKey ? `${ctx.t("private-only")}\n\n${ctx.t(extraKey)}` : ctx.t("private-only");
  const keyboard = privateChatButton(ctx);
  const quoted = options.quote && ctx.msg?.message_id ? { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } } : {};
  await ctx.reply(text, { ...(keyboard ? { reply_markup: keyboard } : {}), ...quoted });
}
