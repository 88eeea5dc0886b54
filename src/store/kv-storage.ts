/**
 * A key-value storage adapter over the bot_storage table. It serves grammY sessions
 * (StorageAdapter) and conversations v2 state (VersionedStateStorage): both read, write, delete.
 */
import { eq } from "drizzle-orm";
import type { Db } from "./db.js";
import { botStorage } from "./schema.js";

export interface KeyValueStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
}

export function createKeyValueStorage<T>(db: Db, prefix: string): KeyValueStorage<T> {
  return {
    read(key) {
      const row = db.select({ value: botStorage.value }).from(botStorage).where(eq(botStorage.key, prefix + key)).get();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    write(key, value) {
      const json = JSON.stringify(value);
      db.insert(botStorage)
        .values({ key: prefix + key, value: json, updatedAt: Date.now() })
        .onConflictDoUpdate({ target: botStorage.key, set: { value: json, updatedAt: Date.now() } })
        .run();
    },
    delete(key) {
      db.delete(botStorage).where(eq(botStorage.key, prefix + key)).run();
    },
  };
}
