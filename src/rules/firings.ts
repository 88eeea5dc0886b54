/**
 * A rule's firings as part of the user's history: each firing is a purchase the rule made (charged
 * to the balance like an order), so /orders lists them among the orders, marked with their rule,
 * and /stats counts them. The marketplace keeps them apart (GET /automations/{id}/fires, the newest
 * 50 per rule), so they are read per rule and merged here.
 */
import type { AutomationRule, MarketplaceClient, OrderStats, RuleFiring } from "../marketplace/index.js";
import { toBigInt } from "../tron/volume.js";
import { SUN_PER_TRX, sunToTrx, trxToSun } from "../tron/amounts.js";

export interface RuleFiringEntry {
  rule: Pick<AutomationRule, "id" | "type" | "targetAddress">;
  firing: RuleFiring;
  /** The firing's time (ms). */
  at: number;
}

/** Every firing of every rule the user has (any status), newest first. */
export async function loadRuleFirings(client: MarketplaceClient): Promise<RuleFiringEntry[]> {
  const rules = await client.listRules();
  const fires = await Promise.all(rules.map(async (rule) => (await client.ruleFires(rule.id)).map((firing) => ({ rule, firing, at: Date.parse(firing.createdAt) }))));
  return fires.flat().sort((a, b) => b.at - a.at);
}

/**
 * The firings that belong with one page of orders (newest first): those from the page's oldest
 * order up to the next newer page's oldest (none: up to now). The last page also takes every older
 * firing, so each firing is shown on exactly one page; without any order, all of them are on page 1.
 */
export function firingsOnPage(
  firings: readonly RuleFiringEntry[],
  page: { items: ReadonlyArray<{ createdAt: string }>; isLast: boolean; newerPageOldest?: string },
): RuleFiringEntry[] {
  const oldest = page.items.at(-1);
  const from = oldest === undefined || page.isLast ? -Infinity : Date.parse(oldest.createdAt);
  const until = page.newerPageOldest === undefined ? Infinity : Date.parse(page.newerPageOldest);
  return firings.filter((f) => f.at >= from && f.at < until);
}

/** An entry of the merged list: an order (its index among the page's orders) or a rule's firing. */
export type HistoryRow<O> = { kind: "order"; order: O; index: number } | { kind: "firing"; entry: RuleFiringEntry };

/** The page's orders and firings in one list, newest first (orders keep their order among themselves). */
export function mergeHistory<O extends { createdAt: string }>(orders: readonly O[], firings: readonly RuleFiringEntry[]): Array<HistoryRow<O>> {
  const rows: Array<HistoryRow<O>> = [];
  let f = 0;
  orders.forEach((order, index) => {
    const at = Date.parse(order.createdAt);
    while (f < firings.length && firings[f]!.at > at) rows.push({ kind: "firing", entry: firings[f++]! });
    rows.push({ kind: "order", order, index });
  });
  while (f < firings.length) rows.push({ kind: "firing", entry: firings[f++]! });
  return rows;
}

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => Math.floor(ms / DAY_MS);

/** The statistics with the rules' firings counted in (energy: rules buy energy only). */
export interface StatsWithFirings extends OrderStats {
  ruleFirings: number;
}

/**
 * `stats` (orders only, as the marketplace counts them) with the firings added: delivered this
 * month and all time, the daily series (the last entry is today, UTC), and the average price per
 * unit weighted by volume.
 */
export function withRuleFirings(stats: OrderStats, firings: readonly RuleFiringEntry[], now: number): StatsWithFirings {
  if (firings.length === 0) return { ...stats, ruleFirings: 0 };
  const month = new Date(now).toISOString().slice(0, 7);
  const today = utcDay(now);
  const daily = stats.energyDaily.map((v) => toBigInt(v));
  let volume = 0n;
  let thisMonth = 0n;
  let priceSun = 0n;
  for (const { firing, at } of firings) {
    volume += firing.volume;
    priceSun += trxToSun(firing.priceTrx);
    if (new Date(at).toISOString().startsWith(month)) thisMonth += firing.volume;
    const index = daily.length - 1 - (today - utcDay(at));
    if (index >= 0 && index < daily.length) daily[index]! += firing.volume;
  }
  const ordersVolume = toBigInt(stats.energyDelivered);
  return {
    ...stats,
    ruleFirings: firings.length,
    energyDelivered: ordersVolume + volume,
    energyDeliveredThisMonth: toBigInt(stats.energyDeliveredThisMonth) + thisMonth,
    energyDaily: daily,
    energyAvgSunPerUnit: weightedAverage(stats.energyAvgSunPerUnit, ordersVolume, priceSun, volume),
  };
}

/**
 * SUN per unit over orders and firings together, as a decimal string (as the wire has it). The
 * average is read and written in millionths with the TRX helpers (the same six decimals as SUN).
 */
function weightedAverage(ordersAvg: string | null, ordersVolume: bigint, firingsSun: bigint, firingsVolume: bigint): string | null {
  const total = ordersVolume + firingsVolume;
  if (total === 0n) return ordersAvg;
  const ordersMillionths = ordersAvg === null ? 0n : trxToSun(ordersAvg.replace(/(\.\d{6})\d+$/, "$1")) * ordersVolume;
  return sunToTrx((ordersMillionths + firingsSun * SUN_PER_TRX) / total);
}
