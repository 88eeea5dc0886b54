/**
 * Intents stuck in `placing` (the answer to POST /orders was lost and the user never tapped Confirm
 * again) are resolved by the orders watcher from GET /orders, never by placing: an order that exists
 * is adopted and then watched like any other (fill notice); one that never reached the marketplace
 * makes the intent `rejected` once the window is over, so its card's Confirm no longer sends.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { waitUntil } from "../support/wait.js";
import type { BotDeps } from "../../src/bot/context.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import type { Marketplace, MarketplaceClient, Order, OrderPage } from "../../src/marketplace/index.js";
import { createOrdersWatcher } from "../../src/watch/orders.js";
import { PLACING_GIVE_UP_MS, PLACING_SETTLE_MS } from "../../src/watch/placing.js";
import { aroundPlaceOrder, charges, confirm, freshAddress, previewByOneLiner } from "./buy-support.js";

const USER = 7301;
const MINUTE = 60_000;
let n: NoticesHarness;

afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

/** How the bot's POST /orders goes: through, made but the answer lost, or lost before it reached the marketplace. */
const tap = { next: "pass" as "pass" | "drop" | "lose", keys: [] as string[] };

function intercept(deps: BotDeps): BotDeps {
  return aroundPlaceOrder(deps, async (place, body, options) => {
    tap.keys.push(options.idempotencyKey);
    const mode = tap.next;
    tap.next = "pass";
    if (mode === "lose") throw new MarketplaceError("timeout", "POST /api/v1/orders: no complete response within 15000 ms");
    const order = await place(body, options);
    if (mode === "drop") throw new MarketplaceError("timeout", "POST /api/v1/orders: no complete response within 15000 ms");
    return order;
  });
}

async function start(): Promise<void> {
  tap.next = "pass";
  tap.keys = [];
  n = await startNoticesHarness({ startSender: true, harness: { extendDeps: intercept } });
}

/** The watcher with its own clock, over a marketplace that fails the test if anything places an order. */
function watcherAt(clock: { aheadMs: number }, override?: (client: MarketplaceClient) => void) {
  const watcherPlaced: string[] = [];
  const marketplace: Marketplace = {
    public: n.h.marketplace.public,
    close: () => Promise.resolve(),
    forKey(apiKey) {
      const client = n.h.marketplace.forKey(apiKey);
      client.placeOrder = (_body, options) => {
        watcherPlaced.push(options.idempotencyKey);
        return Promise.reject(new Error("the watcher must never place an order"));
      };
      override?.(client);
      return client;
    },
  };
  const watcher = createOrdersWatcher({
    store: n.h.store,
    marketplace,
    notifier: n.notifier,
    logger: n.h.deps.logger,
    now: () => Date.now() + clock.aheadMs,
    prices: n.h.deps.prices,
    concurrency: 2,
  });
  return { watcher, watcherPlaced };
}

