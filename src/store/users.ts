import { eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { users } from "./schema.js";

export type UserRow = typeof users.$inferSelect;

/** Bounded memo for per-update lookups; cleared on every write that could change the answer. */
const MEMO_LIMIT = 50_000;
function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= MEMO_LIMIT) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

export function createUsersRepo(db: Db) {
  // userId → chatId already stored (and not blocked): the per-update touch then writes nothing
  const known = new Map<number, number | undefined>();
  const languages = new Map<number, string | null | undefined>();

  const selectForTouch = db
    .select({ chatId: users.chatId, blocked: users.blocked, language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  const insert = db
    .insert(users)
    .values({ id: sql.placeholder("id"), chatId: sql.placeholder("chatId") })
    .onConflictDoNothing()
    .prepare();
  const updateChat = db
    .update(users)
    .set({ chatId: sql`${sql.placeholder("chatId")}`, blocked: false, updatedAt: sql`${sql.placeholder("now")}` })
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  const selectLanguage = db.select({ language: users.language }).from(users).where(eq(users.id, sql.placeholder("id"))).prepare();

  return {
    /** Records the user on each update; from a private chat, also where their notices go. */
    touch(userId: number, chatId: number | undefined): void {
      if (known.has(userId) && (chatId === undefined || known.get(userId) === chatId)) return;
      const row = selectForTouch.get({ id: userId });
      if (!row) insert.run({ id: userId, chatId: chatId ?? userId });
      else if (chatId !== undefined && (row.chatId !== chatId || row.blocked)) updateChat.run({ id: userId, chatId, now: Date.now() });
      remember(languages, userId, row?.language ?? null);
      remember(known, userId, chatId ?? row?.chatId ?? userId);
    },
    get(userId: number): UserRow | undefined {
      return db.select().from(users).where(eq(users.id, userId)).get();
    },
    getLanguage(userId: number): string | null | undefined {
      if (languages.has(userId)) return languages.get(userId);
      return remember(languages, userId, selectLanguage.get({ id: userId })?.language);
    },
    setLanguage(userId: number, language: string): void {
      db.update(users).set({ language, updatedAt: Date.now() }).where(eq(users.id, userId)).run();
      languages.delete(userId);
    },
    setBlockedByChat(chatId: number, blocked: boolean): void {
      db.update(users).set({ blocked, updatedAt: Date.now() }).where(eq(users.chatId, chatId)).run();
      known.clear();
    },
    update(userId: number, values: Partial<Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun" | "balanceAlertTripped">>): void {
      db.update(users).set({ ...values, updatedAt: Date.now() }).where(eq(users.id, userId)).run();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
