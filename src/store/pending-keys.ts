/**
 * An API key pasted as a plain message (not through /key) waits here, sealed, while the user is
 * asked whether to save it: one per user, for ten minutes, taken at most once. Kept in bot_storage
 * under its own prefix, so it survives a restart in between and is never stored in plain text.
 */
import { SealError, type Sealer } from "./secrets.js";
import type { KeyValueStorage } from "./kv-storage.js";

export const PENDING_KEY_TTL_MS = 10 * 60_000;

const owner = (userId: number) => `pending-key:${userId}`;

export function createPendingKeysRepo(storage: KeyValueStorage<{ sealed: string; at: number }>, sealer: Sealer) {
  return {
    hold(userId: number, apiKey: string, now: number): Promise<void> {
      return storage.write(String(userId), { sealed: sealer.seal(apiKey, owner(userId)), at: now });
    },
    /** The key, once; undefined when there is none, or it waited too long. */
    async take(userId: number, now: number): Promise<string | undefined> {
      const held = await storage.take(String(userId));
      if (!held || now - held.at > PENDING_KEY_TTL_MS) return undefined;
      try {
        return sealer.open(held.sealed, owner(userId));
      } catch (err) {
        // held under a master key dropped since (rotation): as good as expired
        if (err instanceof SealError) return undefined;
        throw err;
      }
    },
    discard(userId: number): Promise<void> {
      return storage.delete(String(userId));
    },
  };
}
