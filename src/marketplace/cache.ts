/**
 * A small time-bounded cache of promises, for the options endpoints: limits and durations change,
 * so they are read from the server, but not on every keystroke. Concurrent loads of one entry share
 * one request; a failed load is not cached. Entries are keyed by a hash, never by a raw API key.
 * Every entry lives the same time, so the map's insertion order is also the order of expiry: a
 * full cache drops its expired entries from the front and stops at the first live one, which keeps
 * a load into a full cache cheap however large the cache is. (Should the clock step back, an
 * expired entry may sit behind a live one for a while: it is still never served, and the cap holds.)
 */
import { createHash } from "node:crypto";

interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

export class TtlCache<V> {
  readonly #entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 1_000,
  ) {}

  /** A stable, non-reversible map key for a secret (an API key). */
  static keyFor(secret: string): string {
    return createHash("sha256").update(secret).digest("base64url");
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.ttlMs <= 0) return load();
    // a reload goes to the back, where its new expiry belongs
    if (hit) this.#entries.delete(key);
    this.#evict(now);
    const value = load();
    const entry = { expiresAt: now + this.ttlMs, value };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #evict(now: number): void {
    if (this.#entries.size < this.maxEntries) return;
    // the oldest first (Map keeps insertion order): expired ones, then, while still full, live ones
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt > now && this.#entries.size < this.maxEntries) break;
      this.#entries.delete(key);
    }
  }
}