const texts = (chatId: number) =>
  n.h.tg
    .callsOf("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

describe("orders stuck in placing", () => {
  it("the order exists: adopted after the settle time (never placed again), then its fill notice arrives", async () => {
    await start();
    const { accountId } = await n.h.givenUserWithKey(USER);
    const address = freshAddress();
    const { intentId } = await previewByOneLiner(n.h, USER, `energy ${address} 65k 1h`);
    tap.next = "drop";
    await confirm(n.h, USER, intentId, /cannot tell yet/);
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placing");
    const charged = charges(n.h, accountId);
    expect(charged).toHaveLength(1);

    const clock = { aheadMs: 0 };
    const { watcher, watcherPlaced } = watcherAt(clock);
    await watcher.tick(); // too recent: a Confirm may still be on its way
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placing");

    clock.aheadMs = PLACING_SETTLE_MS + MINUTE;
    await watcher.tick();
    const adopted = (await n.h.store.orders.get(intentId))!;
    expect(adopted).toMatchObject({ state: "placed", orderId: charged[0]!.orderId, status: "Created", lastError: null });
    expect(adopted.totalTrx).toMatch(/^\d+\.\d+$/);

    await n.h.sandbox.control.settleOrders();
    await watcher.tick();
    await watcher.tick();
    await n.sender.drain();
    const filled = texts(USER).filter((t) => t.includes("Order filled"));
    expect(filled).toHaveLength(1);
    expect(filled[0]).toContain(address);
    expect((await n.h.store.orders.get(intentId))!.status).toBe("Filled");
    expect(watcherPlaced).toEqual([]);
    expect(tap.keys).toEqual([adopted.idempotencyKey]);
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("an order that is already filled when it is adopted gets its notice at once", async () => {
    await start();
    await n.h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(n.h, USER, `bandwidth ${freshAddress()} 2k 1h`);
    tap.next = "drop";
    await confirm(n.h, USER, intentId, /cannot tell yet/);
    await n.h.sandbox.control.settleOrders();
    const { watcher } = watcherAt({ aheadMs: PLACING_SETTLE_MS + MINUTE });
    await watcher.tick();
    expect(await n.h.store.orders.get(intentId)).toMatchObject({ state: "placed", status: "Filled" });
    await n.sender.drain();
    expect(texts(USER).filter((t) => t.includes("Order filled"))).toHaveLength(1);
  });

  it("the order never reached the marketplace: rejected as 'not placed' after the window, and Confirm no longer sends; other orders are not mistaken for it", async () => {
    await start();
    const { accountId } = await n.h.givenUserWithKey(USER);
    const address = freshAddress();
    // Two look-alikes: one placed through the bot (claimed by its own intent), one for another volume.
    const first = await previewByOneLiner(n.h, USER, `energy ${address} 65k 1h`);
    await confirm(n.h, USER, first.intentId, /Created, being delivered/);
    const { intentId } = await previewByOneLiner(n.h, USER, `energy ${address} 65k 1h`);
    tap.next = "lose";
    await confirm(n.h, USER, intentId, /cannot tell yet/);
    const key = await n.h.store.apiKeys.reveal((await n.h.store.apiKeys.getDefault(USER))!);
    await n.h.marketplace.forKey(key).placeOrder({ resource: "energy", targetAddress: address, volume: 131_000n, duration: "1h" }, { idempotencyKey: "elsewhere" });
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(2);

    const clock = { aheadMs: PLACING_SETTLE_MS + MINUTE };
    const { watcher, watcherPlaced } = watcherAt(clock);
    await watcher.tick(); // not found, but the window is not over
    expect(await n.h.store.orders.get(intentId)).toMatchObject({ state: "placing", orderId: null });

    clock.aheadMs = PLACING_GIVE_UP_MS + MINUTE;
    await watcher.tick();
    expect(await n.h.store.orders.get(intentId)).toMatchObject({ state: "rejected", lastError: "not placed", orderId: null });
    expect((await n.h.store.orders.get(first.intentId))!.state).toBe("placed");
    expect(watcherPlaced).toEqual([]);
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(2);

    const sent = tap.keys.length;
    await n.h.tg.tapButton({ userId: USER, text: /Confirm again/ });
    await n.h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "This order was not placed. Start again with /buy.");
    expect(tap.keys).toHaveLength(sent);
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(2);
  });

  it("never gives up without a full answer: a failing list, or more newer orders than it reads, leaves the intent placing", async () => {
    await start();
    const { accountId } = await n.h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(n.h, USER, `energy ${freshAddress()} 65k 1h`);
    tap.next = "lose";
    await confirm(n.h, USER, intentId, /cannot tell yet/);
    const clock = { aheadMs: PLACING_GIVE_UP_MS + MINUTE };

    const failing = watcherAt(clock, (client) => {
      client.listOrders = () => Promise.reject(new MarketplaceError("http", "GET /api/v1/orders failed: HTTP 502", 502, undefined, undefined, undefined, { problem: false }));
    });
    await failing.watcher.tick();
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placing");
    await waitUntil(() => n.h.logs.some((l) => l.includes("could not check orders being placed")));

    // 250 orders, all newer than the intent: two pages of 100 do not reach back to it.
    const newer = (i: number): Order => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      resource: "energy",
      targetAddress: freshAddress(),
      volume: 65_000n,
      duration: "1h",
      priceTrx: "4.29",
      activationTrx: "0",
      totalTrx: "4.29",
      status: "Filled",
      txId: null,
      createdAt: new Date(Date.now() + clock.aheadMs - i * 1000).toISOString(),
    });
    const pagesRead: number[] = [];
    const busy = watcherAt(clock, (client) => {
      client.listOrders = (query = {}): Promise<OrderPage> => {
        const page = query.page ?? 1;
        const size = query.pageSize ?? 100;
        pagesRead.push(page);
        const items = Array.from({ length: size }, (_, i) => newer((page - 1) * size + i)).filter((_, i) => (page - 1) * size + i < 250);
        return Promise.resolve({ items, page, pageSize: size, total: 250 });
      };
    });
    await busy.watcher.tick();
    expect(pagesRead).toEqual([1, 2]);
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placing");

    // With the real list (which reaches back past the intent) it gives up.
    await watcherAt(clock).watcher.tick();
    expect((await n.h.store.orders.get(intentId))!.state).toBe("rejected");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("a Confirm during the window wins: the watcher does not reject an intent touched since it listed", async () => {
    await start();
    await n.h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(n.h, USER, `energy ${freshAddress()} 65k 1h`);
    tap.next = "lose";
    await confirm(n.h, USER, intentId, /cannot tell yet/);
    const clock = { aheadMs: PLACING_GIVE_UP_MS + MINUTE };
    const racing = watcherAt(clock, (client) => {
      const list = client.listOrders.bind(client);
      client.listOrders = async (query, options) => {
        const page = await list(query, options);
        await n.h.store.orders.markPlacing(intentId); // the user taps Confirm while the watcher reads the list
        return page;
      };
    });
    await racing.watcher.tick();
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placing");
  });
});
