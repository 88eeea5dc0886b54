/**
 * Reads asked for in the same turn of the event loop go to the database together: each caller
 * gets the value for its key (undefined when there is none) once one `readMany` of all the turn's
 * keys has answered, or its error. On PostgreSQL this turns one round trip per request into one per
 * turn (the receiver's route lookups under load); where reads cost no round trip it changes nothing
 * but adds one turn of the loop.
 */
export type BatchRead<K, V> = (key: K) => Promise<V | undefined>;

export function createBatchRead<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): BatchRead<K, V> {
  let waiting = new Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (err: unknown) => void }>>();

  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    try {
      const found = await readMany([...batch.keys()]);
      for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.get(key));
    } catch (err) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(err);
    }
  };

  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(() => void flush());
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
