/**
 * Users' marketplace API keys, sealed at rest and bound to their owner. Only the fingerprint
 * (last 4 characters) is ever shown; the plaintext exists only while a call is made.
 */
import { rememberBounded } from "./bounded-map.js";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "./db.js";
import { countReseal, reseal, type ResealCount, type Sealer } from "./secrets.js";
import { apiKeys } from "./schema.js";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type Scope = "read" | "purchase" | "full";

const owner = (userId: number) => `api-key:${userId}`;

interface RawApiKeyRow {
  id: number;
  user_id: number;
  label: string;
  fingerprint: string;
  sealed_key: string;
  is_default: number;
  missing_scopes: string;
  created_at: number;
  last_used_at: number | null;
}

function fromRaw(r: RawApiKeyRow): ApiKeyRow {
  return {
    id: r.id,
    userId: r.user_id,
    label: r.label,
    fingerprint: r.fingerprint,
    sealedKey: r.sealed_key,
    isDefault: r.is_default === 1,
    missingScopes: r.missing_scopes,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  };
}

export function createApiKeysRepo(db: Db, sealer: Sealer) {
  // /start and every key-using command ask for it: a plain prepared statement (see kv-storage.ts)
  const selectDefault = db.$client.prepare<[number], RawApiKeyRow>(
    "SELECT * FROM api_keys WHERE user_id = ? ORDER BY is_default DESC, id DESC LIMIT 1",
  );
  // userId → default key (null: none); every write below drops the user's entry
  const defaults = new Map<number, ApiKeyRow | null>();
  const forget = (userId: number) => defaults.delete(userId);
  const repo = {
    add(userId: number, input: { apiKey: string; label: string }): ApiKeyRow {
      forget(userId);
      return db.transaction((tx) => {
        const hasDefault = tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.isDefault, true))).get();
        return tx
          .insert(apiKeys)
          .values({
            userId,
            label: input.label,
            fingerprint: input.apiKey.slice(-4),
            sealedKey: sealer.seal(input.apiKey, owner(userId)),
            isDefault: !hasDefault,
          })
          .returning()
          .get();
      });
    },
    list(userId: number): ApiKeyRow[] {
      return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.isDefault), desc(apiKeys.id)).all();
    },
    get(userId: number, keyId: number): ApiKeyRow | undefined {
      return db.select().from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).get();
    },
    getById(keyId: number): ApiKeyRow | undefined {
      return db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).get();
    },
    getDefault(userId: number): ApiKeyRow | undefined {
      const cached = defaults.get(userId);
      if (cached !== undefined) return cached ?? undefined;
      const raw = selectDefault.get(userId);
      return rememberBounded(defaults, userId, raw ? fromRaw(raw) : null, 50_000) ?? undefined;
    },
    /** The plaintext key, for the duration of a call. Re-seals with the current master key if stale. */
    reveal(row: ApiKeyRow): string {
      const plain = sealer.open(row.sealedKey, owner(row.userId));
      if (sealer.isStale(row.sealedKey)) {
        db.update(apiKeys).set({ sealedKey: sealer.seal(plain, owner(row.userId)) }).where(eq(apiKeys.id, row.id)).run();
        forget(row.userId);
      }
      return plain;
    },
    /** Master-key rotation: every key sealed with a previous master key is sealed again (one transaction). */
    resealAll(): ResealCount {
      const count: ResealCount = { resealed: 0, current: 0, unreadable: 0 };
      db.transaction((tx) => {
        for (const row of tx.select({ id: apiKeys.id, userId: apiKeys.userId, sealedKey: apiKeys.sealedKey }).from(apiKeys).all()) {
          const outcome = reseal(sealer, row.sealedKey, owner(row.userId));
          countReseal(count, outcome);
          if (outcome.kind === "resealed") tx.update(apiKeys).set({ sealedKey: outcome.sealed }).where(eq(apiKeys.id, row.id)).run();
        }
      });
      defaults.clear();
      return count;
    },
    setDefault(userId: number, keyId: number): boolean {
      forget(userId);
      return db.transaction((tx) => {
        const found = tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).get();
        if (!found) return false;
        tx.update(apiKeys).set({ isDefault: false }).where(eq(apiKeys.userId, userId)).run();
        tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, keyId)).run();
        return true;
      });
    },
    rename(userId: number, keyId: number, label: string): boolean {
      forget(userId);
      return db.update(apiKeys).set({ label }).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).run().changes > 0;
    },
    /** Removes a key; if it was the default, the newest remaining key becomes the default. */
    remove(userId: number, keyId: number): boolean {
      forget(userId);
      return db.transaction((tx) => {
        const row = tx.select().from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).get();
        if (!row) return false;
        tx.delete(apiKeys).where(eq(apiKeys.id, keyId)).run();
        if (row.isDefault) {
          const next = tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id)).limit(1).get();
          if (next) tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, next.id)).run();
        }
        return true;
      });
    },
    /** Remembers a scope the key was seen to lack (shown in /keys). */
    markMissingScope(keyId: number, scope: Scope): void {
      const row = repo.getById(keyId);
      if (!row) return;
      const missing = new Set(JSON.parse(row.missingScopes) as string[]);
      if (missing.has(scope)) return;
      missing.add(scope);
      db.update(apiKeys).set({ missingScopes: JSON.stringify([...missing]) }).where(eq(apiKeys.id, keyId)).run();
      forget(row.userId);
    },
    touch(key: Pick<ApiKeyRow, "id" | "userId">, now: number): void {
      db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id)).run();
      forget(key.userId);
    },
    /** Every key with its owner, for watchers. */
    all(): ApiKeyRow[] {
      return db.select().from(apiKeys).all();
    },
  };
  return repo;
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
