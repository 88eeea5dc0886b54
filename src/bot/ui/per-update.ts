/**
 * Marketplace data a card needs, fetched at most once per update: a menu is drawn again on every
 * tap (to check the tap) and once more for the answer, and each drawing would otherwise call the
 * marketplace. Keyed by the update's context, so nothing outlives the update.
 */
export interface PerUpdate<K, V> {
  /** The value for `key` in this update, loaded by `load` the first time. */
  get(ctx: object, key: K, load: () => Promise<V>): Promise<V>;
  /** Replaces the value for `key` in this update (e.g. with what an action returned). */
  set(ctx: object, key: K, value: Promise<V>): void;
}

export function perUpdate<K, V>(): PerUpdate<K, V> {
  const byUpdate = new WeakMap<object, Map<K, Promise<V>>>();
  const mapOf = (ctx: object): Map<K, Promise<V>> => {
    let map = byUpdate.get(ctx);
    if (!map) byUpdate.set(ctx, (map = new Map<K, Promise<V>>()));
    return map;
  };
  return {
    get(ctx, key, load) {
      const map = mapOf(ctx);
      let value = map.get(key);
      if (!value) map.set(key, (value = load()));
      return value;
    },
    set(ctx, key, value) {
      mapOf(ctx).set(key, value);
    },
  };
}
