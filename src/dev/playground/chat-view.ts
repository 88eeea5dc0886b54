/**
 * What the page shows of a chat: the fake Bot API's messages (after edits, without deleted ones)
 * as sanitised HTML, photos by URL, replies with the first line they quote, and inline keyboards as
 * rows of buttons.
 */
import type { InlineKeyboardButton, Message, MessageEntity } from "grammy/types";
import type { FakeBotApi } from "../telegram-fake/fake-bot-api.js";
import { entitiesToHtml } from "./entities-html.js";

export interface PageButton {
  text: string;
  callbackData?: string;
  url?: string;
  copyText?: string;
  /** switch_inline_query(_current_chat): the page puts "@bot <query>" in the message box. */
  inlineQuery?: string;
}

export interface PageMessage {
  id: number;
  from: "bot" | "user";
  /** The sender's first name (in a group, who wrote it). */
  sender: string;
  html: string;
  photoUrl?: string;
  edited: boolean;
  viaBot?: string;
  /** The message this one replies to: its id (to jump to) and its first line, as plain text. */
  replyTo?: { id: number; text: string };
  buttons: PageButton[][];
  /** request_chat buttons of a reply keyboard (a group or channel picker): the page answers them with its own group or channel. */
  requestChats?: Array<{ text: string; requestId: number; channel: boolean }>;
}

function pageButton(b: InlineKeyboardButton): PageButton {
  const out: PageButton = { text: b.text };
  if ("callback_data" in b && b.callback_data !== undefined) out.callbackData = b.callback_data;
  if ("url" in b && b.url !== undefined) out.url = b.url;
  if ("copy_text" in b && b.copy_text !== undefined) out.copyText = b.copy_text.text;
  if ("switch_inline_query" in b && b.switch_inline_query !== undefined) out.inlineQuery = b.switch_inline_query;
  if ("switch_inline_query_current_chat" in b && b.switch_inline_query_current_chat !== undefined) {
    out.inlineQuery = b.switch_inline_query_current_chat;
  }
  return out;
}

export function messageHtml(text: string, entities: readonly MessageEntity[] | undefined): string {
  return entitiesToHtml(text, entities ?? []);
}

function pageMessage(chatId: number, from: "bot" | "user", raw: Message): PageMessage {
  // a chat picked with a request_chat button: a service line, as Telegram shows it
  const text = raw.text ?? raw.caption ?? (raw.chat_shared ? `📎 Shared: ${raw.chat_shared.title ?? raw.chat_shared.chat_id}` : "");
  const entities = raw.entities ?? raw.caption_entities;
  const out: PageMessage = {
    id: raw.message_id,
    from,
    sender: raw.from?.first_name ?? "",
    html: messageHtml(text, entities),
    edited: raw.edit_date !== undefined,
    buttons: (raw.reply_markup?.inline_keyboard ?? []).map((row) => row.map(pageButton)),
  };
  if (raw.photo) out.photoUrl = `/api/photo?chat=${chatId}&message=${raw.message_id}`;
  if (raw.via_bot?.username) out.viaBot = raw.via_bot.username;
  const replied = raw.reply_to_message;
  if (replied) out.replyTo = { id: replied.message_id, text: (replied.text ?? replied.caption ?? "").split("\n", 1)[0]! };
  return out;
}

function requestChats(markup: unknown): Array<{ text: string; requestId: number; channel: boolean }> {
  const rows = markup && typeof markup === "object" && "keyboard" in markup && Array.isArray(markup.keyboard) ? (markup.keyboard as unknown[][]) : [];
  return rows.flat().flatMap((b) => {
    const request = b && typeof b === "object" && "request_chat" in b ? (b.request_chat as { request_id: number; chat_is_channel: boolean }) : undefined;
    return request ? [{ text: String((b as { text: unknown }).text), requestId: request.request_id, channel: request.chat_is_channel }] : [];
  });
}

export function chatView(tg: FakeBotApi, chatId: number): PageMessage[] {
  const out: PageMessage[] = [];
  for (const m of tg.messages(chatId)) {
    if (m.deleted) continue;
    const raw = tg.rawMessage(chatId, m.messageId);
    if (!raw) continue;
    const page = pageMessage(chatId, m.from, raw);
    const requests = requestChats(m.replyMarkup);
    if (requests.length > 0) page.requestChats = requests;
    out.push(page);
  }
  return out;
}
