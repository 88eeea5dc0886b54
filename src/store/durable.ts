import type { Database } from "better-sqlite3";

/**
 * Runs `commit` (one statement or a transaction) so that it is on disk when it returns, power cut
 * included. The database runs with `synchronous = NORMAL` (a commit survives a crash of the process,
 * and reaches the disk at the next WAL sync); commits that acknowledge something to the outside (a
 * marketplace event answered 200, an order intent before its POST) are fsynced: FULL for them only.
 */
export function commitDurably<R>(client: Database, commit: () => R): R {
  client.pragma("synchronous = FULL");
  try {
    return commit();
  } finally {
    client.pragma("synchronous = NORMAL");
  }
}
