/** What a test reads back from the fake's chats: the messages as they are now, their buttons and the uploaded bytes. */
import type { Message } from "grammy/types";
import type { FakeBotApi, FakeMessage } from "./types.js";
import { clone, type MsgRecord } from "./common.js";
import { flattenButtons } from "./markup.js";
import { keyboardMessage, sortedMessages, type World } from "./world.js";

export type ChatObservers = Pick<FakeBotApi, "messages" | "lastBotMessage" | "rawMessage" | "buttons" | "photoBytes" | "documentBytes">;

export function chatObservers(world: World): ChatObservers {
  return {
    messages: (chatId) => sortedMessages(world, chatId).map(snapshot),
    lastBotMessage: (chatId) => {
      const rec = sortedMessages(world, chatId)
        .filter((r) => r.from === "bot")
        .pop();
      return rec ? snapshot(rec) : undefined;
    },
    rawMessage: (chatId, messageId) => {
      const rec = world.chats.get(chatId)?.messages.get(messageId);
      return rec ? (clone(rec.message) as unknown as Message) : undefined;
    },
    buttons: (chatId, messageId) => flattenButtons(keyboardMessage(world, chatId, messageId)?.replyMarkup),
    photoBytes: (chatId, messageId) => {
      const bytes = world.chats.get(chatId)?.messages.get(messageId)?.bytes;
      return bytes ? Buffer.from(bytes) : undefined;
    },
    documentBytes: (chatId, messageId) => {
      const rec = world.chats.get(chatId)?.messages.get(messageId);
      return rec?.document && rec.bytes ? Buffer.from(rec.bytes) : undefined;
    },
  };
}

function snapshot(rec: MsgRecord): FakeMessage {
  const out: FakeMessage = { messageId: rec.messageId, from: rec.from, deleted: rec.deleted, editedCount: rec.editedCount };
  if (rec.text !== undefined) out.text = rec.text;
  if (rec.caption !== undefined) out.caption = rec.caption;
  if (rec.photo) out.photo = true;
  if (rec.document) out.document = { ...rec.document };
  if (rec.replyMarkup !== undefined) out.replyMarkup = clone(rec.replyMarkup);
  return out;
}
