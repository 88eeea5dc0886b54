/**
 * Price caps on rules (rule_price_caps): the watcher marks a rule `paused_above` before it asks the
 * marketplace to pause it, and moves `told` (with `version`, one per pause told) by compare-and-set
 * in the transaction of the notice, so a pause and a resume are each told once.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type PriceCapRow = Tables["rulePriceCaps"]["$inferSelect"];
export type CapTold = "paused" | "resumed";

export interface NewPriceCap {
  ruleId: string;
  keyId: number;
  userId: number;
  kind: string;
  volume: bigint | null;
  duration: string | null;
  capSun: bigint;
}

export function createPriceCapsRepo(conn: Conn) {
  const { db, t } = conn;
  const c = t.rulePriceCaps;
  return {
    get(ruleId: string): Promise<PriceCapRow | undefined> {
      return first(db.select().from(c).where(eq(c.ruleId, ruleId)));
    },
    /** Sets a rule's cap (a new amount keeps what the watcher did and told). */
    async set(cap: NewPriceCap): Promise<void> {
      const values = { ...cap, volume: cap.volume === null ? null : cap.volume.toString(), capSun: cap.capSun.toString() };
      await db.insert(c).values(values).onConflictDoUpdate({ target: c.ruleId, set: { capSun: values.capSun } });
    },
    async remove(userId: number, ruleId: string): Promise<void> {
      await db.delete(c).where(and(eq(c.ruleId, ruleId), eq(c.userId, userId)));
    },
    /** Every cap (the watcher's list). */
    listAll(): Promise<PriceCapRow[]> {
      return db.select().from(c).orderBy(asc(c.keyId), asc(c.ruleId));
    },
    /** The rule is being paused above its cap (set before the marketplace is asked). */
    async markPausing(ruleId: string): Promise<void> {
      await db.update(c).set({ pausedAbove: true }).where(eq(c.ruleId, ruleId));
    },
    /** Not paused above the price any more, nothing left to tell (the user resumed it, or it is under again without auto-resume told). */
    async clear(ruleId: string): Promise<void> {
      await db.update(c).set({ pausedAbove: false, told: null }).where(eq(c.ruleId, ruleId));
    },
    /** Moves what was told from `from` (at `version`) to `to`; false when another watcher did it first. */
    async markTold(ruleId: string, version: number, from: CapTold | null, to: CapTold): Promise<boolean> {
      const set = to === "paused" ? { told: to, version: version + 1 } : { told: to, pausedAbove: false };
      const rows = await db
        .update(c)
        .set(set)
        .where(and(eq(c.ruleId, ruleId), eq(c.version, version), from === null ? isNull(c.told) : eq(c.told, from)))
        .returning({ ruleId: c.ruleId });
      return rows.length > 0;
    },
  };
}

export type PriceCapsRepo = ReturnType<typeof createPriceCapsRepo>;
