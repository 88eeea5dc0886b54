/**
 * The balance the watcher last saw per API key (balance_snapshots), for telling deposits once.
 * The first sight of a key only records its balance; later a rise is a deposit candidate, and the
 * snapshot moves on by compare-and-set on `version`, in the transaction that writes the notice.
 */
import { and, eq } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type BalanceSnapshotRow = Tables["balanceSnapshots"]["$inferSelect"];

export interface SeenBalance {
  trxSun: bigint;
  /** USDT in millionths (its six decimals). */
  usdtUnits: bigint;
}

export function createBalanceSnapshotsRepo(conn: Conn) {
  const { db, t } = conn;
  const b = t.balanceSnapshots;
  return {
    get(keyId: number): Promise<BalanceSnapshotRow | undefined> {
      return first(db.select().from(b).where(eq(b.keyId, keyId)));
    },
    /** Records the first balance seen for a key; false when one was recorded already. */
    async first(keyId: number, seen: SeenBalance, at: number): Promise<boolean> {
      const rows = await db
        .insert(b)
        .values({ keyId, trxSun: seen.trxSun.toString(), usdtUnits: seen.usdtUnits.toString(), version: 0, seenAt: at })
        .onConflictDoNothing()
        .returning({ keyId: b.keyId });
      return rows.length > 0;
    },
    /** Moves the snapshot on from `version`; false when another watcher moved it first. */
    async advance(keyId: number, version: number, seen: SeenBalance, at: number): Promise<boolean> {
      const rows = await db
        .update(b)
        .set({ trxSun: seen.trxSun.toString(), usdtUnits: seen.usdtUnits.toString(), version: version + 1, seenAt: at })
        .where(and(eq(b.keyId, keyId), eq(b.version, version)))
        .returning({ keyId: b.keyId });
      return rows.length > 0;
    },
  };
}
