/**
 * A key-value storage adapter over the bot_storage table. It serves grammY sessions
 * (StorageAdapter) and conversations v2 state (VersionedStateStorage): both read, write, delete.
 * Statements are prepared once: this runs for every update.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { botStorage } from "./schema.js";

export interface KeyValueStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
}

export function createKeyValueStorage<T>(db: Db, prefix: string): KeyValueStorage<T> {
  const read = db
    .select({ value: botStorage.value })
    .from(botStorage)
    .where(eq(botStorage.key, sql.placeholder("key")))
    .prepare();
  const write = db
    .insert(botStorage)
    .values({ key: sql.placeholder("key"), value: sql.placeholder("value"), updatedAt: sql.placeholder("now") })
    .onConflictDoUpdate({ target: botStorage.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } })
    .prepare();
  const remove = db.delete(botStorage).where(eq(botStorage.key, sql.placeholder("key"))).prepare();
  return {
    read(key) {
      const row = read.get({ key: prefix + key });
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    write(key, value) {
      write.run({ key: prefix + key, value: JSON.stringify(value), now: Date.now() });
    },
    delete(key) {
      remove.run({ key: prefix + key });
    },
  };
}
