/** The addresses a user bought for most recently, offered as buttons in /buy. */
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { Db } from "./db.js";
import { recentAddresses } from "./schema.js";

/** How many addresses are kept per user (more than are shown, so removals never leave gaps). */
const KEPT = 10;

export function createRecentAddressesRepo(db: Db) {
  return {
    remember(userId: number, address: string, at = Date.now()): void {
      db.transaction((tx) => {
        tx.insert(recentAddresses)
          .values({ userId, address, usedAt: at })
          .onConflictDoUpdate({ target: [recentAddresses.userId, recentAddresses.address], set: { usedAt: at } })
          .run();
        const keep = tx
          .select({ address: recentAddresses.address })
          .from(recentAddresses)
          .where(eq(recentAddresses.userId, userId))
          .orderBy(desc(recentAddresses.usedAt))
          .limit(KEPT)
          .all()
          .map((r) => r.address);
        tx.delete(recentAddresses)
          .where(and(eq(recentAddresses.userId, userId), notInArray(recentAddresses.address, keep)))
          .run();
      });
    },
    /** Newest first. */
    list(userId: number, limit = 5): string[] {
      return db
        .select({ address: recentAddresses.address })
        .from(recentAddresses)
        .where(eq(recentAddresses.userId, userId))
        .orderBy(desc(recentAddresses.usedAt))
        .limit(limit)
        .all()
        .map((r) => r.address);
    },
  };
}

export type RecentAddressesRepo = ReturnType<typeof createRecentAddressesRepo>;
