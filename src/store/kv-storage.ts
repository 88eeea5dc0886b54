/**
 * A key-value storage adapter over the bot_storage table. It serves the chats' small state
 * (bot/chat-state.ts), the prompts, and conversations v2 state (VersionedStateStorage): each reads,
 * writes, deletes and awaits what these return, so a write is done before the update's webhook is answered.
 *
 * On PostgreSQL (several replicas write) every call goes to the database. On SQLite the process is
 * the database's only writer, and both are read on every update, so reads are served from a
 * cache of the stored JSON text bounded by keys and by characters (absent keys included; parsed
 * on each read so a caller mutating its copy never touches the cache), and writes are
 * group-committed: queued, and written in one transaction at the end of the event-loop turn (the
 * promise settles after the commit). With the update inbox (webhook mode, `rideNextCommit`) they
 * ride the next transaction the process opens instead, and settle at once: at 300 updates/s each
 * state write had a transaction of its own, three quarters of the bot's commits.
 * On both engines a write of the value the key already holds is not made: the conversations plugin
 * writes its state back whenever a flow looked at it.
 * `close()` writes the queue at once (the store calls it before closing).
 */
import { eq, sql } from "drizzle-orm";
import { createTextCache } from "./bounded-map.js";
import { first, type Conn } from "./db.js";
import { prepared } from "./prepared.js";
import type { Engine } from "./engine.js";
import { StoreClosedError } from "./errors.js";

export interface KeyValueStorage<T> {
  read(key: string): Promise<T | undefined>;
  /**
   * Whether this process knows, without a read, that the key holds nothing: on SQLite from its
   * cache (most chats have no flow or prompt open, and every update asks); on PostgreSQL never
   * (other replicas write).
   */
  knownAbsent(key: string): boolean;
  /** Reads and deletes, as one step: of two callers at once (on any replica) only one gets the value. */
  take(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Writes what is queued now. */
  flush(): Promise<void>;
  /** Flushes, then refuses further writes (the store calls it before closing). */
  close(): Promise<void>;
}

/** Keys cached (an absent key costs a few dozen bytes: most chats have no flow open). */
const CACHE_LIMIT = 20_000;
/**
 * SQLite: characters of stored JSON cached, about 2-4 MB per storage. A conversation's state is its
 * replay log (the updates and the replies of the flow so far, 0.7-5 KB), so 20,000 of them took
 * 25-100 MB of heap, twice that with the heap's headroom (the memory bench's 10,000 users: 12 MB
 * live, 25-35 MB of RSS; 4,000,000 characters kept 8 MB of that). This keeps the chats of the
 * last few thousand updates; an older chat's next update reads its row (one indexed read, ~40 µs).
 */
const CACHE_CHARS = 2_000_000;
/**
 * PostgreSQL: what this process last read only spares writes of unchanged state, and a key it has
 * dropped costs a write round trip on its next update: bounded by keys only, as before.
 */
const DIRECT_CHARS = Number.POSITIVE_INFINITY;
/** A state write waits this long at most for another transaction to carry it (the inbox's mark waits as long). */
const RIDE_WAIT_MS = 50;

export interface KeyValueOptions {
  /**
   * SQLite, when the update inbox hands the updates over (webhook mode): a write settles at once and
   * goes into the next transaction the process opens (the inbox commits one at least every 50 ms
   * under load, and an update's handled mark is one, so its state is on disk no later than its
   * mark), or into one of its own after RIDE_WAIT_MS. Without it a write commits by itself, at the
   * end of the loop turn it was made in, and settles after that commit.
   */
  rideNextCommit?: boolean;
  cacheLimit?: number;
  /** Characters of JSON text the cache holds at most. */
  cacheChars?: number;
  /** A batch could not be written (disk full, database busy): it is kept and retried in a second. */
  onWriteError?: (err: unknown) => void;
}

/** Writes (or with null deletes) one bot_storage row: also for repositories kept in that table. */
export async function put(conn: Conn, key: string, json: string | null): Promise<void> {
  if (json === null) await prepared(conn, "kv_delete", ({ db, t: { botStorage: s } }) => db.delete(s).where(eq(s.key, sql.placeholder("key")))).execute({ key });
  else
    await prepared(conn, "kv_put", ({ db, t: { botStorage: s } }) =>
      db
        .insert(s)
        .values({ key: sql.placeholder("key"), value: sql.placeholder("value"), updatedAt: sql.placeholder("at") })
        .onConflictDoUpdate({ target: s.key, set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } }),
    ).execute({ key, value: json, at: Date.now() });
}

