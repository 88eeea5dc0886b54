/**
 * Calls made in the same turn of the event loop go to the database as one batch, and batches go one
 * after another: while one is being written, the next gathers every call that arrives meanwhile.
 * Under load that turns N commits into a few; a lone call costs one extra turn of the loop. Each
 * caller's promise settles with its own result once its batch is written (or rejects with the
 * batch: the inbox's batches fail only as a whole, when the database does).
 */
export type TurnBatch<T, R> = (item: T) => Promise<R>;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export function turnBatch<T, R>(write: (items: T[]) => Promise<R[]>): TurnBatch<T, R> {
  let gathering: Array<Waiting<T, R>> = [];
  let writing = false;
  let scheduled = false;

  const flush = async (): Promise<void> => {
    scheduled = false;
    const batch = gathering;
    gathering = [];
    writing = true;
    try {
      const results = await write(batch.map((w) => w.item));
      for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      writing = false;
      if (gathering.length > 0) schedule();
    }
  };
  const schedule = () => {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      gathering.push({ item, resolve, reject });
      schedule();
    });
}
