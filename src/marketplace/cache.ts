/**
 * A small time-bounded cache of promises, for the options endpoints: limits and durations change,
 * so they are read from the server, but not on every keystroke. Concurrent loads of one entry share
 * one request; a failed load is not cached. Entries are keyed by a hash, never by a raw API key.
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
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < this.maxEntries) break;
      this.#entries.delete(key);
    }
  }
}
