/**
 * Group commit (SQLite): writes that arrive in the same turn of the event loop share one
 * transaction. A caller's promise settles only after the COMMIT, so whatever it acknowledges is
 * stored. If any write of a batch throws, the whole batch is rolled back and each write runs again
 * in its own transaction, so one failing write rejects alone and the others still commit (no
 * savepoint per write on the common path: they cost as much as the write). Under load this turns N
 * commits (and their WAL writes) into one; a lone write costs one extra turn of the loop.
 * So `write` may run twice (once rolled back): it must change nothing but the database, or only
 * things that can safely happen twice (waking a sender, forgetting a cache entry).
 * On PostgreSQL each write is simply its own transaction, awaited (see Store.groupCommit).
 */
interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export type GroupCommit<T, R> = (item: T) => Promise<R>;
export type RunTransaction<Tx> = <X>(fn: (tx: Tx) => Promise<X>) => Promise<X>;

export function createGroupCommit<Tx, T, R>(transaction: RunTransaction<Tx>, write: (tx: Tx, item: T) => Promise<R>): GroupCommit<T, R> {
  let queue: Array<Queued<T, R>> = [];

  const alone = async (q: Queued<T, R>) => {
    try {
      q.resolve(await transaction((tx) => write(tx, q.item)));
    } catch (err) {
      q.reject(err);
    }
  };

  const flush = async () => {
    const batch = queue;
    queue = [];
    if (batch.length === 1) return alone(batch[0]!);
    let results: R[];
    try {
      results = await transaction(async (tx) => {
        const out: R[] = [];
        for (const q of batch) out.push(await write(tx, q.item));
        return out;
      });
    } catch {
      // rolled back as a whole: find out which write fails by giving each its own transaction
      for (const q of batch) await alone(q);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ item, resolve, reject });
    });
}
