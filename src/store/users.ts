import { and, eq, exists, sql } from "drizzle-orm";
import { rememberBounded } from "./bounded-map.js";
import { first, type Conn } from "./db.js";
import { prepared } from "./prepared.js";
import type { Tables } from "./db.js";

export type UserRow = Tables["users"]["$inferSelect"];

/** Bounded memo for per-update lookups; cleared on every write that could change the answer. */
const MEMO_LIMIT = 50_000;
const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => rememberBounded(map, key, value, MEMO_LIMIT);

/** What the per-update touch compares with: where the user's notices go, and their Telegram language. */
interface SeenUser {
  chatId: number;
  languageCode: string | null;
}

/**
 * What the repository keeps in memory across updates (one per store):
 * - `known`, SQLite only (the process is the database's only writer there): userId → what is
 *   already stored (and not blocked), so the per-update touch writes nothing;
 * - `languages`: each user's chosen language and when it was read, used for `languageTtlMs`.
 */
export interface UsersMemo {
  known?: Map<number, SeenUser>;
  languages: Map<number, { language: string | null | undefined; at: number }>;
  languageTtlMs: number;
}

/**
 * PostgreSQL: how long a chosen language read from the database is used. An update reads it once
 * (users.seen) and the conversations plugin again for each update of a flow it replays: those come
 * from here. A choice made here is seen at once; one made through another replica within this long.
 */
export const LANGUAGE_TTL_MS = 2_000;

export const createUsersMemo = (dialect: "sqlite" | "pg"): UsersMemo =>
  dialect === "sqlite" ? { known: new Map(), languages: new Map(), languageTtlMs: Number.POSITIVE_INFINITY } : { languages: new Map(), languageTtlMs: LANGUAGE_TTL_MS };

/** The values the prepared touch statements take. */
const USER_ID = sql.placeholder("userId");
const NOW = sql.placeholder("now");

