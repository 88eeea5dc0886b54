/**
 * Users' marketplace API keys, sealed at rest and bound to their owner. Only the fingerprint
 * (last 4 characters) is ever shown; the plaintext exists only while a call is made.
 */
import { rememberBounded } from "./bounded-map.js";
import { and, desc, eq, sql } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";
import { prepared } from "./prepared.js";
import { countReseal, reseal, type ResealCount, type Sealer } from "./secrets.js";

export type ApiKeyRow = Tables["apiKeys"]["$inferSelect"];
export type Scope = "read" | "purchase" | "full";

const owner = (userId: number) => `api-key:${userId}`;
/** How finely a key's last use is kept. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** SQLite only (one writer): userId → default key (null: none); every write drops the user's entry. */
export type ApiKeysMemo = Map<number, ApiKeyRow | null>;

export function createApiKeysRepo(conn: Conn, sealer: Sealer, defaults?: ApiKeysMemo) {
  const { db, t } = conn;
  const k = t.apiKeys;
  const forget = (userId: number) => defaults?.delete(userId);
  const ofUser = (userId: number, keyId: number) => and(eq(k.userId, userId), eq(k.id, keyId));
  const repo = {
    /** Adds a key (the user's default when they had none). Call inside a transaction. */
    async add(userId: number, input: { apiKey: string; label: string }): Promise<ApiKeyRow> {
      forget(userId);
      const hasDefault = await first(db.select({ id: k.id }).from(k).where(and(eq(k.userId, userId), eq(k.isDefault, true))).limit(1));
      const [row] = await db
        .insert(k)
        .values({ userId, label: input.label, fingerprint: input.apiKey.slice(-4), sealedKey: sealer.seal(input.apiKey, owner(userId)), isDefault: !hasDefault })
        .returning();
      return row!;
    },
    list(userId: number): Promise<ApiKeyRow[]> {
      return db.select().from(k).where(eq(k.userId, userId)).orderBy(desc(k.isDefault), desc(k.id));
    },
    get(userId: number, keyId: number): Promise<ApiKeyRow | undefined> {
      return first(db.select().from(k).where(ofUser(userId, keyId)).limit(1));
    },
    getById(keyId: number): Promise<ApiKeyRow | undefined> {
      return first(db.select().from(k).where(eq(k.id, keyId)).limit(1));
    },
    async getDefault(userId: number): Promise<ApiKeyRow | undefined> {
      const cached = defaults?.get(userId);
      if (cached !== undefined) return cached ?? undefined;
      // asked by every keyed action (on PostgreSQL; on SQLite once per user until a key changes)
      const row = await first(
        prepared(conn, "api_key_default", ({ db }) => db.select().from(k).where(eq(k.userId, sql.placeholder("userId"))).orderBy(desc(k.isDefault), desc(k.id)).limit(1)).execute({ userId }),
      );
      if (defaults) rememberBounded(defaults, userId, row ?? null, 50_000);
      return row;
    },
    /** The plaintext key, for the duration of a call. Re-seals with the current master key if stale. */
    async reveal(row: ApiKeyRow): Promise<string> {
      const plain = sealer.open(row.sealedKey, owner(row.userId));
      if (sealer.isStale(row.sealedKey)) {
        forget(row.userId);
        await db.update(k).set({ sealedKey: sealer.seal(plain, owner(row.userId)) }).where(eq(k.id, row.id));
      }
      return plain;
    },
    /** Master-key rotation: every key sealed with a previous master key is sealed again. Call inside a transaction. */
    async resealAll(): Promise<ResealCount> {
      const count: ResealCount = { resealed: 0, current: 0, unreadable: 0 };
      defaults?.clear();
      for (const row of await db.select({ id: k.id, userId: k.userId, sealedKey: k.sealedKey }).from(k)) {
        const outcome = reseal(sealer, row.sealedKey, owner(row.userId));
        countReseal(count, outcome);
        if (outcome.kind === "resealed") await db.update(k).set({ sealedKey: outcome.sealed }).where(eq(k.id, row.id));
      }
      return count;
    },
    /** Call inside a transaction (two writes). */
    async setDefault(userId: number, keyId: number): Promise<boolean> {
      forget(userId);
      if (!(await repo.get(userId, keyId))) return false;
      await db.update(k).set({ isDefault: false }).where(eq(k.userId, userId));
      await db.update(k).set({ isDefault: true }).where(eq(k.id, keyId));
      return true;
    },
    async rename(userId: number, keyId: number, label: string): Promise<boolean> {
      forget(userId);
      return (await db.update(k).set({ label }).where(ofUser(userId, keyId)).returning({ id: k.id })).length > 0;
    },
    /** Removes a key; if it was the default, the newest remaining key becomes the default. Call inside a transaction. */
    async remove(userId: number, keyId: number): Promise<boolean> {
      forget(userId);
      const [row] = await db.delete(k).where(ofUser(userId, keyId)).returning({ isDefault: k.isDefault });
      if (!row) return false;
      if (row.isDefault) {
        const next = await first(db.select({ id: k.id }).from(k).where(eq(k.userId, userId)).orderBy(desc(k.id)).limit(1));
        if (next) await db.update(k).set({ isDefault: true }).where(eq(k.id, next.id));
      }
      return true;
    },
    /** Remembers a scope the key was seen to lack (shown in /keys). */
    async markMissingScope(keyId: number, scope: Scope): Promise<void> {
      const row = await repo.getById(keyId);
      if (!row) return;
      const missing = new Set(JSON.parse(row.missingScopes) as string[]);
      if (missing.has(scope)) return;
      missing.add(scope);
      forget(row.userId);
      await db.update(k).set({ missingScopes: JSON.stringify([...missing]) }).where(eq(k.id, keyId));
    },
    /**
     * Records the key's last use, to the minute: a key used again within a minute of its recorded use
     * is not written again (every keyed call ends here, and a write per call is a write per update).
     */
    async touch(key: Pick<ApiKeyRow, "id" | "userId" | "lastUsedAt">, now: number): Promise<void> {
      if (key.lastUsedAt !== null && now - key.lastUsedAt >= 0 && now - key.lastUsedAt < LAST_USE_RESOLUTION_MS) return;
      // the memo keeps the default key: its last use changes, nothing the memo is asked for
      const cached = defaults?.get(key.userId);
      if (cached && cached.id === key.id) defaults!.set(key.userId, { ...cached, lastUsedAt: now });
      else forget(key.userId);
      await prepared(conn, "api_key_touch", ({ db }) => db.update(k).set({ lastUsedAt: sql`${sql.placeholder("now")}` }).where(eq(k.id, sql.placeholder("keyId")))).execute({ keyId: key.id, now });
    },
    /** Every key with its owner, for watchers. */
    all(): Promise<ApiKeyRow[]> {
      return db.select().from(k);
    },
  };
  return repo;
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
