/**
 * The last seen state of each rule (rule_snapshots), what the rules watcher compares with. `status`
 * holds the normalised kind (active, paused, cancelled, unknown), `pauseReason` the server's value.
 * The watcher records what it sees; the bot records a rule it creates, pauses or resumes at once,
 * so that the very next change (a pause for balance right after creation) is news, not history.
 */
import { eq, ne } from "drizzle-orm";
import type { Db } from "./db.js";
import { ruleSnapshots } from "./schema.js";
import { ruleStatusKind, type AutomationRule } from "../marketplace/index.js";

export type RuleSnapshot = typeof ruleSnapshots.$inferSelect;

export function createRuleSnapshotsRepo(db: Db) {
  return {
    get(ruleId: string): RuleSnapshot | undefined {
      return db.select().from(ruleSnapshots).where(eq(ruleSnapshots.ruleId, ruleId)).get();
    },
    save(snapshot: Omit<RuleSnapshot, "updatedAt">, now: number): void {
      const values = { ...snapshot, updatedAt: now };
      db.insert(ruleSnapshots).values(values).onConflictDoUpdate({ target: ruleSnapshots.ruleId, set: values }).run();
    },
    /** The rule as the marketplace just returned it to the bot, through `key`. */
    record(rule: AutomationRule, key: { id: number; userId: number }, now: number): void {
      const previous = this.get(rule.id);
      this.save(
        {
          ruleId: rule.id,
          keyId: key.id,
          userId: key.userId,
          status: ruleStatusKind(rule.status),
          pauseReason: rule.pauseReason,
          spentTrx: rule.spentTrx,
          // firings up to now are history: the user is looking at the rule
          lastFireAt: previous?.lastFireAt ?? rule.updatedAt,
        },
        now,
      );
    },
    /** Keys that have at least one rule that is not cancelled: the ones worth polling every tick. */
    keysWithLiveRules(): Set<number> {
      const rows = db.selectDistinct({ keyId: ruleSnapshots.keyId }).from(ruleSnapshots).where(ne(ruleSnapshots.status, "cancelled")).all();
      return new Set(rows.map((r) => r.keyId));
    },
  };
}
