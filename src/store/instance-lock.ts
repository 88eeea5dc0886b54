/**
 * One process per SQLite database file. A second `npm start` on the same file would poll Telegram
 * beside the first (each ending the other's getUpdates with 409) and send from the same outbox
 * twice, so it is refused at start, before it touches the database or Telegram.
 *
 * The lock is SQLite's own: an exclusive transaction held open on `<database>.lock`, a file of its
 * own so the database stays readable by tools (sqlite3, backups). SQLite locks with the operating
 * system's file locks, which die with the process: a lock left by a process killed with -9 (or a
 * crashed machine's) frees itself, and the next start takes it. Nothing is written to the file.
 */
import Database from "better-sqlite3";
import { ownerOnly } from "./sqlite-engine.js";

/** Another process holds the database file. */
export class InstanceLockedError extends Error {
  override readonly name = "InstanceLockedError";
  constructor(readonly databasePath: string) {
    super(`another instance runs on the database file ${databasePath}`);
  }
}

/** Releases the lock (closing its connection ends the transaction and frees the file lock). */
export type ReleaseLock = () => void;

/**
 * Takes the lock of the SQLite file at `databasePath` or throws InstanceLockedError at once (no
 * wait). An in-memory database is nobody else's: nothing to lock.
 */
export function lockDatabaseFile(databasePath: string): ReleaseLock {
  if (databasePath === ":memory:") return () => {};
  const lockPath = `${databasePath}.lock`;
  ownerOnly(lockPath);
  const lock = new Database(lockPath, { timeout: 0 });
  try {
    // EXCLUSIVE takes the file's exclusive lock at once; another connection's BEGIN gets SQLITE_BUSY
    lock.exec("BEGIN EXCLUSIVE");
  } catch (err) {
    lock.close();
    if ((err as { code?: unknown }).code === "SQLITE_BUSY") throw new InstanceLockedError(databasePath);
    throw err;
  }
  return () => {
    if (lock.open) lock.close();
  };
}
