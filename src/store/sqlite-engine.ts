/**
 * The embedded engine: one better-sqlite3 connection, tuned for a single-writer bot, migrations
 * from drizzle/sqlite. One connection means one transaction at a time: `transaction` takes a turn
 * (the gate) and every query outside a transaction waits while one is open, so a query of another
 * request never joins (or is rolled back with) someone else's transaction.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema.sqlite.js";
import { migrationsDirs } from "../paths.js";
import type { Conn, Db, Tables } from "./db.js";
import type { Engine, TransactionRider } from "./engine.js";

/**
 * The database holds sealed keys, chat ids and order history: readable by its owner only. Folders
 * this creates are 0700; the database file is created (or tightened, for an older install) 0600
 * before SQLite opens it, and SQLite gives its -wal and -shm files the database file's mode.
 */
export function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

export function openSqlite(path: string): Engine & { client: Database.Database } {
  if (path !== ":memory:") ownerOnly(path);
  const client = new Database(path);
  client.pragma("journal_mode = WAL");
  // a commit survives a crash of the process and reaches the disk at the next WAL sync; commits
  // that acknowledge something to the outside are fsynced (transaction's `durable`: FULL for them only)
  client.pragma("synchronous = NORMAL");
  client.pragma("busy_timeout = 5000");
  client.pragma("foreign_keys = ON");
  // Checkpoint every ~40 MB of WAL instead of ~4 MB: an index page written many times between two
  // checkpoints (e.g. the outbox's dedupe index, with random keys) is copied back once, not each time.
  client.pragma("wal_autocheckpoint = 10000");
  // A page cache of 4 MB, not better-sqlite3's 16 MB: the pages in use (the inbox's newest rows,
  // the outbox's head, the keys of the chats at hand) fit, the operating system caches the file
  // anyway, and a page read again from there costs microseconds. 16 MB filled up under load and
  // stayed in the process's memory.
  client.pragma("cache_size = -4000");
  const sqliteDb = drizzle(client, { schema });
  migrate(sqliteDb, { migrationsFolder: migrationsDirs.sqlite });
  // The repositories are typed against the PostgreSQL builders (see db.ts); these SQLite builders
  // take the same calls, so the cast only changes what the type checker is told.
  const conn: Conn = { dialect: "sqlite", db: sqliteDb as unknown as Db, t: schema as unknown as Tables };

  let open: Promise<void> | undefined;
  const riders: TransactionRider[] = [];
  const idle = async () => {
    while (open) await open;
  };

  return {
    client,
    conn,
    get busy() {
      return open !== undefined;
    },
    idle,
    async transaction(fn, options = {}) {
      // checked and taken in one synchronous step: no other transaction can slip in between
      while (open) await open;
      let done!: () => void;
      open = new Promise((resolve) => (done = resolve));
      if (options.durable) client.pragma("synchronous = FULL");
      const boarded: Array<(committed: boolean) => void> = [];
      try {
        client.exec("BEGIN IMMEDIATE");
        for (const rider of riders) {
          const settle = await rider(conn);
          if (settle) boarded.push(settle);
        }
        const result = await fn(conn);
        client.exec("COMMIT");
        for (const settle of boarded) settle(true);
        return result;
      } catch (err) {
        if (client.inTransaction) client.exec("ROLLBACK");
        for (const settle of boarded) settle(false);
        throw err;
      } finally {
        if (options.durable) client.pragma("synchronous = NORMAL");
        open = undefined;
        done();
      }
    },
    carry: (rider) => void riders.push(rider),
    ping: () => {
      try {
        return Promise.resolve(client.prepare("select 1 as ok").get() !== undefined);
      } catch {
        return Promise.resolve(false);
      }
    },
    close: () => {
      if (client.open) client.close();
      return Promise.resolve();
    },
  };
}
