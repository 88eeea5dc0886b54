import { and, eq, isNotNull, sql } from "drizzle-orm";
import { rememberBounded } from "./bounded-map.js";
import { first, type Conn } from "./db.js";
import { prepared } from "./prepared.js";
import type { Tables } from "./db.js";

export type UserRow = Tables["users"]["$inferSelect"];

/** Bounded memo for per-update lookups; cleared on every write that could change the answer. */
const MEMO_LIMIT = 50_000;
const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => rememberBounded(map, key, value, MEMO_LIMIT);

/**
 * SQLite only (the process is the database's only writer there): userId → chat id already stored
 * (and not blocked), so the per-update touch writes nothing; and each user's language.
 */
export interface UsersMemo {
  known: Map<number, number>;
  languages: Map<number, string | null | undefined>;
}

export const createUsersMemo = (): UsersMemo => ({ known: new Map(), languages: new Map() });

/** The values the prepared touch statements take. */
const USER_ID = sql.placeholder("userId");
const NOW = sql.placeholder("now");

export function createUsersRepo(conn: Conn, memo?: UsersMemo) {
  const { db, t } = conn;
  const u = t.users;
  const isKnown = (userId: number, chatId: number | undefined) =>
    memo?.known.has(userId) === true && (chatId === undefined || memo.known.get(userId) === chatId);

  const repo = {
    /**
     * Records the user on each update; from a private chat, also where their notices go (and
     * unblocks it). One statement; on SQLite nothing at all when the user is known unchanged.
     */
    async touch(userId: number, chatId: number | undefined): Promise<void> {
      if (isKnown(userId, chatId)) return;
      // every update runs one of these (on PostgreSQL; on SQLite only for a user not yet known)
      const now = Date.now();
      if (chatId === undefined) {
        await prepared(conn, "user_touch", ({ db }) =>
          db.insert(u).values({ id: USER_ID, chatId: USER_ID, createdAt: NOW, updatedAt: NOW }).onConflictDoNothing(),
        ).execute({ userId, now });
      } else {
        await prepared(conn, "user_touch_chat", ({ db }) => {
          const chatIdP = sql`${sql.placeholder("chatId")}`;
          return db
            .insert(u)
            .values({ id: USER_ID, chatId: sql.placeholder("chatId"), createdAt: NOW, updatedAt: NOW })
            .onConflictDoUpdate({ target: u.id, set: { chatId: chatIdP, blocked: false, updatedAt: sql`${NOW}` }, setWhere: sql`${u.chatId} <> ${chatIdP} or ${u.blocked}` });
        }).execute({ userId, chatId, now });
      }
      if (memo) remember(memo.known, userId, chatId ?? (await repo.get(userId))?.chatId ?? userId);
    },
    get(userId: number): Promise<UserRow | undefined> {
      return first(prepared(conn, "user_get", ({ db }) => db.select().from(u).where(eq(u.id, sql.placeholder("userId"))).limit(1)).execute({ userId }));
    },
    async getLanguage(userId: number): Promise<string | null | undefined> {
      if (memo?.languages.has(userId)) return memo.languages.get(userId);
      const row = await first(
        prepared(conn, "user_language", ({ db }) => db.select({ language: u.language }).from(u).where(eq(u.id, sql.placeholder("userId"))).limit(1)).execute({ userId }),
      );
      return memo ? remember(memo.languages, userId, row?.language) : row?.language;
    },
    async setLanguage(userId: number, language: string): Promise<void> {
      memo?.languages.delete(userId);
      await db.update(t.users).set({ language, updatedAt: Date.now() }).where(eq(t.users.id, userId));
    },
    async setBlockedByChat(chatId: number, blocked: boolean): Promise<void> {
      memo?.known.clear();
      await db.update(t.users).set({ blocked, updatedAt: Date.now() }).where(eq(t.users.chatId, chatId));
    },
    /** Users with a balance alert who still get notices: the balance watcher's list. */
    listBalanceAlerts(): Promise<Array<Pick<UserRow, "id" | "balanceAlertSun" | "balanceAlertTripped">>> {
      const u = t.users;
      return db
        .select({ id: u.id, balanceAlertSun: u.balanceAlertSun, balanceAlertTripped: u.balanceAlertTripped })
        .from(u)
        .where(and(isNotNull(u.balanceAlertSun), eq(u.noticesEnabled, true), eq(u.blocked, false)));
    },
    /**
     * Trips (or re-arms) the alert only while its threshold is still `alertSun` and it is not so
     * already (compare-and-set: a threshold changed meanwhile re-arms, and is never tripped by a
     * stale comparison). True when it moved.
     */
    async setBalanceAlertTripped(userId: number, alertSun: string, tripped: boolean): Promise<boolean> {
      const u = t.users;
      const rows = await db
        .update(u)
        .set({ balanceAlertTripped: tripped, updatedAt: Date.now() })
        .where(and(eq(u.id, userId), eq(u.balanceAlertSun, alertSun), eq(u.balanceAlertTripped, !tripped)))
        .returning({ id: u.id });
      return rows.length > 0;
    },
    async update(userId: number, values: Partial<Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun" | "balanceAlertTripped">>): Promise<void> {
      await db.update(t.users).set({ ...values, updatedAt: Date.now() }).where(eq(t.users.id, userId));
    },
  };
  return repo;
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
