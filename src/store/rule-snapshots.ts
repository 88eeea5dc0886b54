/**
 * The last seen state of each rule (rule_snapshots), what the rules watcher compares with. `status`
 * holds the normalised kind (active, paused, cancelled, unknown), `pauseReason` the server's value.
 * The watcher records what it sees; the bot records a rule it creates, pauses or resumes at once,
 * so that the very next change (a pause for balance right after creation) is news, not history.
 */
import { eq, ne } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";
import { ruleStatusKind, type AutomationRule } from "../marketplace/index.js";

export type RuleSnapshot = Tables["ruleSnapshots"]["$inferSelect"];

export function createRuleSnapshotsRepo({ db, t }: Conn) {
  const r = t.ruleSnapshots;
  const repo = {
    get(ruleId: string): Promise<RuleSnapshot | undefined> {
      return first(db.select().from(r).where(eq(r.ruleId, ruleId)).limit(1));
    },
    async save(snapshot: Omit<RuleSnapshot, "updatedAt">, now: number): Promise<void> {
      const values = { ...snapshot, updatedAt: now };
      await db.insert(r).values(values).onConflictDoUpdate({ target: r.ruleId, set: values });
    },
    /** The rule as the marketplace just returned it to the bot, through `key`. */
    async record(rule: AutomationRule, key: { id: number; userId: number }, now: number): Promise<void> {
      const previous = await repo.get(rule.id);
      await repo.save(
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
    async keysWithLiveRules(): Promise<Set<number>> {
      const rows = await db.selectDistinct({ keyId: r.keyId }).from(r).where(ne(r.status, "cancelled"));
      return new Set(rows.map((row) => row.keyId));
    },
  };
  return repo;
}
