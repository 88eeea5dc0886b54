/**
 * The store's in-memory caches are Maps with a size bound: adding a new key to a full map evicts
 * the oldest entry. Returns the value, so a lookup can cache and answer in one expression.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/**
 * A cache of stored text (null: known to be absent) bounded by both the number of keys and the
 * characters of text it holds, the oldest entries going first. Counting characters bounds its
 * memory whatever the values' size: a bound on keys alone lets a few thousand large values (a
 * conversation's replay log holds whole updates and replies) take tens of megabytes.
 * A text larger than the whole budget is not kept.
 */
export interface TextCache {
  get(key: string): string | null | undefined;
  has(key: string): boolean;
  /** Caches and returns `text`. */
  remember(key: string, text: string | null): string | null;
  delete(key: string): void;
  readonly size: number;
  /** Characters of text held. */
  readonly chars: number;
}

export function createTextCache(limits: { entries: number; chars: number }): TextCache {
  const map = new Map<string, string | null>();
  let chars = 0;
  const drop = (key: string) => {
    const old = map.get(key);
    if (old !== undefined) chars -= old?.length ?? 0;
    map.delete(key);
  };
  return {
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    remember(key, text) {
      drop(key);
      if (text !== null && text.length > limits.chars) return text;
      map.set(key, text);
      chars += text?.length ?? 0;
      while (map.size > limits.entries || chars > limits.chars) drop(map.keys().next().value as string);
      return text;
    },
    delete: drop,
    get size() {
      return map.size;
    },
    get chars() {
      return chars;
    },
  };
}
