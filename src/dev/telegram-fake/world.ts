/**
 * The fake Bot API's world: the chats with their messages, the users, the blocked chats and the open
 * queries, shared by the methods (the bot's side) and the user actions (the test's side), and the
 * Telegram objects (Chat, User) drawn from them.
 */
import type { UserFromGetMe } from "grammy/types";
import { ApiError, bad, chatIdOf, type ChatState, type ChatType, type Json, type MsgRecord, type UserInfo } from "./common.js";
import { inlineMarkup } from "./markup.js";

export interface World {
  readonly botInfo: UserFromGetMe;
  readonly chats: Map<number, ChatState>;
  readonly users: Map<number, UserInfo>;
  /** Chats whose sends answer 403 (blockChat, or a user who blocked the bot). */
  readonly blocked: Set<number>;
  /** Callback and inline queries the bot may still answer once. */
  readonly openCallbackQueries: Set<string>;
  readonly openInlineQueries: Set<string>;
  /** The next number for file and query ids; not reset with the rest, so ids stay unique across resets. */
  nextId(): number;
}

export function createWorld(botInfo: UserFromGetMe): World {
  let idCounter = 0;
  return {
    botInfo,
    chats: new Map(),
    users: new Map(),
    blocked: new Set(),
    openCallbackQueries: new Set(),
    openInlineQueries: new Set(),
    nextId: () => ++idCounter,
  };
}

export function clearWorld(world: World): void {
  world.chats.clear();
  world.users.clear();
  world.blocked.clear();
  world.openCallbackQueries.clear();
  world.openInlineQueries.clear();
}

export type UserPatch = { firstName?: string; username?: string; languageCode?: string };

export function ensureUser(world: World, id: number, patch: UserPatch = {}): UserInfo {
  let user = world.users.get(id);
  if (!user) {
    user = { id, firstName: patch.firstName ?? "Test", languageCode: patch.languageCode ?? "en" };
    world.users.set(id, user);
  } else {
    if (patch.firstName !== undefined) user.firstName = patch.firstName;
    if (patch.languageCode !== undefined) user.languageCode = patch.languageCode;
  }
  if (patch.username !== undefined) user.username = patch.username;
  return user;
}

export function ensureChat(world: World, chatId: number, type?: ChatType): ChatState {
  let chat = world.chats.get(chatId);
  if (!chat) {
    const t: ChatType = type ?? (chatId > 0 ? "private" : chatId < -1_000_000_000_000 ? "supergroup" : "group");
    chat = { id: chatId, type: t, messages: new Map(), nextMessageId: 1, members: new Map() };
    if (t !== "private") chat.title = t === "channel" ? "Test Channel" : "Test Group";
    world.chats.set(chatId, chat);
  }
  return chat;
}

export function chatObject(world: World, chat: ChatState): Json {
  if (chat.type !== "private") {
    const obj: Json = { id: chat.id, type: chat.type, title: chat.title ?? "Test Group" };
    if (chat.username) obj.username = chat.username;
    return obj;
  }
  const user = world.users.get(chat.id);
  const obj: Json = { id: chat.id, type: "private", first_name: user?.firstName ?? "Test" };
  if (user?.username) obj.username = user.username;
  return obj;
}

export function userObject(user: UserInfo): Json {
  const obj: Json = { id: user.id, is_bot: false, first_name: user.firstName };
  if (user.username) obj.username = user.username;
  obj.language_code = user.languageCode;
  return obj;
}

export function botUser(world: World): Json {
  return { id: world.botInfo.id, is_bot: true, first_name: world.botInfo.first_name, username: world.botInfo.username };
}

/** The chat a method acts in; a send (`isSend`) is refused where Telegram refuses it (blocked, not a member, no right to post). */
export function targetChat(world: World, p: Json, isSend: boolean): ChatState {
  const chatId = chatIdOf(p);
  if (isSend && world.blocked.has(chatId)) {
    throw new ApiError(403, chatId > 0 ? "Forbidden: bot was blocked by the user" : "Forbidden: bot was kicked from the group chat");
  }
  const chat = ensureChat(world, chatId);
  if (isSend && chat.type !== "private") {
    const bot = chat.members.get(world.botInfo.id);
    if (bot && (bot.status === "left" || bot.status === "kicked")) throw notMember(chat);
    if (bot && chat.type === "channel" && !(bot.status === "creator" || (bot.status === "administrator" && bot.rights.can_post_messages !== false))) {
      throw bad("need administrator rights in the channel chat");
    }
  }
  return chat;
}

export function notMember(chat: ChatState): ApiError {
  return new ApiError(403, `Forbidden: bot is not a member of the ${chat.type === "channel" ? "channel" : chat.type === "supergroup" ? "supergroup" : "group"} chat`);
}

export function sortedMessages(world: World, chatId: number): MsgRecord[] {
  return [...(world.chats.get(chatId)?.messages.values() ?? [])].sort((a, b) => a.messageId - b.messageId);
}

/** The message with an inline keyboard: the given one, or the bot's last one not deleted. */
export function keyboardMessage(world: World, chatId: number, messageId?: number): MsgRecord | undefined {
  if (messageId !== undefined) {
    const rec = world.chats.get(chatId)?.messages.get(messageId);
    return rec && inlineMarkup(rec.replyMarkup) ? rec : undefined;
  }
  return sortedMessages(world, chatId)
    .filter((r) => r.from === "bot" && !r.deleted && inlineMarkup(r.replyMarkup))
    .pop();
}
