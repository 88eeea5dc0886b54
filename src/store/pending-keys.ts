/**
 * An API key pasted as a plain message (not through /key) waits here, sealed, while the user is
 * asked whether to save it: one per user, for ten minutes, taken at most once. Kept in bot_storage
 * under its own prefix, so it survives a restart in between and is never stored in plain text.
 */
import type { Db } from "./db.js";
import { SealError, type Sealer } from "./secrets.js";
import { createKeyValueStorage, type KeyValueOptions } from "./kv-storage.js";

export const PENDING_KEY_TTL_MS = 10 * 60_000;

const owner = (userId: number) => `pending-key:${userId}`;

export function createPendingKeysRepo(db: Db, sealer: Sealer, options: KeyValueOptions = {}) {
  const storage = createKeyValueStorage<{ sealed: string; at: number }>(db, "pending-key:", options);
  return {
    hold(userId: number, apiKey: string, now: number): void {
      storage.write(String(userId), { sealed: sealer.seal(apiKey, owner(userId)), at: now });
    },
    /** The key, once; undefined when there is none, or it waited too long. */
    take(userId: number, now: number): string | undefined {
      const held = storage.read(String(userId));
      storage.delete(String(userId));
      if (!held || now - held.at > PENDING_KEY_TTL_MS) return undefined;
      try {
        return sealer.open(held.sealed, owner(userId));
      } catch (err) {
        // held under a master key dropped since (rotation): as good as expired
        if (err instanceof SealError) return undefined;
        throw err;
      }
    },
    discard(userId: number): void {
      storage.delete(String(userId));
    },
    flush: () => storage.flush(),
  };
}
