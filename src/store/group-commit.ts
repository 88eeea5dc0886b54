/**
 * Group commit: writes that arrive while the previous group is being committed (or in the same
 * turn of the event loop) share one transaction. A caller's promise settles only after the COMMIT,
 * so whatever it acknowledges is stored. If any write of a batch throws, the whole batch is rolled
 * back and each write runs again in its own transaction, so one failing write rejects alone and the
 * others still commit (no savepoint per write on the common path: they cost as much as the write).
 * A set number of groups is committed at a time (one by default): under load the next batch
 * gathers while the ones before commit, so N commits (SQLite's WAL writes, PostgreSQL's round trips)
 * become one; a lone write costs one extra turn of the loop. So `write` may run twice (once rolled back): it must change nothing but the
 * database, or only things that can safely happen twice (waking a sender, forgetting a cache entry).
 *
 * `createBatchCommit` hands the whole batch to one function, which can then write it in a few
 * statements (multi-row inserts on PostgreSQL) instead of a few per item; `createGroupCommit` is the
 * same with the items written one after another. Both engines use them (Store.groupCommit, batchCommit).
 */
interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export type GroupCommit<T, R> = (item: T) => Promise<R>;
export type RunTransaction<Tx> = <X>(fn: (tx: Tx) => Promise<X>) => Promise<X>;
/** Writes a batch in one transaction; its results in the items' order, one per item. */
export type BatchWrite<Tx, T, R> = (tx: Tx, items: readonly T[]) => Promise<R[]>;

export interface BatchCommitOptions {
  /**
   * Groups committed at once (default 1). More than one suits a database with a connection per
   * transaction (PostgreSQL): the next group's round trips overlap the commit of the one before.
   */
  concurrency?: number;
}

export function createBatchCommit<Tx, T, R>(transaction: RunTransaction<Tx>, writeBatch: BatchWrite<Tx, T, R>, options: BatchCommitOptions = {}): GroupCommit<T, R> {
  const concurrency = options.concurrency ?? 1;
  let queue: Array<Queued<T, R>> = [];
  let committing = 0;
  let scheduled = false;

  const alone = async (q: Queued<T, R>) => {
    try {
      q.resolve((await transaction((tx) => writeBatch(tx, [q.item])))[0]!);
    } catch (err) {
      q.reject(err);
    }
  };

  const commit = async (batch: Array<Queued<T, R>>) => {
    if (batch.length === 1) return alone(batch[0]!);
    let results: R[];
    try {
      results = await transaction((tx) => writeBatch(tx, batch.map((q) => q.item)));
    } catch {
      // rolled back as a whole: find out which write fails by giving each its own transaction
      for (const q of batch) await alone(q);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
  };

  /** Commits what is queued while a slot is free; each slot, once done, takes what queued meanwhile. */
  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && committing < concurrency) {
      const batch = queue;
      queue = [];
      committing++;
      void commit(batch).finally(() => {
        committing--;
        flush();
      });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // the rest of this turn's writes join it; a busy slot takes them when it is done
      if (!scheduled && committing < concurrency) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

export function createGroupCommit<Tx, T, R>(transaction: RunTransaction<Tx>, write: (tx: Tx, item: T) => Promise<R>, options: BatchCommitOptions = {}): GroupCommit<T, R> {
  const writeEach: BatchWrite<Tx, T, R> = async (tx, items) => {
    const out: R[] = [];
    for (const item of items) out.push(await write(tx, item));
    return out;
  };
  return createBatchCommit(transaction, writeEach, options);
}
