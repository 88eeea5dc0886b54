/**
 * The bot's monthly budget per API key (issue 32 item 2). Not the marketplace's daily spend limit:
 * the marketplace knows nothing of it, so the bot counts the month's spend itself, in UTC: the
 * orders placed with the key through the bot (not those that failed: refunded) plus the firings of
 * the rules listed with the key (counted by the budget watcher, src/watch/budget.ts). At 80% the user
 * is warned once a month; at 100% the key's rules are paused and an order from the chat needs the
 * user's override.
 */
import { orderStatusKind, type RuleFiring } from "../marketplace/index.js";
import type { Repositories } from "../store/index.js";
import { trxToSun } from "../tron/amounts.js";

/** Percent of the budget at which the user is warned. */
export const BUDGET_WARN_PERCENT = 80n;

/** The UTC month of `now`: "2026-11". */
export function budgetMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** The first millisecond of `now`'s UTC month. */
export function monthStartMs(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export type BudgetStanding = "under" | "warning" | "reached";

export function budgetStanding(spentSun: bigint, budgetSun: bigint): BudgetStanding {
  if (spentSun >= budgetSun) return "reached";
  return spentSun * 100n >= budgetSun * BUDGET_WARN_PERCENT ? "warning" : "under";
}

/** The whole percent of the budget spent (rounded down). */
export function budgetPercent(spentSun: bigint, budgetSun: bigint): number {
  return budgetSun === 0n ? 100 : Number((spentSun * 100n) / budgetSun);
}

/** What the firings of `month` cost (a firing's price unreadable counts nothing). */
export function firingsSpentIn(month: string, firings: readonly RuleFiring[]): bigint {
  let sun = 0n;
  for (const firing of firings) {
    const at = Date.parse(firing.createdAt);
    if (Number.isNaN(at) || budgetMonth(at) !== month) continue;
    try {
      sun += trxToSun(firing.priceTrx);
    } catch {
      // a price that is not a TRX amount is not counted
    }
  }
  return sun;
}

type BudgetRepos = Pick<Repositories, "keyBudgets">;

/** What the key's orders through the bot cost this month (failed ones were refunded). */
export async function ordersSpentThisMonth(repos: BudgetRepos, keyId: number, now: number): Promise<bigint> {
  let sun = 0n;
  for (const order of await repos.keyBudgets.ordersPlacedSince(keyId, monthStartMs(now))) {
    if (order.totalTrx === null || orderStatusKind(order.status) === "failed") continue;
    try {
      sun += trxToSun(order.totalTrx);
    } catch {
      // a total that is not a TRX amount is not counted
    }
  }
  return sun;
}

/** A key's budget and the month's spend as far as the bot knows it (firings as last counted). */
export interface KeyBudget {
  month: string;
  budgetSun: bigint;
  spentSun: bigint;
  standing: BudgetStanding;
  /** Rules the bot paused for this budget. */
  pausedRules: number;
}

/** The key's budget now; undefined when it has none. */
export async function keyBudget(repos: BudgetRepos, keyId: number, now: number): Promise<KeyBudget | undefined> {
  const row = await repos.keyBudgets.get(keyId);
  if (!row || row.budgetSun === null) return undefined;
  const month = budgetMonth(now);
  const firingsSun = row.month === month ? BigInt(row.firingsSun) : 0n;
  const spentSun = (await ordersSpentThisMonth(repos, keyId, now)) + firingsSun;
  const budgetSun = BigInt(row.budgetSun);
  return { month, budgetSun, spentSun, standing: budgetStanding(spentSun, budgetSun), pausedRules: (await repos.keyBudgets.pausedRules(keyId)).length };
}

/**
 * Before an order from the chat is placed: the budget reached, when it is (the order then needs the
 * user's override for that one order); undefined when the order may go.
 */
export async function orderBudgetRefusal(repos: BudgetRepos, keyId: number, now: number): Promise<KeyBudget | undefined> {
  const budget = await keyBudget(repos, keyId, now);
  return budget?.standing === "reached" ? budget : undefined;
}

/** Which budget a pause notice was told for: once per month and amount (raised and reached again: told again). */
export function reachedMark(month: string, budgetSun: bigint): string {
  return `${month}@${budgetSun}`;
}
