/**
 * /settings → "Group or channel": where pushed notices go besides (or instead of) this chat. The
 * chat is picked with Telegram's chat picker, or its id typed, or a post forwarded from the channel
 * (bot/ui/chat-pick.ts); it must be a group or channel where both the user and the bot are
 * administrators (asked with getChatMember now, and by the sender before each notice there:
 * src/notices/notice-chats.ts).
 */
import { GrammyError } from "grammy";
import type { BotContext } from "../../context.js";
import type { Translate } from "../../../format/formatter.js";
import { escapeHtml } from "../../../format/html.js";
import { chatPickKeyboard, closePick, noKeyboard, openPick, PICK_REQUESTS } from "../../ui/chat-pick.js";
import { noticeChatRight } from "../../../notices/notice-chats.js";
import type { NoticeChatKind, NoticeChatRow } from "../../../store/notice-chats.js";

export const NOTICE_PICKS = [PICK_REQUESTS.noticesGroup, PICK_REQUESTS.noticesChannel] as const;

/** The card's line: where notices go now. */
export function noticeChatLine(row: NoticeChatRow | undefined, t: Translate): string {
  if (!row) return t("settings-where-private");
  const chat = escapeHtml(row.title);
  if (row.lost) return t("settings-where-lost", { chat });
  const detail = t(row.full ? "settings-where-full" : "settings-where-brief");
  return `${t(row.alsoPrivate ? "settings-where-both" : "settings-where-there", { chat })}\n${detail}`;
}

/** The picker, in a new message (a reply keyboard cannot be put on the card). */
export async function askNoticeChat(ctx: BotContext): Promise<void> {
  await openPick(ctx, "notices");
  await ctx.reply(ctx.t("settings-chat-ask"), {
    reply_markup: chatPickKeyboard([
      { text: ctx.t("settings-chat-pick-group"), requestId: PICK_REQUESTS.noticesGroup, channel: false },
      { text: ctx.t("settings-chat-pick-channel"), requestId: PICK_REQUESTS.noticesChannel, channel: true },
    ]),
  });
}

/** A chat picked: checked, stored, told (true); a refusal says what to do (false). */
export async function chooseNoticeChat(ctx: BotContext, chatId: number): Promise<boolean> {
  const userId = ctx.from!.id;
  let kind: NoticeChatKind;
  let title: string;
  try {
    const chat = await ctx.api.getChat(chatId);
    if (chat.type === "private") {
      await ctx.reply(ctx.t("settings-chat-not-group"), noKeyboard);
      return false;
    }
    kind = chat.type;
    title = chat.title ?? String(chatId);
  } catch (err) {
    if (!(err instanceof GrammyError) || (err.error_code !== 400 && err.error_code !== 403)) throw err;
    await ctx.reply(ctx.t("settings-chat-unknown"), noKeyboard);
    return false;
  }
  const right = await noticeChatRight(ctx.api, ctx.me.id, chatId, userId, kind);
  if (!right.ok) {
    const key = right.who === "user" ? "settings-chat-you-not-admin" : kind === "channel" ? "settings-chat-bot-not-admin-channel" : "settings-chat-bot-not-admin";
    await ctx.reply(ctx.t(key, { chat: escapeHtml(title) }), noKeyboard);
    return false;
  }
  await ctx.deps.store.noticeChats.choose(userId, { chatId, kind, title });
  await closePick(ctx);
  await ctx.reply(ctx.t("settings-chat-chosen", { chat: escapeHtml(title) }), noKeyboard);
  return true;
}
