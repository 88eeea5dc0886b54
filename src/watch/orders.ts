/**
 * Orders placed through the bot that the marketplace still reports as Created are polled, so fill
 * and failure notices arrive without a webhook too. The notice has the same dedupe key as the
 * webhook's, so when both see the settlement the user gets one. First, intents left `placing` are
 * resolved from the order list (placing.ts): an adopted order is watched like the others.
 */
import { orderStatusKind, type Order } from "../marketplace/index.js";
import type { EventOrder } from "../orders/event-order.js";
import { recordSettlement } from "../notices/settlement.js";
import { errorFields } from "../logger.js";
import type { OrderIntentRow } from "../store/orders.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { createPlacingReconciler } from "./placing.js";
import { clientForKey } from "../credentials/key-client.js";

export function toEventOrder(order: Order): EventOrder {
  const event: EventOrder = {
    id: order.id,
    status: order.status,
    resource: order.resource,
    targetAddress: order.targetAddress,
    volume: order.volume,
    duration: order.duration,
    totalTrx: order.totalTrx,
  };
  if (order.txId) event.txId = order.txId;
  return event;
}

export function createOrdersWatcher(deps: WatchDeps) {
  const placing = createPlacingReconciler(deps);

  async function recordIfSettled(row: OrderIntentRow, order: Order): Promise<void> {
    const { store } = deps;
    const kind = orderStatusKind(order.status);
    // Created, or a status we cannot read yet: keep watching.
    if (kind !== "filled" && kind !== "failed") return;
    await store.transaction((tx) => recordSettlement(tx, deps.notifier, row.userId, toEventOrder(order), kind));
  }

  async function check(row: OrderIntentRow): Promise<void> {
    const { store } = deps;
    if (!row.orderId) return;
    const key = (await store.apiKeys.getById(row.keyId)) ?? (await store.apiKeys.getDefault(row.userId));
    if (!key) return;
    const order = await (await clientForKey(deps, key)).getOrder(row.orderId);
    await recordIfSettled(row, order);
  }

  return {
    async tick(): Promise<void> {
      // An order adopted already settled is never Created in the store: its news is recorded here.
      for (const { row, order } of await placing.run()) await recordIfSettled(row, order);
      const rows = await deps.store.orders.listAwaitingSettlement();
      await forEachLimit(rows, deps.concurrency, check, (row, err) =>
        deps.logger.warn({ err: errorFields(err), orderId: row.orderId }, "order watch: could not check an order"),
      );
    },
  };
}
