/**
 * team_desks: a key bound by its owner to one group (/team). A group has at most one desk; an owner
 * may bind several keys, each to its own group.
 */
import { and, eq } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type TeamDeskRow = Tables["teamDesks"]["$inferSelect"];

export function createTeamDesksRepo(conn: Conn) {
  const { db, t } = conn;
  const d = t.teamDesks;
  return {
    forChat(chatId: number): Promise<TeamDeskRow | undefined> {
      return first(db.select().from(d).where(eq(d.chatId, chatId)).limit(1));
    },
    listOf(userId: number): Promise<TeamDeskRow[]> {
      return db.select().from(d).where(eq(d.userId, userId)).orderBy(d.createdAt);
    },
    /** Binds the key to the group; false when the group already has another owner's desk. */
    async bind(desk: { chatId: number; userId: number; keyId: number; title: string }): Promise<boolean> {
      const rows = await db
        .insert(d)
        .values(desk)
        .onConflictDoUpdate({ target: d.chatId, set: { keyId: desk.keyId, title: desk.title }, setWhere: eq(d.userId, desk.userId) })
        .returning({ chatId: d.chatId });
      return rows.length > 0;
    },
    async remove(userId: number, chatId: number): Promise<boolean> {
      return (await db.delete(d).where(and(eq(d.chatId, chatId), eq(d.userId, userId))).returning({ chatId: d.chatId })).length > 0;
    },
    async setMax(userId: number, chatId: number, maxOrderSun: bigint | null): Promise<void> {
      await db
        .update(d)
        .set({ maxOrderSun: maxOrderSun === null ? null : maxOrderSun.toString() })
        .where(and(eq(d.chatId, chatId), eq(d.userId, userId)));
    },
  };
}

export type TeamDesksRepo = ReturnType<typeof createTeamDesksRepo>;
