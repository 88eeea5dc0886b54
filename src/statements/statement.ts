/**
 * The monthly statement (pure): per key, the month's orders placed through the bot and its rules'
 * firings, summed (energy and bandwidth bought, TRX paid, what burning TRX would have cost where the
 * preview's burn cost was recorded, the average price), the addresses that took the most, and the
 * daily series for the chart. A failed order was refunded: it is left out.
 */
import type { OrderIntentRow } from "../store/orders.js";
import type { RuleFiringEntry } from "../rules/firings.js";
import { ruleKind } from "../marketplace/normalise.js";
import { SUN_PER_TRX, sunToTrx, trxToSun } from "../tron/amounts.js";
import { daysIn, monthRange, type UtcMonth } from "./month.js";

export const TOP_ADDRESSES = 3;

/** One purchase of the month: an order placed through the bot, or a rule's firing. */
export interface StatementLine {
  kind: "order" | "firing";
  at: number;
  resource: string;
  volume: bigint;
  /** null: the marketplace did not say (a firing's duration may be missing). */
  duration: string | null;
  address: string;
  paidSun: bigint;
  /** What burning TRX would have cost (orders placed since it is recorded; never a firing). */
  burnSun?: bigint;
  /** The order's id, or the rule's id for a firing. */
  reference: string;
  /** The order's status; a firing's rule kind (refill, renewal, smart). */
  detail: string;
}

export interface AddressTotal {
  address: string;
  purchases: number;
  paidSun: bigint;
}

export interface StatementTotals {
  orders: number;
  firings: number;
  energy: bigint;
  bandwidth: bigint;
  paidSun: bigint;
  /** TRX paid for energy and for bandwidth, for their average prices. */
  energyPaidSun: bigint;
  bandwidthPaidSun: bigint;
  /** Over the purchases whose burn cost is known: how many, what burning would have cost, what they cost. */
  burnKnown: number;
  burnSun: bigint;
  burnPaidSun: bigint;
}

export interface KeyStatement {
  keyId: number;
  label: string;
  lines: StatementLine[];
  totals: StatementTotals;
  top: AddressTotal[];
  /** The rules' firings could not be read for this key (the orders are still there). */
  firingsMissing: boolean;
}

export interface Statement {
  month: UtcMonth;
  keys: KeyStatement[];
  /** Per day of the month (UTC), all keys together. */
  energyDaily: bigint[];
  bandwidthDaily: bigint[];
}

export interface KeyInput {
  keyId: number;
  label: string;
  /** The key's placed orders (any month: those outside are left out). */
  orders: readonly OrderIntentRow[];
  /** The key's rules' firings (any month), or undefined when they could not be read. */
  firings: readonly RuleFiringEntry[] | undefined;
}

const isRefunded = (status: string | null) => status?.toLowerCase() === "failed";

export function orderLine(order: OrderIntentRow): StatementLine | undefined {
  if (order.totalTrx === null || isRefunded(order.status)) return undefined;
  return {
    kind: "order",
    at: order.createdAt,
    resource: order.resource,
    volume: BigInt(order.volume),
    duration: order.duration,
    address: order.targetAddress,
    paidSun: trxToSun(order.totalTrx),
    ...(order.burnCostTrx === null ? {} : { burnSun: trxToSun(order.burnCostTrx) }),
    reference: order.orderId ?? order.intentId,
    detail: order.status ?? "",
  };
}

export function firingLine({ rule, firing, at }: RuleFiringEntry): StatementLine {
  return {
    kind: "firing",
    at,
    resource: "energy", // rules buy energy only
    volume: firing.volume,
    duration: firing.duration,
    address: rule.targetAddress,
    paidSun: trxToSun(firing.priceTrx),
    reference: rule.id,
    // the kind in one spelling (refill, renewal, smart), whatever the marketplace's
    detail: ruleKind(rule.type),
  };
}

export function totalsOf(lines: readonly StatementLine[]): StatementTotals {
  const totals: StatementTotals = { orders: 0, firings: 0, energy: 0n, bandwidth: 0n, paidSun: 0n, energyPaidSun: 0n, bandwidthPaidSun: 0n, burnKnown: 0, burnSun: 0n, burnPaidSun: 0n };
  for (const line of lines) {
    if (line.kind === "order") totals.orders++;
    else totals.firings++;
    totals.paidSun += line.paidSun;
    if (line.resource === "bandwidth") {
      totals.bandwidth += line.volume;
      totals.bandwidthPaidSun += line.paidSun;
    } else {
      totals.energy += line.volume;
      totals.energyPaidSun += line.paidSun;
    }
    if (line.burnSun !== undefined) {
      totals.burnKnown++;
      totals.burnSun += line.burnSun;
      totals.burnPaidSun += line.paidSun;
    }
  }
  return totals;
}

/** The addresses that took the most TRX (ties: more purchases, then the address), at most `limit`. */
export function topAddresses(lines: readonly StatementLine[], limit = TOP_ADDRESSES): AddressTotal[] {
  const byAddress = new Map<string, AddressTotal>();
  for (const line of lines) {
    const entry = byAddress.get(line.address) ?? { address: line.address, purchases: 0, paidSun: 0n };
    entry.purchases++;
    entry.paidSun += line.paidSun;
    byAddress.set(line.address, entry);
  }
  return [...byAddress.values()]
    .sort((a, b) => (a.paidSun === b.paidSun ? b.purchases - a.purchases || a.address.localeCompare(b.address) : a.paidSun > b.paidSun ? -1 : 1))
    .slice(0, limit);
}

/** Average SUN paid per unit (paid ÷ volume) as a decimal string (as /stats shows it); null without volume. */
export function averageSunPerUnit(paidSun: bigint, volume: bigint): string | null {
  // millionths of a SUN, written with the TRX helper's six decimals
  return volume === 0n ? null : sunToTrx((paidSun * SUN_PER_TRX) / volume);
}

export function buildStatement(month: UtcMonth, keys: readonly KeyInput[]): Statement {
  const { from, until } = monthRange(month);
  const days = daysIn(month);
  const energyDaily = Array.from({ length: days }, () => 0n);
  const bandwidthDaily = Array.from({ length: days }, () => 0n);
  const inMonth = (line: StatementLine) => line.at >= from && line.at < until;
  const statements = keys.map((key): KeyStatement => {
    const lines = [
      ...key.orders.flatMap((o) => orderLine(o) ?? []),
      ...(key.firings ?? []).map(firingLine),
    ]
      .filter(inMonth)
      .sort((a, b) => a.at - b.at);
    for (const line of lines) {
      const day = Math.floor((line.at - from) / 86_400_000);
      if (line.resource === "bandwidth") bandwidthDaily[day]! += line.volume;
      else energyDaily[day]! += line.volume;
    }
    return { keyId: key.keyId, label: key.label, lines, totals: totalsOf(lines), top: topAddresses(lines), firingsMissing: key.firings === undefined };
  });
  return { month, keys: statements, energyDaily, bandwidthDaily };
}

export const isEmptyStatement = (s: Statement): boolean => s.keys.every((k) => k.lines.length === 0);
