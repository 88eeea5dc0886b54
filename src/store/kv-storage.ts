/**
 * A key-value storage adapter over the bot_storage table. It serves grammY sessions
 * (StorageAdapter) and conversations v2 state (VersionedStateStorage): both read, write, delete.
 *
 * Both are read on every update, so reads go through a bounded write-through cache of the stored
 * JSON text (absent keys included). The process is the database's only writer, so the cache is
 * exact; the text is parsed on each read so a caller mutating its copy never touches the cache.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { botStorage } from "./schema.js";

export interface KeyValueStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
}

const CACHE_LIMIT = 20_000;

export function createKeyValueStorage<T>(db: Db, prefix: string, cacheLimit = CACHE_LIMIT): KeyValueStorage<T> {
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

  const cache = new Map<string, string | null>(); // null: known to be absent
  const remember = (key: string, json: string | null) => {
    if (cache.size >= cacheLimit && !cache.has(key)) cache.delete(cache.keys().next().value as string);
    cache.set(key, json);
  };

  return {
    read(key) {
      let json = cache.get(key);
      if (json === undefined) {
        json = read.get({ key: prefix + key })?.value ?? null;
        remember(key, json);
      }
      return json === null ? undefined : (JSON.parse(json) as T);
    },
    write(key, value) {
      const json = JSON.stringify(value);
      write.run({ key: prefix + key, value: json, now: Date.now() });
      remember(key, json);
    },
    delete(key) {
      remove.run({ key: prefix + key });
      remember(key, null);
    },
  };
}
