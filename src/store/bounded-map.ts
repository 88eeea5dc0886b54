/**
 * The store's in-memory caches are Maps with a size bound: adding a new key to a full map evicts
 * the oldest entry. Returns the value, so a lookup can cache and answer in one expression.
 */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}
