/**
 * A key-value storage adapter over the bot_storage table. It serves grammY sessions
 * (StorageAdapter) and conversations v2 state (VersionedStateStorage): both read, write, delete.
 *
 * Both are read on every update, so this is a hot path: plain prepared statements (drizzle's
 * prepared queries cost several times more per call) behind a bounded cache of the stored JSON
 * text, absent keys included. The process is the database's only writer, so the cache is exact;
 * the text is parsed on each read so a caller mutating its copy never touches the cache.
 *
 * Writes are group-committed: queued, and written in one transaction at the end of the event-loop
 * turn (a commit costs ~15 µs, a row in a batch ~2 µs). Reads are answered by the cache meanwhile;
 * `flush()` writes the queue at once (the store calls it before closing).
 */
import { rememberBounded } from "./bounded-map.js";
import type { Db } from "./db.js";

export interface KeyValueStorage<T> {
  read(key: string): T | undefined;
  write(key: string, value: T): void;
  delete(key: string): void;
  flush(): void;
}

const CACHE_LIMIT = 20_000;

export interface KeyValueOptions {
  cacheLimit?: number;
  /** A batch could not be written (disk full, database busy): it is kept and retried in a second. */
  onWriteError?: (err: unknown) => void;
}

export function createKeyValueStorage<T>(db: Db, prefix: string, options: KeyValueOptions = {}): KeyValueStorage<T> {
  const cacheLimit = options.cacheLimit ?? CACHE_LIMIT;
  const client = db.$client;
  const read = client.prepare<[string], { value: string }>("SELECT value FROM bot_storage WHERE key = ?");
  const write = client.prepare<[string, string, number]>(
    "INSERT INTO bot_storage (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  );
  const remove = client.prepare<[string]>("DELETE FROM bot_storage WHERE key = ?");

  const cache = new Map<string, string | null>(); // null: known to be absent
  const pending = new Map<string, string | null>(); // queued writes (null: delete), never evicted
  let scheduled: NodeJS.Immediate | undefined;

  const remember = (key: string, json: string | null) => rememberBounded(cache, key, json, cacheLimit);
  const writeAll = client.transaction((entries: Array<[string, string | null]>) => {
    const now = Date.now();
    for (const [key, json] of entries) {
      if (json === null) remove.run(prefix + key);
      else write.run(prefix + key, json, now);
    }
  });
  let retry: NodeJS.Timeout | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    // the store flushes before closing; a storage used past that has nothing it can write to
    if (pending.size === 0 || !client.open) return;
    const entries = [...pending];
    pending.clear();
    try {
      writeAll(entries);
    } catch (err) {
      // keep what was not written again meanwhile, and try later: never lose state, never crash
      for (const [key, json] of entries) if (!pending.has(key)) pending.set(key, json);
      options.onWriteError?.(err);
      retry ??= setTimeout(() => {
        retry = undefined;
        flush();
      }, 1_000).unref();
    }
  };
  const enqueue = (key: string, json: string | null) => {
    remember(key, json);
    pending.set(key, json);
    scheduled ??= setImmediate(flush);
  };

  const lookup = (key: string): string | null => {
    let json = pending.has(key) ? pending.get(key) : cache.get(key);
    if (json === undefined) {
      json = read.get(prefix + key)?.value ?? null;
      remember(key, json);
    }
    return json;
  };

  return {
    read(key) {
      const json = lookup(key);
      return json === null ? undefined : (JSON.parse(json) as T);
    },
    write(key, value) {
      enqueue(key, JSON.stringify(value));
    },
    delete(key) {
      enqueue(key, null);
    },
    flush,
  };
}
