import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema.js";
import { migrationsDir } from "../paths.js";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * The database holds sealed keys, chat ids and order history: readable by its owner only. Folders
 * this creates are 0700; the database file is created (or tightened, for an older install) 0600
 * before SQLite opens it, and SQLite gives its -wal and -shm files the database file's mode.
 */
function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/** Opens (creating if needed) the database, tunes it for a single-writer bot and applies migrations. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") ownerOnly(path);
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // Checkpoint every ~40 MB of WAL instead of ~4 MB: an index page written many times between two
  // checkpoints (e.g. the outbox's dedupe index, with random keys) is copied back once, not each time.
  sqlite.pragma("wal_autocheckpoint = 10000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

/** Liveness probe for /healthz. */
export function pingDatabase(db: Db): boolean {
  try {
    return db.$client.prepare("select 1 as ok").get() !== undefined;
  } catch {
    return false;
  }
}
