/**
 * The monthly budget per key (orders/budget.ts), on the leader once per tick across replicas: for
 * each key with a budget, the month's firings of the rules listed with the key are counted (GET
 * /automations/{id}/fires) and added to its orders through the bot. At 80% the user is warned once a
 * month; at 100% every active rule of the key is paused (POST /automations/{id}/pause), each
 * recorded as paused for budget before the call, and the user is told once per month and budget.
 * Under the budget again (a new month, a raised or removed budget) exactly the rules the bot paused
 * are resumed, and the user is told once. Marks move by compare-and-set in their notice's
 * transaction, so a restart or failover between pausing and telling neither repeats nor loses the
 * notice. A marketplace error leaves the key as it is until the next tick, logged once.
 */
import { ruleStatusKind, type AutomationRule, type MarketplaceClient } from "../marketplace/index.js";
import { budgetMonth, budgetStanding, firingsSpentIn, ordersSpentThisMonth, reachedMark } from "../orders/budget.js";
import type { KeyBudgetRow } from "../store/key-budgets.js";
import type { ApiKeyRow } from "../store/api-keys.js";
import { createFailureLog } from "./failure-log.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { clientForKey } from "../credentials/key-client.js";

export function createBudgetWatcher(deps: WatchDeps) {
  /** Keys whose last check failed (logged once until one succeeds). */
  const failures = createFailureLog(deps.logger, "budget watch");

  async function firingsThisMonth(client: MarketplaceClient, rules: readonly AutomationRule[], month: string): Promise<bigint> {
    let sun = 0n;
    for (const rule of rules) sun += firingsSpentIn(month, await client.ruleFires(rule.id));
    return sun;
  }

  /** Pauses the key's active rules, each recorded before the call (a failed call forgets it and ends the look). */
  async function pauseActive(key: ApiKeyRow, client: MarketplaceClient, rules: readonly AutomationRule[]): Promise<void> {
    const { store } = deps;
    for (const rule of rules) {
      if (ruleStatusKind(rule.status) !== "active") continue;
      await store.keyBudgets.notePaused(key.id, rule.id, deps.now());
      try {
        await client.pauseRule(rule.id);
      } catch (err) {
        await store.keyBudgets.forgetPaused(rule.id);
        throw err;
      }
    }
  }

  /** Resumes the rules paused for budget; those already active again (or gone) are only forgotten. */
  async function resumePaused(key: ApiKeyRow, client: MarketplaceClient, rules: readonly AutomationRule[], pausedIds: readonly string[]): Promise<void> {
    const { store, notifier } = deps;
    const resumed: AutomationRule[] = [];
    const gone: string[] = [];
    for (const id of pausedIds) {
      const rule = rules.find((r) => r.id === id);
      const status = rule && ruleStatusKind(rule.status);
      if (!rule || (status !== "paused" && status !== "active")) gone.push(id);
      else resumed.push(status === "paused" ? await client.resumeRule(id) : rule);
    }
    await store.transaction(async (tx) => {
      for (const id of [...gone, ...resumed.map((r) => r.id)]) await tx.keyBudgets.forgetPaused(id);
      if (resumed.length > 0) await notifier.in(tx).budgetResumed(key.userId, key.id, key, resumed);
    });
  }

  async function checkKey(row: KeyBudgetRow): Promise<void> {
    const { store, notifier } = deps;
    const key = await store.apiKeys.get(row.userId, row.keyId);
    if (!key) return;
    const pausedIds = await store.keyBudgets.pausedRules(key.id);
    if (row.budgetSun === null && pausedIds.length === 0) return store.keyBudgets.drop(key.id);
    const client = await clientForKey(deps, key);
    const rules = await client.listRules();
    const now = deps.now();
    const month = budgetMonth(now);
    if (row.budgetSun === null) return resumePaused(key, client, rules, pausedIds);

    const firingsSun = await firingsThisMonth(client, rules, month);
    await store.keyBudgets.recordFirings(key.id, month, firingsSun, now);
    const budgetSun = BigInt(row.budgetSun);
    const spend = { month, budgetSun, spentSun: firingsSun + (await ordersSpentThisMonth(store, key.id, now)) };
    const standing = budgetStanding(spend.spentSun, budgetSun);
    if (standing === "reached") {
      await pauseActive(key, client, rules);
      const pausedNow = await store.keyBudgets.pausedRules(key.id);
      const paused = (await client.listRules()).filter((r) => pausedNow.includes(r.id));
      const mark = reachedMark(month, budgetSun);
      await store.transaction(async (tx) => {
        // past 80% too: no warning after the pause in the same month
        await tx.keyBudgets.markWarned(key.id, month);
        if (await tx.keyBudgets.markReached(key.id, mark)) await notifier.in(tx).budgetReached(key.userId, key.id, mark, key, spend, paused);
      });
      return;
    }
    if (pausedIds.length > 0) await resumePaused(key, client, rules, pausedIds);
    if (standing === "warning") {
      await store.transaction(async (tx) => {
        if (await tx.keyBudgets.markWarned(key.id, month)) await notifier.in(tx).budgetWarning(key.userId, key.id, key, spend);
      });
    }
  }

  return {
    async tick(): Promise<void> {
      await forEachLimit(
        await deps.store.keyBudgets.listAll(),
        deps.concurrency,
        async (row) => {
          await checkKey(row);
          failures.succeeded(`key ${row.keyId}`);
        },
        (row, err) => failures.failed(`key ${row.keyId}`, err, "budget watch: could not check a key's budget; it is left as it is until the next tick"),
      );
    },
  };
}
