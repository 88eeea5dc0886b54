/**
 * Picking a group or channel from the private chat (a user's notice chat in /settings, a team desk
 * in /team): Telegram's own chat picker (a request_chat keyboard button: only chats the user
 * administers, and Telegram offers to make the bot an administrator there), or the chat's id sent as
 * text, or a message forwarded from the channel, while the pick is open (10 minutes, kept in the
 * chat's state, chat-state.ts). Who may use the chat is checked afterwards with getChatMember by the feature.
 */
import { Keyboard } from "grammy";
import type { ChatAdministratorRights } from "grammy/types";
import type { BotContext } from "../context.js";
import { changeChatState, readChatState } from "../chat-state.js";

export type PickPurpose = "notices" | "team";

/** request_id of each picker button (a chat_shared message names the button it answers). */
export const PICK_REQUESTS = { noticesGroup: 3301, noticesChannel: 3302, teamGroup: 3303 } as const;

const PICK_OPEN_MS = 10 * 60_000;

const rights = (post: boolean): ChatAdministratorRights => ({
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: false,
  can_manage_video_chats: false,
  can_restrict_members: false,
  can_promote_members: false,
  can_change_info: false,
  can_invite_users: false,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_send_welcome_messages: false,
  ...(post ? { can_post_messages: true } : {}),
});

/** The picker: a button per kind of chat (channel: the bot must be able to post), shown once. */
export function chatPickKeyboard(buttons: ReadonlyArray<{ text: string; requestId: number; channel: boolean }>): Keyboard {
  const keyboard = new Keyboard();
  for (const b of buttons) {
    keyboard.requestChat(b.text, b.requestId, {
      chat_is_channel: b.channel,
      user_administrator_rights: rights(b.channel),
      bot_administrator_rights: rights(b.channel),
      request_title: true,
    });
  }
  return keyboard.oneTime().resized();
}

/** Opens a pick for `purpose` in this chat (typed ids and forwards count for it for a while). */
export async function openPick(ctx: BotContext, purpose: PickPurpose): Promise<void> {
  const chatPick = { purpose, at: ctx.deps.now() };
  await changeChatState(ctx, (state) => ({ ...state, chatPick }));
}

export async function closePick(ctx: BotContext): Promise<void> {
  await changeChatState(ctx, ({ chatPick: _closed, ...state }) => state);
}

/**
 * The chat this message picks for `purpose`, if it is an answer: a chat_shared from one of its
 * buttons, or (while the pick is open) a typed id such as -1001234567890 or a forward from a channel.
 */
export async function pickedChat(ctx: BotContext, purpose: PickPurpose, requestIds: readonly number[]): Promise<number | undefined> {
  const msg = ctx.message;
  if (!msg) return undefined;
  if (msg.chat_shared) return requestIds.includes(msg.chat_shared.request_id) ? msg.chat_shared.chat_id : undefined;
  const typed = msg.text !== undefined ? /^\s*(-\d{5,16})\s*$/.exec(msg.text)?.[1] : undefined;
  const forwarded = msg.forward_origin?.type === "channel" ? msg.forward_origin.chat.id : undefined;
  if (typed === undefined && forwarded === undefined) return undefined;
  const pick = (await readChatState(ctx)).chatPick;
  if (!pick || pick.purpose !== purpose || ctx.deps.now() - pick.at > PICK_OPEN_MS) return undefined;
  return forwarded ?? Number(typed);
}

/** Removes the picker keyboard with a message. */
export const noKeyboard = { reply_markup: { remove_keyboard: true as const } };
