import { eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { users } from "./schema.js";

export type UserRow = typeof users.$inferSelect;

export function createUsersRepo(db: Db) {
  return {
    /** Records the user on each private-chat update; the chat id is where notices go. */
    touch(userId: number, chatId: number | undefined): void {
      db.insert(users)
        .values({ id: userId, chatId: chatId ?? userId })
        .onConflictDoUpdate({
          target: users.id,
          set: chatId === undefined ? { updatedAt: Date.now() } : { chatId, blocked: false, updatedAt: Date.now() },
          setWhere: chatId === undefined ? sql`0` : sql`${users.chatId} != ${chatId} or ${users.blocked} = 1`,
        })
        .run();
    },
    get(userId: number): UserRow | undefined {
      return db.select().from(users).where(eq(users.id, userId)).get();
    },
    getLanguage(userId: number): string | null | undefined {
      return db.select({ language: users.language }).from(users).where(eq(users.id, userId)).get()?.language;
    },
    setLanguage(userId: number, language: string): void {
      db.update(users).set({ language, updatedAt: Date.now() }).where(eq(users.id, userId)).run();
    },
    setBlockedByChat(chatId: number, blocked: boolean): void {
      db.update(users).set({ blocked, updatedAt: Date.now() }).where(eq(users.chatId, chatId)).run();
    },
    update(userId: number, values: Partial<Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun" | "balanceAlertTripped">>): void {
      db.update(users).set({ ...values, updatedAt: Date.now() }).where(eq(users.id, userId)).run();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
