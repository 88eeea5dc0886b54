/**
 * What the bot's sends and edits share: the text or caption rendered and checked as Telegram checks
 * it, a new message's head (id, sender, chat, date, the message it replies to) and storing it.
 */
import type { Message } from "grammy/types";
import { MAX_CAPTION, MAX_TEXT, bad, clone, getInt, getString, isObj, nowSec, type ChatState, type Json, type MsgRecord } from "../common.js";
import { render, type Rendered } from "../formatting.js";
import { inlineMarkup, parseReplyMarkup } from "../markup.js";
import { botUser, chatObject, type World } from "../world.js";

/** `text` with its parse_mode or entities (sendMessage, editMessageText). */
export function messageText(p: Json): Rendered {
  const r = render(getString(p, "text") ?? "", p.parse_mode, p.entities);
  if (r.text.length === 0) throw bad("message text is empty");
  if (r.text.length > MAX_TEXT) throw bad("message is too long");
  return r;
}

/** `caption` with its parse_mode or caption_entities (sendPhoto, sendDocument, editMessageCaption). */
export function captionText(p: Json): Rendered {
  const r = render(getString(p, "caption") ?? "", p.parse_mode, p.caption_entities);
  if (r.text.length > MAX_CAPTION) throw bad("message caption is too long");
  return r;
}

/**
 * A new message of the bot in `chat`: its reply markup checked, the message it replies to found, an
 * id taken. `content` adds what comes before the reply (a document), once the checks have passed.
 */
export function newBotMessage(world: World, chat: ChatState, p: Json, content: () => Json = () => ({})): { messageId: number; message: Json; markup: Json | undefined } {
  const markup = parseReplyMarkup(p.reply_markup);
  const replyTo = replyTarget(chat, p);
  const messageId = chat.nextMessageId++;
  const message: Json = { message_id: messageId, from: botUser(world), chat: chatObject(world, chat), date: nowSec(), ...content() };
  if (replyTo) message.reply_to_message = replyTo;
  return { messageId, message, markup };
}

/** Keeps the bot's new message with its reply markup, and answers the Message the bot gets back. */
export function storeBotMessage(chat: ChatState, rec: MsgRecord, markup: Json | undefined): Message {
  const inline = inlineMarkup(markup);
  if (inline) rec.message.reply_markup = inline;
  if (markup) rec.replyMarkup = markup;
  chat.messages.set(rec.messageId, rec);
  return clone(rec.message) as unknown as Message;
}

function replyTarget(chat: ChatState, p: Json): Json | undefined {
  const params = isObj(p.reply_parameters) ? p.reply_parameters : undefined;
  const id = params ? getInt(params, "message_id") : getInt(p, "reply_to_message_id");
  if (id === undefined) return undefined;
  const rec = chat.messages.get(id);
  if (!rec || rec.deleted) {
    if (params?.allow_sending_without_reply === true || p.allow_sending_without_reply === true) return undefined;
    throw bad("message to be replied not found");
  }
  const replied = clone(rec.message);
  delete replied.reply_to_message;
  return replied;
}
