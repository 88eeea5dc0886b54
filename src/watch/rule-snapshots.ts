/**
 * The rule watcher's memory: the last seen state of each rule (rule_snapshots). `status` holds the
 * normalised kind (active, paused, cancelled, unknown), `pauseReason` the server's value.
 */
import { eq, ne } from "drizzle-orm";
import type { Db } from "../store/db.js";
import { ruleSnapshots } from "../store/schema.js";

export type RuleSnapshot = typeof ruleSnapshots.$inferSelect;

export function createRuleSnapshots(db: Db) {
  return {
    get(ruleId: string): RuleSnapshot | undefined {
      return db.select().from(ruleSnapshots).where(eq(ruleSnapshots.ruleId, ruleId)).get();
    },
    save(snapshot: Omit<RuleSnapshot, "updatedAt">, now: number): void {
      const values = { ...snapshot, updatedAt: now };
      db.insert(ruleSnapshots).values(values).onConflictDoUpdate({ target: ruleSnapshots.ruleId, set: values }).run();
    },
    /** Keys that have at least one rule that is not cancelled: the ones worth polling every tick. */
    keysWithLiveRules(): Set<number> {
      const rows = db.selectDistinct({ keyId: ruleSnapshots.keyId }).from(ruleSnapshots).where(ne(ruleSnapshots.status, "cancelled")).all();
      return new Set(rows.map((r) => r.keyId));
    },
  };
}