/** Deletes one bot_storage row and returns what it held: one statement, so only one caller ever gets it. */
export async function takeRow(conn: Conn, key: string): Promise<string | null> {
  const [row] = await prepared(conn, "kv_take", ({ db, t: { botStorage: s } }) => db.delete(s).where(eq(s.key, sql.placeholder("key"))).returning({ value: s.value })).execute({
    key,
  });
  return row?.value ?? null;
}

export async function get(conn: Conn, key: string): Promise<string | null> {
  const row = await first(
    prepared(conn, "kv_get", ({ db, t: { botStorage: s } }) => db.select({ value: s.value }).from(s).where(eq(s.key, sql.placeholder("key"))).limit(1)).execute({ key }),
  );
  return row?.value ?? null;
}

export function createKeyValueStorage<T>(engine: Engine, prefix: string, options: KeyValueOptions = {}): KeyValueStorage<T> {
  const parse = (json: string | null) => (json === null ? undefined : (JSON.parse(json) as T));
  const conn = engine.conn;
  const storage: KeyValueStorage<T> = conn.dialect === "pg" ? createDirectStorage(conn, prefix, parse, options) : createCachedStorage(engine, prefix, parse, options);
  // a handler still running at shutdown is told so, rather than left waiting or hitting a closed driver
  let closed = false;
  const whileOpen =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      closed
        ? Promise.reject(new StoreClosedError())
        : fn(...args).catch((err: unknown) => {
            throw closed ? new StoreClosedError() : err;
          });
  return {
    read: whileOpen((key: string) => storage.read(key)),
    knownAbsent: (key) => !closed && storage.knownAbsent(key),
    take: whileOpen((key: string) => storage.take(key)),
    write: whileOpen((key: string, value: T) => storage.write(key, value)),
    delete: whileOpen((key: string) => storage.delete(key)),
    flush: () => storage.flush(),
    async close() {
      await storage.close();
      closed = true;
    },
  };
}

const cacheLimits = (options: KeyValueOptions, chars: number) => ({ entries: options.cacheLimit ?? CACHE_LIMIT, chars: options.cacheChars ?? chars });

/**
 * PostgreSQL: every call goes to the database (other replicas write too). A write of the very JSON
 * this process last read for the key, with no write of its own since, changes nothing and is left
 * out: a session or a flow's state read and handed back unchanged, as on most updates.
 */
