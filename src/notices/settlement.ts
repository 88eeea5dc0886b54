/**
 * News that an order filled or failed, from the webhook receiver or the orders watcher (whichever
 * is first; the notice's dedupe key makes the second a no-op). An order placed through the bot
 * also gets its row updated, and lends the row's details to an event that left them out. Runs inside
 * a transaction: the order's row and the notice are written together.
 *
 * `userId` is whoever the report came for (the endpoint's owner, or the watched order's user). An
 * order placed through the bot by someone else sharing the account (a team with one marketplace
 * account and one webhook) is also told to the person who placed it, whose card it brings up to date.
 */
import type { Repositories } from "../store/index.js";
import type { EventOrder } from "../orders/event-order.js";
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
  const tell = (to: number) => (kind === "filled" ? notices.orderFilled(to, full) : notices.orderFailed(to, full));
  // the buyer first: their card is redrawn and their notice answers it
  const toBuyer = row && row.userId !== userId ? await tell(row.userId) : false;
  return (await tell(userId)) || toBuyer;
}
