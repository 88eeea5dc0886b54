/**
 * Calls made in the same turn of the event loop go to the database as one batch, and batches go one
 * after another: while one is being written, the next gathers every call that arrives meanwhile.
 * Under load that turns N commits into a few; a lone call costs one extra turn of the loop. Each
 * caller's promise settles with its own result once its batch is written (or rejects with the
 * batch: the inbox's batches fail only as a whole, when the database does).
 *
 * `windowMs` may hold a batch open longer, for calls whose callers do not wait on it for anything
 * but an acknowledgement: the first call of a batch says how long it gathers (0: one turn). A call
 * for which `goesNow` says so (given how many calls the batch holds with it) ends the window: the
 * batch goes at the end of the turn (a batch with company enough, a caller that cannot wait).
 */
export type TurnBatch<T, R> = (item: T) => Promise<R>;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export interface TurnBatchOptions<T> {
  windowMs?: (first: T) => number;
  goesNow?: (item: T, gathered: number) => boolean;
}

export function turnBatch<T, R>(write: (items: T[]) => Promise<R[]>, options: TurnBatchOptions<T> = {}): TurnBatch<T, R> {
  let gathering: Array<Waiting<T, R>> = [];
  let writing = false;
  let scheduled = false;
  let window: NodeJS.Timeout | undefined;

  const flush = async (): Promise<void> => {
    scheduled = false;
    clearTimeout(window);
    window = undefined;
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
    const windowMs = options.windowMs?.(gathering[0]!.item) ?? 0;
    // calls that gathered while the last batch was written may end the window already
    if (windowMs > 0 && !gathering.some((w, i) => options.goesNow?.(w.item, i + 1))) window = setTimeout(() => void flush(), windowMs);
    else flushAtTurnEnd();
  };
  const flushAtTurnEnd = () => {
    clearTimeout(window);
    window = undefined;
    setImmediate(() => void flush());
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      gathering.push({ item, resolve, reject });
      schedule();
      if (window && options.goesNow?.(item, gathering.length)) flushAtTurnEnd();
    });
}
