/**
 * Intents stuck in `placing`: POST /orders went out with the intent's Idempotency-Key, its answer was
 * lost, and the user has not tapped Confirm again. They are resolved from GET /orders read with the
 * intent's own API key, NEVER by placing again:
 * - a matching order (same address, resource, volume and duration, created since the preview, not
 *   already held by another intent) is adopted: the intent becomes `placed` and the usual settlement
 *   watching and notices take over;
 * - no match PLACING_GIVE_UP_MS after the last attempt, in a list that reaches back past the intent:
 *   the order never reached the marketplace and nothing was charged. The intent becomes `rejected`
 *   ("not placed"), so its card's Confirm no longer sends.
 * A list that fails, or does not reach back far enough, decides nothing.
 */
import type { MarketplaceClient, Order } from "../marketplace/index.js";
import type { OrderIntentRow } from "../store/orders.js";
import { errorFields } from "../logger.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { clientForKey } from "../credentials/key-client.js";

/** Since the last placement attempt; longer than one placement with its retries (3 × 15 s + backoff). */
export const PLACING_SETTLE_MS = 2 * 60_000;
/** Since the last placement attempt: no match by then means the order was never made. */
export const PLACING_GIVE_UP_MS = 15 * 60_000;
/** The marketplace's clock may differ from ours by this much. */
export const CLOCK_SKEW_MS = 60_000;
const PAGE_SIZE = 100;
const MAX_PAGES = 2;
export const NOT_PLACED = "not placed";

export interface AdoptedOrder {
  row: OrderIntentRow;
  order: Order;
}

/** Newest orders, and whether they reach back to `since` (or are all there are). */
async function recentOrders(client: MarketplaceClient, since: number): Promise<{ orders: Order[]; complete: boolean }> {
  const orders: Order[] = [];
  let total = Infinity;
  let lastPageEmpty = false;
  for await (const page of client.iterateOrders({ pageSize: PAGE_SIZE, maxPages: MAX_PAGES })) {
    orders.push(...page.items);
    total = page.total;
    lastPageEmpty = page.items.length === 0;
    const oldest = page.items.at(-1);
    // An unreadable date (NaN) never counts as reaching back.
    if (oldest && Date.parse(oldest.createdAt) < since) return { orders, complete: true };
  }
  return { orders, complete: lastPageEmpty || orders.length >= total };
}

function matches(row: OrderIntentRow, order: Order): boolean {
  return (
    order.targetAddress === row.targetAddress &&
    order.resource.toLowerCase() === row.resource &&
    order.volume === BigInt(row.volume) &&
    order.duration === row.duration &&
    Date.parse(order.createdAt) >= row.createdAt - CLOCK_SKEW_MS
  );
}

export function createPlacingReconciler(deps: WatchDeps) {
  /** One key's stuck intents (oldest first) against one read of its recent orders. */
  async function resolveKey(rows: OrderIntentRow[], now: number, adopted: AdoptedOrder[]): Promise<void> {
    const { store } = deps;
    // Only the key the order was placed with can tell: another key may belong to another account.
    const key = await store.apiKeys.getById(rows[0]!.keyId);
    if (!key) return;
    const client = await clientForKey(deps, key);
    const since = Math.min(...rows.map((r) => r.createdAt)) - CLOCK_SKEW_MS;
    const { orders, complete } = await recentOrders(client, since);
    const oldestFirst = orders.toReversed();
    const taken = new Set<string>();

    for (const row of rows) {
      let order: (typeof oldestFirst)[number] | undefined;
      for (const o of oldestFirst) {
        if (taken.has(o.id) || !matches(row, o) || (await store.orders.getByOrderId(o.id))) continue;
        order = o;
        break;
      }
      if (order) {
        taken.add(order.id);
        const placed = { orderId: order.id, status: order.status, totalTrx: order.totalTrx, txId: order.txId };
        if (!(await store.orders.adoptPlaced(row.intentId, placed))) continue; // a Confirm got it meanwhile
        await store.recentAddresses.remember(row.userId, row.targetAddress, now);
        deps.logger.info({ intentId: row.intentId, orderId: order.id }, "order watch: adopted the order of an intent left placing");
        adopted.push({ row, order });
      } else if (complete && now - row.updatedAt >= PLACING_GIVE_UP_MS) {
        if (await store.orders.abandonPlacing(row.intentId, row.updatedAt, NOT_PLACED)) {
          deps.logger.info({ intentId: row.intentId }, "order watch: an intent left placing was never placed");
        }
      }
    }
  }

  return {
    /** Resolves what it can; returns the intents adopted (their orders may already be settled). */
    async run(): Promise<AdoptedOrder[]> {
      const now = deps.now();
      const rows = await deps.store.orders.listStuckPlacing(now - PLACING_SETTLE_MS);
      const byKey = new Map<number, OrderIntentRow[]>();
      for (const row of rows) byKey.set(row.keyId, [...(byKey.get(row.keyId) ?? []), row]);
      const adopted: AdoptedOrder[] = [];
      await forEachLimit(
        [...byKey.values()],
        deps.concurrency,
        (group) => resolveKey(group, now, adopted),
        (group, err) => deps.logger.warn({ err: errorFields(err), keyId: group[0]!.keyId }, "order watch: could not check orders being placed"),
      );
      return adopted;
    },
  };
}
