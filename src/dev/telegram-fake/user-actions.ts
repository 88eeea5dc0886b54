/**
 * The users' side of the fake Telegram, as a test drives it: messages, button taps, inline queries,
 * blocking the bot, sharing a chat, raw updates, and the groups and members a test sets up. Each
 * action that Telegram would report becomes a queued update.
 */
import type { Update } from "grammy/types";
import type { FakeBotApi } from "./types.js";
import { clone, isObj, nowSec, promised, type Json, type MsgRecord } from "./common.js";
import { flattenButtons } from "./markup.js";
import { botUser, chatObject, ensureChat, ensureUser, keyboardMessage, sortedMessages, userObject, type UserPatch, type World } from "./world.js";

export type UserActions = Pick<
  FakeBotApi,
  "sendText" | "tap" | "tapButton" | "inlineQuery" | "myChatMember" | "setChat" | "setChatMember" | "shareChat" | "injectUpdate"
>;

/** `enqueue` queues an update for the bot and returns its update_id. */
export function userActions(world: World, enqueue: (partial: Json) => number): UserActions {
  const tap: UserActions["tap"] = (input) =>
    promised(() => {
      const chatId = input.chatId ?? input.userId;
      const rec = world.chats.get(chatId)?.messages.get(input.messageId);
      if (!rec) {
        throw new Error(`FakeBotApi.tap: there is no message ${input.messageId} in chat ${chatId}`);
      }
      const user = ensureUser(world, input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
      const callbackQueryId = String(4_000_000_000_000 + world.nextId());
      world.openCallbackQueries.add(callbackQueryId);
      const updateId = enqueue({
        callback_query: {
          id: callbackQueryId,
          from: userObject(user),
          message: clone(rec.message),
          chat_instance: String(1_000_000_000 + Math.abs(chatId)),
          data: input.data,
        },
      });
      return { updateId, callbackQueryId };
    });

  return {
    sendText: (input) =>
      promised(() => {
        const patch: UserPatch = {};
        if (input.firstName !== undefined) patch.firstName = input.firstName;
        if (input.username !== undefined) patch.username = input.username;
        if (input.languageCode !== undefined) patch.languageCode = input.languageCode;
        const user = ensureUser(world, input.userId, patch);
        const chatId = input.chatId ?? input.userId;
        const chat = ensureChat(world, chatId, input.chatType ?? (chatId === input.userId ? "private" : undefined));
        const messageId = chat.nextMessageId++;
        const message: Json = {
          message_id: messageId,
          from: userObject(user),
          chat: chatObject(world, chat),
          date: nowSec(),
          text: input.text,
        };
        const command = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{1,64})?/.exec(input.text);
        const entities = command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : [];
        if (command) message.entities = entities;
        chat.messages.set(messageId, {
          messageId,
          from: "user",
          message,
          text: input.text,
          entities,
          photo: false,
          deleted: false,
          editedCount: 0,
        });
        const updateId = enqueue({ message: clone(message) });
        return { updateId, messageId };
      }),

    tap,

    tapButton: async (input) => {
      const chatId = input.chatId ?? input.userId;
      const rec = keyboardMessage(world, chatId, input.messageId);
      const label = String(input.text);
      if (!rec) {
        const where = input.messageId !== undefined ? `message ${input.messageId}` : "any bot message";
        throw new Error(`FakeBotApi.tapButton(${label}): no inline keyboard on ${where} in chat ${chatId}`);
      }
      const buttons = flattenButtons(rec.replyMarkup);
      const button = buttons.find((b) => (typeof input.text === "string" ? b.text === input.text : input.text.test(b.text)));
      if (!button) {
        throw new Error(
          `FakeBotApi.tapButton: no button matching ${label} on message ${rec.messageId} in chat ${chatId}; ` +
            `available: ${JSON.stringify(buttons.map((b) => b.text))}`,
        );
      }
      if (button.callbackData === undefined) {
        throw new Error(`FakeBotApi.tapButton: button ${JSON.stringify(button.text)} has no callback_data (${JSON.stringify(button)})`);
      }
      const tapInput: Parameters<UserActions["tap"]>[0] = { chatId, userId: input.userId, messageId: rec.messageId, data: button.callbackData };
      if (input.languageCode !== undefined) tapInput.languageCode = input.languageCode;
      return tap(tapInput);
    },

    inlineQuery: (input) =>
      promised(() => {
        const user = ensureUser(world, input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
        const inlineQueryId = String(5_000_000_000_000 + world.nextId());
        world.openInlineQueries.add(inlineQueryId);
        const updateId = enqueue({
          inline_query: { id: inlineQueryId, from: userObject(user), query: input.query, offset: "", chat_type: "sender" },
        });
        return { updateId, inlineQueryId };
      }),

    myChatMember: (input) =>
      promised(() => {
        const user = ensureUser(world, input.userId);
        const chatId = input.chatId ?? input.userId;
        const chat = ensureChat(world, chatId, chatId === input.userId ? "private" : undefined);
        const bot = botUser(world);
        const kicked = { user: bot, status: "kicked", until_date: 0 };
        const member = { user: bot, status: "member" };
        // A private chat "kicked" means the user blocked the bot: sends now fail with 403.
        if (input.status === "kicked") world.blocked.add(chatId);
        else world.blocked.delete(chatId);
        const updateId = enqueue({
          my_chat_member: {
            chat: chatObject(world, chat),
            from: userObject(user),
            date: nowSec(),
            old_chat_member: input.status === "kicked" ? member : kicked,
            new_chat_member: input.status === "kicked" ? kicked : member,
          },
        });
        return { updateId };
      }),

    setChat: (input) => {
      if (input.chatId >= 0) throw new Error(`FakeBotApi.setChat: ${input.chatId} is not a group or channel id (they are negative)`);
      const chat = ensureChat(world, input.chatId, input.type);
      chat.type = input.type;
      if (input.title !== undefined) chat.title = input.title;
      else chat.title ??= input.type === "channel" ? "Test Channel" : "Test Group";
      if (input.username !== undefined) chat.username = input.username;
    },

    setChatMember: (input) => {
      if (input.chatId >= 0) throw new Error(`FakeBotApi.setChatMember: ${input.chatId} is not a group or channel id`);
      const chat = ensureChat(world, input.chatId);
      if (input.userId !== world.botInfo.id) {
        const patch: UserPatch = {};
        if (input.firstName !== undefined) patch.firstName = input.firstName;
        if (input.username !== undefined) patch.username = input.username;
        ensureUser(world, input.userId, patch);
      }
      chat.members.set(input.userId, { status: input.status, rights: { ...input.rights } });
    },

    shareChat: (input) =>
      promised(() => {
        const shared = world.chats.get(input.chatId);
        if (!shared || shared.type === "private") throw new Error(`FakeBotApi.shareChat: no group or channel ${input.chatId} (setChat it first)`);
        const user = ensureUser(world, input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
        const chat = ensureChat(world, input.userId, "private");
        const keyboard = sortedMessages(world, input.userId)
          .filter((r) => r.from === "bot" && isObj(r.replyMarkup) && ("keyboard" in r.replyMarkup || "remove_keyboard" in r.replyMarkup))
          .pop()?.replyMarkup;
        const rows = isObj(keyboard) && Array.isArray(keyboard.keyboard) ? (keyboard.keyboard as unknown[][]) : [];
        const button = rows.flat().find((b): b is Json => isObj(b) && isObj(b.request_chat) && b.request_chat.request_id === input.requestId);
        const request = button && isObj(button.request_chat) ? button.request_chat : undefined;
        if (!request) throw new Error(`FakeBotApi.shareChat: the last reply keyboard in chat ${input.userId} has no request_chat button with request_id ${input.requestId}`);
        if ((request.chat_is_channel === true) !== (shared.type === "channel")) {
          throw new Error(`FakeBotApi.shareChat: request ${input.requestId} asks for a ${request.chat_is_channel === true ? "channel" : "group"}, chat ${input.chatId} is a ${shared.type}`);
        }
        const mine = shared.members.get(input.userId)?.status;
        if (request.chat_is_created === true && mine !== "creator") throw new Error(`FakeBotApi.shareChat: request ${input.requestId} wants a chat the user created`);
        if (isObj(request.user_administrator_rights) && mine !== "creator" && mine !== "administrator") {
          throw new Error(`FakeBotApi.shareChat: request ${input.requestId} wants a chat the user administers; they are "${mine ?? "left"}" in ${input.chatId}`);
        }
        const messageId = chat.nextMessageId++;
        const chatShared: Json = { request_id: input.requestId, chat_id: input.chatId };
        if (request.request_title === true && shared.title) chatShared.title = shared.title;
        if (request.request_username === true && shared.username) chatShared.username = shared.username;
        const message: Json = { message_id: messageId, from: userObject(user), chat: chatObject(world, chat), date: nowSec(), chat_shared: chatShared };
        chat.messages.set(messageId, { messageId, from: "user", message, photo: false, deleted: false, editedCount: 0 });
        const updateId = enqueue({ message: clone(message) });
        return { updateId, messageId };
      }),

    injectUpdate: (update: Omit<Update, "update_id">) =>
      promised(() => {
        const raw = clone(update) as Json;
        const cq = raw.callback_query;
        if (isObj(cq) && typeof cq.id === "string") world.openCallbackQueries.add(cq.id);
        const iq = raw.inline_query;
        if (isObj(iq) && typeof iq.id === "string") world.openInlineQueries.add(iq.id);
        const msg = raw.message;
        if (isObj(msg) && isObj(msg.chat) && typeof msg.chat.id === "number" && typeof msg.message_id === "number") {
          const type = msg.chat.type;
          const chat = ensureChat(world, msg.chat.id, type === "private" || type === "group" || type === "supergroup" || type === "channel" ? type : undefined);
          const rec: MsgRecord = {
            messageId: msg.message_id,
            from: "user",
            message: clone(msg),
            photo: Array.isArray(msg.photo),
            deleted: false,
            editedCount: 0,
          };
          if (typeof msg.text === "string") rec.text = msg.text;
          if (typeof msg.caption === "string") rec.caption = msg.caption;
          chat.messages.set(msg.message_id, rec);
          chat.nextMessageId = Math.max(chat.nextMessageId, msg.message_id + 1);
        }
        return { updateId: enqueue(raw) };
      }),
  };
}
