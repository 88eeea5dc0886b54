/**
 * News that an order filled or failed, from the webhook receiver or the orders watcher (whichever
 * is first; the notice's dedupe key makes the second a no-op). An order placed through the bot
 * also gets its row updated, and lends the row's details to an event that left them out.
 */
import type { Store } from "../store/index.js";
import type { EventOrder } from "../events/event-payload.js";
import type { Notifier } from "./notifier.js";

export type SettlementKind = "filled" | "failed";

export function recordSettlement(store: Store, notifier: Notifier, userId: number, order: EventOrder, kind: SettlementKind): boolean {
  const row = store.orders.getByOrderId(order.id);
  let full = order;
  if (row) {
    store.orders.updateStatus(order.id, { status: order.status ?? (kind === "filled" ? "Filled" : "Failed"), txId: order.txId });
    full = {
      resource: row.resource,
      targetAddress: row.targetAddress,
      volume: BigInt(row.volume),
      duration: row.duration,
      ...(row.totalTrx ? { totalTrx: row.totalTrx } : {}),
      ...order,
    };
  }
  return kind === "filled" ? notifier.orderFilled(userId, full) : notifier.orderFailed(userId, full);
}
