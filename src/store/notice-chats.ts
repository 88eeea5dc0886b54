/**
 * notice_chats: the group or channel where a user's pushed notices go (one per user). Losing the
 * right there moves `lost` from false to true with `version` + 1 by compare-and-set, so a loss is
 * told once whichever sender saw it first; choosing the chat again makes it live again.
 */
import { and, eq, sql, type Column } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type NoticeChatRow = Tables["noticeChats"]["$inferSelect"];
export type NoticeChatKind = "group" | "supergroup" | "channel";

const sqlIncrement = (c: Column) => sql`${c} + 1`;

export function createNoticeChatsRepo(conn: Conn) {
  const { db, t } = conn;
  const n = t.noticeChats;
  return {
    get(userId: number): Promise<NoticeChatRow | undefined> {
      return first(db.select().from(n).where(eq(n.userId, userId)).limit(1));
    },
    /** The user's chat while it is live (the bot and the user still administrators, as last seen). */
    live(userId: number): Promise<NoticeChatRow | undefined> {
      return first(db.select().from(n).where(and(eq(n.userId, userId), eq(n.lost, false))).limit(1));
    },
    /** Everyone whose live notice chat this is. */
    ownersOf(chatId: number): Promise<NoticeChatRow[]> {
      return db.select().from(n).where(and(eq(n.chatId, chatId), eq(n.lost, false)));
    },
    /** Everyone whose notice chat this is, lost or not. */
    usersOf(chatId: number): Promise<NoticeChatRow[]> {
      return db.select().from(n).where(eq(n.chatId, chatId));
    },
    /** Chooses the chat (live again; `full` kept only when it is the same chat). */
    async choose(userId: number, chat: { chatId: number; kind: NoticeChatKind; title: string }): Promise<void> {
      const before = await first(db.select().from(n).where(eq(n.userId, userId)).limit(1));
      const full = before?.chatId === chat.chatId ? before.full : false;
      await db
        .insert(n)
        .values({ userId, ...chat })
        .onConflictDoUpdate({ target: n.userId, set: { chatId: chat.chatId, kind: chat.kind, title: chat.title, full, lost: false } });
    },
    async update(userId: number, values: Partial<Pick<NoticeChatRow, "full" | "alsoPrivate">>): Promise<void> {
      await db.update(n).set(values).where(eq(n.userId, userId));
    },
    async remove(userId: number): Promise<void> {
      await db.delete(n).where(eq(n.userId, userId));
    },
    /** Marks the chat lost for its user; the new version when this call did it, undefined when it was already lost (or changed). */
    async markLost(userId: number, chatId: number): Promise<number | undefined> {
      const rows = await db
        .update(n)
        .set({ lost: true, version: sqlIncrement(n.version) })
        .where(and(eq(n.userId, userId), eq(n.chatId, chatId), eq(n.lost, false)))
        .returning({ version: n.version });
      return rows[0]?.version;
    },
  };
}

export type NoticeChatsRepo = ReturnType<typeof createNoticeChatsRepo>;