function createDirectStorage<T>(conn: Conn, prefix: string, parse: (json: string | null) => T | undefined, options: KeyValueOptions): KeyValueStorage<T> {
  const lastRead = createTextCache(cacheLimits(options, DIRECT_CHARS));
  const remember = (key: string, json: string | null) => lastRead.remember(key, json);
  const store = async (key: string, json: string | null) => {
    if (lastRead.has(key) && lastRead.get(key) === json) return;
    lastRead.delete(key);
    await put(conn, prefix + key, json);
  };
  return {
    read: async (key) => parse(remember(key, await get(conn, prefix + key))),
    knownAbsent: () => false,
    async take(key) {
      lastRead.delete(key);
      return parse(await takeRow(conn, prefix + key));
    },
    write: (key, value) => store(key, JSON.stringify(value)),
    delete: (key) => store(key, null),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

function createCachedStorage<T>(engine: Engine, prefix: string, parse: (json: string | null) => T | undefined, options: KeyValueOptions): KeyValueStorage<T> {
  const cache = createTextCache(cacheLimits(options, CACHE_CHARS)); // null: known to be absent
  const pending = new Map<string, string | null>(); // queued writes (null: delete), never evicted
  let waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  let scheduled = false;
  let closed = false;
  const remember = (key: string, json: string | null) => cache.remember(key, json);

  let retry: NodeJS.Timeout | undefined;
  /** What could not be written is tried again in a second. */
  const retryLater = () => {
    retry ??= setTimeout(() => {
      retry = undefined;
      void flush();
    }, 1_000).unref();
  };
  /** Takes what is queued, to be written in one transaction; `settle` ends it either way. */
  const takeQueued = () => {
    const entries = [...pending];
    const settled = waiting;
    pending.clear();
    waiting = [];
    const write = async (conn: Conn) => {
      for (const [key, json] of entries) await put(conn, prefix + key, json);
    };
    const putBack = () => {
      for (const [key, json] of entries) if (!pending.has(key)) pending.set(key, json);
      waiting.push(...settled);
    };
    const settle = (err?: unknown) => {
      if (err === undefined) {
        for (const w of settled) w.resolve();
        return;
      }
      // keep what was not written again meanwhile, and try later: never lose state, never crash
      putBack();
      options.onWriteError?.(err);
      retryLater();
    };
    return { write, settle, putBack };
  };

  const rides = options.rideNextCommit === true && engine.carry !== undefined;
  let rideTimer: NodeJS.Timeout | undefined;
  const rideSoon = () => (rideTimer ??= setTimeout(() => void flush(), RIDE_WAIT_MS));
  if (rides)
    engine.carry!(async (conn) => {
      if (pending.size === 0 || closed) return undefined;
      clearTimeout(rideTimer);
      rideTimer = undefined;
      const queued = takeQueued();
      try {
        await queued.write(conn);
      } catch (err) {
        queued.settle(err);
        throw err;
      }
      // rolled back for what the transaction's owner wrote: the next transaction carries the queue again
      return (committed) => {
        if (committed) return;
        queued.putBack();
        rideSoon();
      };
    });

  const flush = async (): Promise<void> => {
    scheduled = false;
    clearTimeout(rideTimer);
    rideTimer = undefined;
    if (pending.size === 0 || closed) return;
    // riding: a transaction of its own carries the queue like any other would; if it fails (the
    // write reports itself; one that could not begin took nothing), what waits is tried again
    if (rides)
      return engine.transaction(() => Promise.resolve()).catch(() => {
        if (pending.size > 0) retryLater();
      });
    const queued = takeQueued();
    try {
      await engine.transaction(queued.write);
      queued.settle();
    } catch (err) {
      queued.settle(err);
    }
  };
  const enqueue = (key: string, json: string | null): Promise<void> => {
    remember(key, json);
    pending.set(key, json);
    if (rides) {
      rideSoon();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
  };

  /**
   * A write of what the key holds as stored (cached, nothing queued) changes nothing: none is made.
   * One that matches a queued write still waits for it, so it is never reported done before it is.
   */
  const enqueueChange = (key: string, json: string | null): Promise<void> =>
    !pending.has(key) && cache.has(key) && cache.get(key) === json ? Promise.resolve() : enqueue(key, json);

  const readJson = async (key: string): Promise<string | null> => {
    let json = pending.has(key) ? pending.get(key) : cache.get(key);
    if (json === undefined) {
      await engine.idle(); // not inside someone else's open transaction (one connection)
      json = await get(engine.conn, prefix + key);
      // a write queued meanwhile is newer than what was read
      json = pending.has(key) ? pending.get(key)! : remember(key, json);
    }
    return json;
  };

  return {
    read: async (key) => parse(await readJson(key)),
    knownAbsent: (key) => (pending.has(key) ? pending.get(key) : cache.get(key)) === null,
    async take(key) {
      const read = await readJson(key);
      // checked and marked deleted in one synchronous step: a second take finds it gone (what was
      // read stands in only if the cache has dropped the key since)
      const json = pending.has(key) ? pending.get(key)! : cache.has(key) ? cache.get(key)! : read;
      if (json === null) return undefined;
      await enqueue(key, null);
      return parse(json);
    },
    write: (key, value) => enqueueChange(key, JSON.stringify(value)),
    delete: (key) => enqueueChange(key, null),
    flush,
    async close() {
      await flush();
      closed = true;
      if (retry) clearTimeout(retry);
      clearTimeout(rideTimer);
      // whatever could not be written is lost with the process anyway: do not leave callers hanging
      for (const w of waiting.splice(0)) w.reject(new StoreClosedError());
    },
  };
}
