/**
 * News that an order filled or failed, from the webhook receiver or the orders watcher (whichever
 * is first; the notice's dedupe key makes the second a no-op). An order placed through the bot
 * also gets its row updated, and lends the row's details to an event that left them out. Runs inside
 * a transaction: the order's row and the notice are written together.
 */
import type { Repositories } from "../store/index.js";
import type { EventOrder } from "../events/event-payload.js";
import type { Notifier } from "./notifier.js";

export type SettlementKind = "filled" | "failed";

export async function recordSettlement(tx: Repositories, notifier: Notifier, userId: number, order: EventOrder, kind: SettlementKind): Promise<boolean> {
  const row = await tx.orders.getByOrderId(order.id);
  let full = order;
  if (row) {
    await tx.orders.updateStatus(order.id, { status: order.status ?? (kind === "filled" ? "Filled" : "Failed"), txId: order.txId });
    full = {
      resource: row.resource,
      targetAddress: row.targetAddress,
      volume: BigInt(row.volume),
      duration: row.duration,
      ...(row.totalTrx ? { totalTrx: row.totalTrx } : {}),
      ...order,
    };
  }
  const notices = notifier.in(tx);
  return kind === "filled" ? notices.orderFilled(userId, full) : notices.orderFailed(userId, full);
}