export function createUsersRepo(conn: Conn, memo?: UsersMemo) {
  const { db, t } = conn;
  const u = t.users;
  const isKnown = (userId: number, chatId: number | undefined, languageCode: string | undefined) => {
    const seen = memo?.known?.get(userId);
    return seen !== undefined && (chatId === undefined || seen.chatId === chatId) && (languageCode === undefined || seen.languageCode === languageCode);
  };

  /**
   * The upsert that records a user seen on an update (touch, and seen's `WITH`), its values through
   * placeholders: from a private chat (`withChat`) also the chat, unblocked; the row is written
   * only when one of these or the Telegram language changed.
   */
  const recordUser = (db: Conn["db"], withChat: boolean) => {
    const codeP = sql`cast(${sql.placeholder("code")} as text)`;
    const codeChanged = sql`${codeP} is not null and (${u.languageCode} is null or ${u.languageCode} <> ${codeP})`;
    if (!withChat)
      return db
        .insert(u)
        .values({ id: USER_ID, chatId: USER_ID, languageCode: sql.placeholder("code"), createdAt: NOW, updatedAt: NOW })
        .onConflictDoUpdate({ target: u.id, set: { languageCode: codeP, updatedAt: sql`${NOW}` }, setWhere: codeChanged });
    const chatIdP = sql`${sql.placeholder("chatId")}`;
    return db
      .insert(u)
      .values({ id: USER_ID, chatId: sql.placeholder("chatId"), languageCode: sql.placeholder("code"), createdAt: NOW, updatedAt: NOW })
      .onConflictDoUpdate({
        target: u.id,
        set: { chatId: chatIdP, blocked: false, languageCode: sql`coalesce(${codeP}, ${u.languageCode})`, updatedAt: sql`${NOW}` },
        setWhere: sql`${u.chatId} <> ${chatIdP} or ${u.blocked} or (${codeChanged})`,
      });
  };

  const rememberLanguage = (userId: number, language: string | null | undefined) => {
    if (memo) remember(memo.languages, userId, { language, at: Date.now() });
    return language;
  };

  const repo = {
    /**
     * Records the user on each update: from a private chat, also where their notices go (and
     * unblocks it); and Telegram's language_code when the update has one (an update without one
     * keeps the stored one). One statement that writes the row only when one of these changed; on
     * SQLite nothing at all when the user is known unchanged.
     */
    async touch(userId: number, chatId: number | undefined, languageCode?: string): Promise<void> {
      if (isKnown(userId, chatId, languageCode)) return;
      // every update runs one of these (on PostgreSQL; on SQLite only for a user not yet known or changed)
      const withChat = chatId !== undefined;
      await prepared(conn, withChat ? "user_touch_chat" : "user_touch", ({ db }) => recordUser(db, withChat)).execute({ userId, chatId, code: languageCode ?? null, now: Date.now() });
      if (memo?.known) {
        const row = chatId !== undefined && languageCode !== undefined ? { chatId, languageCode } : await repo.get(userId);
        if (row) remember(memo.known, userId, { chatId: row.chatId, languageCode: row.languageCode });
      }
    },
    /**
     * `touch`, answering with the user's chosen language (/language; null: none chosen). Every
     * update asks both: on PostgreSQL in one prepared statement, the upsert in a `WITH` (one round
     * trip fewer per update); on SQLite both come from memory for a known user.
     */
    async seen(userId: number, chatId: number | undefined, languageCode?: string): Promise<string | null | undefined> {
      if (conn.dialect !== "pg") {
        await repo.touch(userId, chatId, languageCode);
        return repo.getLanguage(userId);
      }
      const withChat = chatId !== undefined;
      const rows = await prepared(conn, withChat ? "user_seen_chat" : "user_seen", ({ db }) => {
        // The select sees the table as it was before the statement; the touch never changes the
        // chosen language, so that is the answer (no row: a user seen for the first time, none chosen).
        const touched = db.$with("touched", { language: u.language }).as(recordUser(db, withChat).getSQL());
        return db.with(touched).select({ language: u.language }).from(u).where(eq(u.id, USER_ID));
      }).execute({ userId, chatId, code: languageCode ?? null, now: Date.now() });
      return rememberLanguage(userId, rows[0]?.language ?? null);
    },
    get(userId: number): Promise<UserRow | undefined> {
      return first(prepared(conn, "user_get", ({ db }) => db.select().from(u).where(eq(u.id, sql.placeholder("userId"))).limit(1)).execute({ userId }));
    },
    async getLanguage(userId: number): Promise<string | null | undefined> {
      const known = memo?.languages.get(userId);
      if (known && Date.now() - known.at < memo!.languageTtlMs) return known.language;
      const row = await first(
        prepared(conn, "user_language", ({ db }) => db.select({ language: u.language }).from(u).where(eq(u.id, sql.placeholder("userId"))).limit(1)).execute({ userId }),
      );
      return rememberLanguage(userId, row?.language);
    },
    async setLanguage(userId: number, language: string): Promise<void> {
      memo?.languages.delete(userId);
      await db.update(t.users).set({ language, updatedAt: Date.now() }).where(eq(t.users.id, userId));
    },
    async setBlockedByChat(chatId: number, blocked: boolean): Promise<void> {
      memo?.known?.clear();
      await db.update(t.users).set({ blocked, updatedAt: Date.now() }).where(eq(t.users.chatId, chatId));
    },
    /** Users with a balance alert who still get notices: the balance watcher's list. */
    /** Users whose balance the watcher reads: notices on, not blocked, with a key (for deposits, and alerts if set). */
    listBalanceWatched(): Promise<Array<Pick<UserRow, "id" | "balanceAlertSun" | "balanceAlertTripped">>> {
      const u = t.users;
      const k = t.apiKeys;
      return db
        .select({ id: u.id, balanceAlertSun: u.balanceAlertSun, balanceAlertTripped: u.balanceAlertTripped })
        .from(u)
        .where(and(eq(u.noticesEnabled, true), eq(u.blocked, false), exists(db.select({ one: sql`1` }).from(k).where(eq(k.userId, u.id)))));
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
    /** Users who asked for the monthly statement on the 1st, with notices on and not blocked (the statement watcher's list). */
    async listMonthlyStatement(): Promise<number[]> {
      const u = t.users;
      const rows = await db
        .select({ id: u.id })
        .from(u)
        .where(and(eq(u.monthlyStatement, true), eq(u.noticesEnabled, true), eq(u.blocked, false)));
      return rows.map((r) => r.id);
    },
    async update(
      userId: number,
      values: Partial<Pick<UserRow, "noticesEnabled" | "notifyFires" | "balanceAlertSun" | "balanceAlertTripped" | "monthlyStatement" | "announcementsEnabled">>,
    ): Promise<void> {
      await db.update(t.users).set({ ...values, updatedAt: Date.now() }).where(eq(t.users.id, userId));
    },
  };
  return repo;
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
