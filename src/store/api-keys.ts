/**
 * Users' marketplace API keys, sealed at rest and bound to their owner. Only the fingerprint
 * (last 4 characters) is ever shown; the plaintext exists only while a call is made.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import type { Sealer } from "./secrets.js";
import { apiKeys } from "./schema.js";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type Scope = "read" | "purchase" | "full";

const owner = (userId: number) => `api-key:${userId}`;

export function createApiKeysRepo(db: Db, sealer: Sealer) {
  // prepared once: /start and every key-using command ask for it
  const selectDefault = db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, sql.placeholder("userId")))
    .orderBy(desc(apiKeys.isDefault), desc(apiKeys.id))
    .limit(1)
    .prepare();
  const repo = {
    add(userId: number, input: { apiKey: string; label: string }): ApiKeyRow {
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
      return selectDefault.get({ userId });
    },
    /** The plaintext key, for the duration of a call. Re-seals with the current master key if stale. */
    reveal(row: ApiKeyRow): string {
      const plain = sealer.open(row.sealedKey, owner(row.userId));
      if (sealer.isStale(row.sealedKey)) {
        db.update(apiKeys).set({ sealedKey: sealer.seal(plain, owner(row.userId)) }).where(eq(apiKeys.id, row.id)).run();
      }
      return plain;
    },
    setDefault(userId: number, keyId: number): boolean {
      return db.transaction((tx) => {
        const found = tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).get();
        if (!found) return false;
        tx.update(apiKeys).set({ isDefault: false }).where(eq(apiKeys.userId, userId)).run();
        tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, keyId)).run();
        return true;
      });
    },
    rename(userId: number, keyId: number, label: string): boolean {
      return db.update(apiKeys).set({ label }).where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, keyId))).run().changes > 0;
    },
    /** Removes a key; if it was the default, the newest remaining key becomes the default. */
    remove(userId: number, keyId: number): boolean {
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
    },
    touch(keyId: number, now: number): void {
      db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId)).run();
    },
    /** Every key with its owner, for watchers. */
    all(): ApiKeyRow[] {
      return db.select().from(apiKeys).all();
    },
  };
  return repo;
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
