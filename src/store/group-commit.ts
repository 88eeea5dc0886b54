/**
 * Group commit: writes that arrive in the same turn of the event loop share one SQLite transaction.
 * A caller's promise settles only after the COMMIT, so whatever it acknowledges is on disk. If any
 * write of a batch throws, the whole batch is rolled back and each write runs again in its own
 * transaction, so one failing write rejects alone and the others still commit (no savepoint per
 * write on the common path: they cost as much as the write). Under load this turns N commits (and
 * their WAL writes) into one; a lone write costs one extra turn of the loop.
 * So `write` may run twice (once rolled back): it must change nothing but the database, or only
 * things that can safely happen twice (waking a sender, forgetting a cache entry).
 */
import type { Database } from "better-sqlite3";
import { commitDurably } from "./durable.js";

interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export type GroupCommit<T, R> = (item: T) => Promise<R>;

/** `durable`: each batch is fsynced before its promises settle (see durable.ts). */
export function createGroupCommit<T, R>(client: Database, write: (item: T) => R, options: { durable?: boolean } = {}): GroupCommit<T, R> {
  const oneTx = client.transaction(write);
  const allTx = client.transaction((batch: Array<Queued<T, R>>): R[] => batch.map((q) => write(q.item)));
  const one = options.durable ? (item: T) => commitDurably(client, () => oneTx(item)) : (item: T) => oneTx(item);
  const all = options.durable ? (batch: Array<Queued<T, R>>) => commitDurably(client, () => allTx(batch)) : (batch: Array<Queued<T, R>>) => allTx(batch);
  let queue: Array<Queued<T, R>> = [];

  const alone = (q: Queued<T, R>) => {
    try {
      q.resolve(one(q.item));
    } catch (err) {
      q.reject(err);
    }
  };

  const flush = () => {
    const batch = queue;
    queue = [];
    if (batch.length === 1) return alone(batch[0]!);
    let results: R[];
    try {
      results = all(batch);
    } catch {
      // rolled back as a whole: find out which write fails by giving each its own transaction
      for (const q of batch) alone(q);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ item, resolve, reject });
    });
}
