/** The bot's text messages: sendMessage, the three edits, deleting, and chat actions. */
import type { Message } from "grammy/types";
import { NOT_MODIFIED, bad, chatIdOf, clone, getString, messageIdOf, nowSec, type Handler, type Json, type MsgRecord } from "../common.js";
import type { Rendered } from "../formatting.js";
import { inlineMarkup, parseReplyMarkup } from "../markup.js";
import { targetChat, type World } from "../world.js";
import { captionText, messageText, newBotMessage, storeBotMessage } from "./bot-message.js";

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

export function messageMethods(world: World): Record<string, Handler> {
  /** The bot's message to edit; none for an inline message, which the fake does not keep (the edit answers true). */
  const editTarget = (p: Json): MsgRecord | undefined => {
    if (p.inline_message_id !== undefined) return undefined;
    const rec = world.chats.get(chatIdOf(p))?.messages.get(messageIdOf(p));
    if (!rec || rec.deleted) throw bad("message to edit not found");
    if (rec.from !== "bot") throw bad("message can't be edited");
    return rec;
  };

  /** editMessageText and editMessageCaption: the new text (or caption) and its entities in place of the old. */
  const editContent = (p: Json, field: "text" | "caption"): Message | true => {
    const rec = editTarget(p);
    if (rec && rec.photo !== (field === "caption")) throw bad(`there is no ${field} in the message to edit`);
    const r = field === "text" ? messageText(p) : captionText(p);
    const markup = editMarkup(p);
    if (!rec) return true;
    refuseUnchanged(rec, field === "text" ? rec.text : (rec.caption ?? ""), r, markup);
    // A text is never empty (messageText refuses it); an empty caption removes the caption.
    if (r.text) {
      rec[field] = r.text;
      rec.message[field] = r.text;
    } else {
      delete rec[field];
      delete rec.message[field];
    }
    rec.entities = r.entities;
    const entitiesField = field === "text" ? "entities" : "caption_entities";
    if (r.entities.length > 0) rec.message[entitiesField] = r.entities;
    else delete rec.message[entitiesField];
    return applyEdit(rec, markup);
  };

  return {
    sendMessage: (p): Message => {
      const chat = targetChat(world, p, true);
      const r = messageText(p);
      const { messageId, message, markup } = newBotMessage(world, chat, p);
      message.text = r.text;
      if (r.entities.length > 0) message.entities = r.entities;
      return storeBotMessage(chat, { messageId, from: "bot", message, text: r.text, entities: r.entities, photo: false, deleted: false, editedCount: 0 }, markup);
    },
    editMessageText: (p) => editContent(p, "text"),
    editMessageCaption: (p) => editContent(p, "caption"),
    editMessageReplyMarkup: (p): Message | true => {
      const rec = editTarget(p);
      const markup = editMarkup(p);
      if (!rec) return true;
      if (sameMarkup(rec, markup)) throw bad(NOT_MODIFIED);
      return applyEdit(rec, markup);
    },
    deleteMessage: (p) => {
      const rec = world.chats.get(chatIdOf(p))?.messages.get(messageIdOf(p));
      if (!rec || rec.deleted) throw bad("message to delete not found");
      rec.deleted = true;
      return true;
    },
    deleteMessages: (p) => {
      const chat = world.chats.get(chatIdOf(p));
      const ids = p.message_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw bad("message identifiers are invalid");
      for (const id of ids) {
        const rec = chat?.messages.get(Number(id));
        if (rec) rec.deleted = true;
      }
      return true;
    },
    sendChatAction: (p) => {
      targetChat(world, p, true);
      if (!CHAT_ACTIONS.has(getString(p, "action") ?? "")) throw bad("wrong parameter action in request");
      return true;
    },
  };
}

function editMarkup(p: Json): Json | undefined {
  const markup = parseReplyMarkup(p.reply_markup);
  if (markup && !("inline_keyboard" in markup)) throw bad("inline keyboard expected");
  return markup;
}

function sameMarkup(rec: MsgRecord, markup: Json | undefined): boolean {
  return JSON.stringify(inlineMarkup(rec.replyMarkup)) === JSON.stringify(inlineMarkup(markup));
}

/** Telegram refuses an edit that changes nothing: the same text (or caption), entities and keyboard. */
function refuseUnchanged(rec: MsgRecord, current: string | undefined, r: Rendered, markup: Json | undefined): void {
  if (current === r.text && JSON.stringify(rec.entities ?? []) === JSON.stringify(r.entities) && sameMarkup(rec, markup)) {
    throw bad(NOT_MODIFIED);
  }
}

function applyEdit(rec: MsgRecord, markup: Json | undefined): Message {
  rec.editedCount++;
  if (markup) rec.replyMarkup = markup;
  else delete rec.replyMarkup;
  const inline = inlineMarkup(markup);
  if (inline) rec.message.reply_markup = inline;
  else delete rec.message.reply_markup;
  rec.message.edit_date = nowSec();
  return clone(rec.message) as unknown as Message;
}
