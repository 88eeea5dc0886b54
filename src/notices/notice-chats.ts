/**
 * Where pushed notices may go besides the private chat (issue 33): a group or channel where both the
 * user and the bot are administrators (and, in a channel, the bot may post). Checked with
 * getChatMember when the user chooses the chat (`noticeChatRight`) and again by the sender before
 * each send there (`createNoticeChatGuard`, cached briefly). A chat where the right is gone is marked
 * lost for its user, once (store/notice-chats.ts), the user is told once in the private chat, and
 * the notice falls back there: its private copy, held in the outbox while the group's was pending,
 * is released. The notifier (notifier.ts) decides what each notice's copies are.
 */
import { GrammyError } from "grammy";
import type { ChatMember } from "grammy/types";
import type { Store } from "../store/index.js";
import type { OutboxRow } from "../store/outbox.js";
import type { NoticeChatRow } from "../store/notice-chats.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { Notifier } from "./notifier.js";

/** The one Bot API call the checks make. */
export interface ChatMemberReader {
  getChatMember(chatId: number, userId: number): Promise<ChatMember>;
}

/** Ok, or who lost the right: the bot, the user, or nobody can look into the chat any more. */
export type ChatRight = { ok: true } | { ok: false; who: "bot" | "user" | "chat" };

const administers = (m: ChatMember) => m.status === "creator" || m.status === "administrator";

/** Whether the chat can take the user's notices now: both administrators, and in a channel the bot may post. */
export async function noticeChatRight(api: ChatMemberReader, botId: number, chatId: number, userId: number, kind: string): Promise<ChatRight> {
  try {
    const bot = await api.getChatMember(chatId, botId);
    if (!administers(bot) || (kind === "channel" && bot.status === "administrator" && bot.can_post_messages !== true)) return { ok: false, who: "bot" };
    const user = await api.getChatMember(chatId, userId);
    return administers(user) ? { ok: true } : { ok: false, who: "user" };
  } catch (err) {
    // 400 chat not found, 403 the bot is not a member: nothing to post there
    if (err instanceof GrammyError && (err.error_code === 400 || err.error_code === 403)) return { ok: false, who: "chat" };
    throw err;
  }
}

export interface NoticeChatGuardDeps {
  /** Read on every use (tests swap the store on restart). */
  readonly store: Store;
  readonly notifier: Notifier;
  api: ChatMemberReader;
  /** The bot's user id (getMe). */
  botId: () => number;
  logger: Logger;
  now?: () => number;
  /** How long a right seen is trusted before asking again (default 30 s). */
  cacheMs?: number;
}

export type NoticeChatGuard = ReturnType<typeof createNoticeChatGuard>;

/** The sender's checks around a copy of a notice for a notice chat (rows for other chats pass untouched). */
export function createNoticeChatGuard(deps: NoticeChatGuardDeps) {
  const clock = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? 30_000;
  const seen = new Map<string, { right: ChatRight; at: number }>();

  async function rightOf(owner: NoticeChatRow): Promise<ChatRight> {
    const key = `${owner.chatId}:${owner.userId}`;
    const cached = seen.get(key);
    if (cached && clock() - cached.at < cacheMs) return cached.right;
    const right = await noticeChatRight(deps.api, deps.botId(), owner.chatId, owner.userId, owner.kind);
    seen.set(key, { right, at: clock() });
    if (seen.size > 10_000) seen.delete(seen.keys().next().value!);
    return right;
  }

  /** The notice's key without the chat it was addressed to (`<key>@<chat>`, notifier.ts). */
  const baseKey = (row: OutboxRow) => row.dedupeKey.slice(0, row.dedupeKey.lastIndexOf("@"));
  const privateKey = async (row: OutboxRow, userId: number) => {
    const user = await deps.store.outbox.recipient(userId);
    return user && `${baseKey(row)}@${user.chatId}`;
  };
  /** A copy of a notice for a notice chat: a new message (not an edit, not an announcement) to a group or channel. */
  const candidate = (row: OutboxRow) => row.chatId < 0 && row.editMessageId === null && row.announcementId === null && row.dedupeKey.includes("@");

  /** The chat is lost for `owner`: marked once, told once, and this notice's private copy released. */
  async function lose(row: OutboxRow, owner: NoticeChatRow, who: string): Promise<void> {
    const store = deps.store;
    const version = await store.noticeChats.markLost(owner.userId, owner.chatId);
    if (version !== undefined) {
      deps.logger.info({ chatId: owner.chatId, userId: owner.userId, who }, "notice chat lost: notices go to the private chat again");
      await deps.notifier.noticeChatLost(owner.userId, owner.title, version);
    }
    await release(row, owner.userId);
  }

  /** Every user whose notice chat this is, lost or not. */
  const usersOf = (chatId: number) => deps.store.noticeChats.usersOf(chatId);
  const release = async (row: OutboxRow, userId: number) => {
    const key = await privateKey(row, userId);
    if (key) await deps.store.outbox.releaseHeld(key, clock());
  };
  /** Not sent there: nobody there may get it any more (each user's private copy was released). */
  const reroute = async (row: OutboxRow, leaseOwner: string, reason: string): Promise<false> => {
    await deps.store.outbox.markRerouted(row.id, leaseOwner, reason);
    return false;
  };

  return {
    /** True: send the row. False: it was settled here (nobody in that chat may get it; private copies released). */
    async beforeSend(row: OutboxRow, leaseOwner: string): Promise<boolean> {
      if (!candidate(row)) return true;
      const owners = await usersOf(row.chatId);
      if (owners.length === 0) return true; // nobody's notice chat: another kind of message to a group
      let live = 0;
      for (const owner of owners) {
        if (owner.lost) {
          await release(row, owner.userId);
          continue;
        }
        let right: ChatRight;
        try {
          right = await rightOf(owner);
        } catch (err) {
          // Telegram out of reach: the send decides (its own failure is retried)
          deps.logger.warn({ err: errorFields(err), chatId: row.chatId }, "could not check a notice chat's rights: sending");
          return true;
        }
        if (right.ok) live++;
        else await lose(row, owner, right.who);
      }
      return live > 0 ? true : reroute(row, leaseOwner, "notice chat lost");
    },
    /** Sent there: the held private copies of its users are not needed. */
    async afterSent(row: OutboxRow): Promise<void> {
      if (!candidate(row)) return;
      const keys: string[] = [];
      for (const owner of await usersOf(row.chatId)) {
        if (owner.lost) continue;
        const key = await privateKey(row, owner.userId);
        if (key) keys.push(key);
      }
      await deps.store.outbox.dropHeld(keys);
    },
    /** Telegram refused the send (400 or 403): the bot cannot post there. True when handled here. */
    async refused(row: OutboxRow, leaseOwner: string, err: unknown): Promise<boolean> {
      if (!candidate(row) || !(err instanceof GrammyError) || (err.error_code !== 400 && err.error_code !== 403)) return false;
      const owners = await usersOf(row.chatId);
      if (owners.length === 0) return false;
      for (const owner of owners) {
        seen.delete(`${owner.chatId}:${owner.userId}`);
        if (owner.lost) await release(row, owner.userId);
        else await lose(row, owner, "refused");
      }
      await reroute(row, leaseOwner, err.description);
      return true;
    },
  };
}
