/**
 * The bot's monthly budget per API key (key_budgets) and the rules it paused for it
 * (budget_paused_rules). The budget watcher writes the month's firings total and moves the warned
 * and reached marks by compare-and-set in the transaction of their notice, so a restart or a second
 * replica never tells one twice. Paused rules are recorded before the marketplace is asked to pause
 * them, so a crash in between never leaves a paused rule the bot would not resume.
 */
import { and, asc, eq, gte, isNull, ne, or } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type KeyBudgetRow = Tables["keyBudgets"]["$inferSelect"];
type OrderRow = Tables["orders"]["$inferSelect"];

export function createKeyBudgetsRepo(conn: Conn) {
  const { db, t } = conn;
  const b = t.keyBudgets;
  const p = t.budgetPausedRules;
  const o = t.orders;
  /** Sets a mark to `value` unless it holds it already: true when it moved. */
  async function moveMark(keyId: number, mark: "warnedMonth" | "reachedMark", value: string): Promise<boolean> {
    const column = b[mark];
    const rows = await db
      .update(b)
      .set({ [mark]: value })
      .where(and(eq(b.keyId, keyId), or(isNull(column), ne(column, value))))
      .returning({ keyId: b.keyId });
    return rows.length > 0;
  }
  return {
    get(keyId: number): Promise<KeyBudgetRow | undefined> {
      return first(db.select().from(b).where(eq(b.keyId, keyId)));
    },
    /** Sets (or, with null, removes) a key's budget; the month's counters and marks stay. */
    async set(userId: number, keyId: number, budgetSun: bigint | null, at: number): Promise<void> {
      const budget = budgetSun === null ? null : budgetSun.toString();
      await db
        .insert(b)
        .values({ keyId, userId, budgetSun: budget, updatedAt: at })
        .onConflictDoUpdate({ target: b.keyId, set: { budgetSun: budget, updatedAt: at } });
    },
    /** Every key with a budget, or with one removed whose paused rules are still to be resumed (the watcher's list). */
    listAll(): Promise<KeyBudgetRow[]> {
      return db.select().from(b).orderBy(asc(b.keyId));
    },
    /** The key's orders placed through the bot and quoted since `since` (ms): what they cost, counted against its budget. */
    ordersPlacedSince(keyId: number, since: number): Promise<Array<Pick<OrderRow, "totalTrx" | "status">>> {
      return db
        .select({ totalTrx: o.totalTrx, status: o.status })
        .from(o)
        .where(and(eq(o.keyId, keyId), eq(o.state, "placed"), gte(o.createdAt, since)));
    },
    /** The month's firings of the key's rules, as the watcher last counted them. */
    async recordFirings(keyId: number, month: string, firingsSun: bigint, at: number): Promise<void> {
      await db.update(b).set({ month, firingsSun: firingsSun.toString(), updatedAt: at }).where(eq(b.keyId, keyId));
    },
    /** Marks the 80% warning of `month` told; false when it was already (compare-and-set). */
    markWarned(keyId: number, month: string): Promise<boolean> {
      return moveMark(keyId, "warnedMonth", month);
    },
    /** Marks the budget reached for `mark` ("YYYY-MM@sun") told; false when it was already. */
    markReached(keyId: number, mark: string): Promise<boolean> {
      return moveMark(keyId, "reachedMark", mark);
    },
    /** Removes a key's row once it has no budget and no rule left to resume. */
    async drop(keyId: number): Promise<void> {
      await db.delete(b).where(and(eq(b.keyId, keyId), isNull(b.budgetSun)));
    },
    /** The rules the bot paused for this key's budget. */
    async pausedRules(keyId: number): Promise<string[]> {
      return (await db.select({ ruleId: p.ruleId }).from(p).where(eq(p.keyId, keyId)).orderBy(asc(p.pausedAt), asc(p.ruleId))).map((r) => r.ruleId);
    },
    async isPausedForBudget(ruleId: string): Promise<boolean> {
      return (await first(db.select({ ruleId: p.ruleId }).from(p).where(eq(p.ruleId, ruleId)))) !== undefined;
    },
    /** Records a rule as paused for budget (before the marketplace pauses it). */
    async notePaused(keyId: number, ruleId: string, at: number): Promise<void> {
      await db.insert(p).values({ ruleId, keyId, pausedAt: at }).onConflictDoNothing();
    },
    /** Forgets a rule paused for budget (resumed, gone, or the pause did not happen). */
    async forgetPaused(ruleId: string): Promise<void> {
      await db.delete(p).where(eq(p.ruleId, ruleId));
    },
  };
}

export type KeyBudgetsRepo = ReturnType<typeof createKeyBudgetsRepo>;
