/** What the bot may ask about a chat: getChat, getChatMember and getChatAdministrators, from the statuses a test set. */
import { bad, chatIdOf, getInt, type ChatState, type Handler, type Json } from "../common.js";
import { botUser, chatObject, ensureUser, notMember, userObject, type World } from "../world.js";

export function chatMethods(world: World): Record<string, Handler> {
  /** A group or channel the bot may look into (getChat, getChatMember, getChatAdministrators). */
  const memberChat = (p: Json): ChatState => {
    const chatId = chatIdOf(p);
    const chat = world.chats.get(chatId);
    if (!chat) throw bad("chat not found");
    const bot = chat.members.get(world.botInfo.id);
    if (chat.type !== "private" && bot && (bot.status === "left" || bot.status === "kicked")) throw notMember(chat);
    return chat;
  };

  return {
    getChat: (p) => {
      const chat = memberChat(p);
      return { ...chatObject(world, chat), accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false } };
    },
    getChatMember: (p) => {
      const chat = memberChat(p);
      const userId = getInt(p, "user_id");
      if (userId === undefined || userId <= 0) throw bad("invalid user_id specified");
      // a private chat has two members: its user and the bot
      if (chat.type === "private") return { status: userId === chat.id || userId === world.botInfo.id ? "member" : "left", user: userId === world.botInfo.id ? botUser(world) : userObject(ensureUser(world, userId)) };
      return memberObject(world, chat, userId);
    },
    getChatAdministrators: (p) => {
      const chat = memberChat(p);
      if (chat.type === "private") throw bad("there are no administrators in the private chat");
      return [...chat.members.entries()].filter(([, m]) => m.status === "creator" || m.status === "administrator").map(([id]) => memberObject(world, chat, id));
    },
  };
}

function memberObject(world: World, chat: ChatState, userId: number): Json {
  const entry = chat.members.get(userId);
  const user = userId === world.botInfo.id ? botUser(world) : userObject(ensureUser(world, userId));
  const status = entry?.status ?? "left";
  switch (status) {
    case "creator":
      return { status, user, is_anonymous: false };
    case "administrator": {
      const rights: Json = {
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: true,
        can_manage_video_chats: true,
        can_restrict_members: true,
        can_promote_members: false,
        can_change_info: true,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
      };
      if (chat.type === "channel") Object.assign(rights, { can_post_messages: true, can_edit_messages: true });
      else rights.can_pin_messages = true;
      return { status, user, ...rights, ...entry?.rights };
    }
    case "restricted":
      return {
        status,
        user,
        is_member: true,
        can_send_messages: false,
        can_send_audios: false,
        can_send_documents: false,
        can_send_photos: false,
        can_send_videos: false,
        can_send_video_notes: false,
        can_send_voice_notes: false,
        can_send_polls: false,
        can_send_other_messages: false,
        can_add_web_page_previews: false,
        can_change_info: false,
        can_invite_users: false,
        can_pin_messages: false,
        can_manage_topics: false,
        until_date: 0,
      };
    case "kicked":
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
}
