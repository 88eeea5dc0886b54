import { eq } from "drizzle-orm";
import { rememberBounded } from "./bounded-map.js";
import { createGroupCommit } from "./group-commit.js";
import type { Db } from "./db.js";
import { users } from "./schema.js";

export type UserRow = typeof users.$inferSelect;

/** Bounded memo for per-update lookups; cleared on every write that could change the answer. */
const MEMO_LIMIT = 50_000;
const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => rememberBounded(map, key, value, MEMO_LIMIT);

export function createUsersRepo(db: Db) {
  // userId → chatId already stored (and not blocked): the per-update touch then writes nothing
  const known = new Map<number, number | undefined>();
  const languages = new Map<number, string | null | undefined>();

  // touch and getLanguage run for every update: plain prepared statements (see kv-storage.ts)
  const client = db.$client;
  const selectForTouch = client.prepare<[number], { chat_id: number; blocked: number; language: string | null }>(
    "SELECT chat_id, blocked, language FROM users WHERE id = ?",
  );
  const insert = client.prepare<[number, number, number, number]>(
    "INSERT INTO users (id, chat_id, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING",
  );
  const updateChat = client.prepare<[number, number, number]>("UPDATE users SET chat_id = ?, blocked = 0, updated_at = ? WHERE id = ?");
  /** Inserts a new user, or points a known one's notices at this private chat (and unblocks it). */
  const record = ({ userId, chatId }: { userId: number; chatId: number | undefined }) => {
    const row = selectForTouch.get(userId);
    const now = Date.now();
    if (!row) insert.run(userId, chatId ?? userId, now, now);
    else if (chatId !== undefined && (row.chat_id !== chatId || row.blocked)) updateChat.run(chatId, now, userId);
    return row;
  };
  const learn = (userId: number, chatId: number | undefined, row: ReturnType<typeof record>) => {
    remember(languages, userId, row?.language ?? null);
    remember(known, userId, chatId ?? row?.chat_id ?? userId);
  };
  const isKnown = (userId: number, chatId: number | undefined) => known.has(userId) && (chatId === undefined || known.get(userId) === chatId);
  const commitRecord = createGroupCommit(client, record);
  const selectLanguage = client.prepare<[number], { language: string | null }>("SELECT language FROM users WHERE id = ?");

  return {
    /**
     * Records the user on each update; from a private chat, also where their notices go. Nothing to
     * write (the usual case) answers at once; a new or changed user is committed together with the
     * others of the same event-loop turn, and the promise settles after the commit.
     */
    touch(userId: number, chatId: number | undefined): Promise<void> | undefined {
      if (isKnown(userId, chatId)) return undefined;
      return commitRecord({ userId, chatId }).then((row) => learn(userId, chatId, row));
    },
    /** The same as touch, written before it returns (set-up code that needs the row at once). */
    ensure(userId: number, chatId: number | undefined): void {
      if (!isKnown(userId, chatId)) learn(userId, chatId, record({ userId, chatId }));
    },
    get(userId: number): UserRow | undefined {
      return db.select().from(users).where(eq(users.id, userId)).get();
    },
    getLanguage(userId: number): string | null | undefined {
      if (languages.has(userId)) return languages.get(userId);
      return remember(languages, userId, selectLanguage.get(userId)?.language);
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
