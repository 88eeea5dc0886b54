/**
 * What arrived in the wallet between two balance readings. A TRX rise is a deposit only for what
 * the bot's own orders do not explain: a failed order's refund raises the balance too (taken off),
 * and an order placed meanwhile lowered it (added back). Rule firings and orders placed elsewhere
 * are unknown here: they can make a deposit read smaller, never invent one. USDT is not refunded.
 */
import type { SeenBalance } from "../store/balance-snapshots.js";
import { trxToSun } from "../tron/amounts.js";

/** An order of the key's that moved the balance in the window (store.orders.listMovedSince). */
export interface MovedOrder {
  totalTrx: string | null;
  status: string | null;
  createdAt: number;
  /** When it last moved (placed, or its status learnt). */
  updatedAt: number;
}

/**
 * Whether a balance read that began at `readFrom` can be compared at all: an order of the key's that
 * moved since then (placed, or found failed and refunded) may or may not be in the balance read,
 * and either guess could tell its charge or refund as a deposit. Such a reading is left for the
 * next tick, which reads again.
 */
export function readDuringMove(moved: readonly MovedOrder[], readFrom: number): boolean {
  return moved.some((order) => order.updatedAt >= readFrom);
}

export interface Arrived {
  trxSun: bigint;
  usdtUnits: bigint;
}

export function arrivedBetween(before: SeenBalance, now: SeenBalance, moved: readonly MovedOrder[], since: number): Arrived {
  let chargedSun = 0n;
  let refundedSun = 0n;
  for (const order of moved) {
    if (order.totalTrx === null) continue;
    const total = trxToSun(order.totalTrx);
    if (order.createdAt > since) chargedSun += total;
    if (order.status?.toLowerCase() === "failed") refundedSun += total;
  }
  const trxSun = now.trxSun - before.trxSun + chargedSun - refundedSun;
  const usdtUnits = now.usdtUnits - before.usdtUnits;
  return { trxSun: trxSun > 0n ? trxSun : 0n, usdtUnits: usdtUnits > 0n ? usdtUnits : 0n };
}
