/**
 * Deposits noticed (issue 32, item 4): the balance watcher tells a rise of the TRX or USDT balance
 * once, with the balance it reaches, and never a refund of the bot's own failed order; two watchers
 * ticking at once (two replicas) and a restart tell it once.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createBalanceWatcher } from "../../src/watch/balance.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { testEngine } from "../support/test-store.js";

const USER = 9301;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const en = loadTranslations("en");
/** The sentence of a locale key up to its first variable: the words a notice of that kind starts with. */
const opening = (key: string) => en.t("en", key, { amount: "\u0000", balance: "\u0000" }).split("\u0000")[0]!;

let n: NoticesHarness;
afterEach(async () => {
  await n.stop();
});

async function setUp() {
  n = await startNoticesHarness({ startSender: true });
  const { accountId, apiKey, keyId } = await n.h.givenUserWithKey(USER, { scope: "purchase", trx: "1000" });
  return { accountId, keyId, client: n.h.marketplace.forKey(apiKey) };
}

/** An order placed through the bot, as the buy feature records it. */
async function placeThroughBot(client: Awaited<ReturnType<typeof setUp>>["client"], keyId: number) {
  const order = await client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" }, { idempotencyKey: randomUUID() });
  const intent = await n.h.store.orders.createIntent({ userId: USER, keyId, chatId: USER, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" });
  await n.h.store.orders.markPlaced(intent.intentId, { orderId: order.id, status: "Created", totalTrx: order.totalTrx, txId: null });
  return order;
}

/** The order fails: the marketplace refunds it, and the bot learns it. */
async function failsAndIsLearnt(orderId: string) {
  await n.h.sandbox.control.settleOrders("failed");
  await n.h.store.orders.updateStatus(orderId, { status: "Failed" });
}

/** A balance watcher over the same database beside the harness's (another replica's), reading through `marketplace`. */
const anotherWatcher = (marketplace: typeof n.h.marketplace) =>
  createBalanceWatcher({ store: n.h.store, marketplace, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: createPriceCache(Date.now), concurrency: 2 });

/** The harness's marketplace, whose balance answers come back only after `meanwhile` has run (the balance read before it). */
function balanceAnsweredAfter(meanwhile: () => Promise<void>): typeof n.h.marketplace {
  return {
    ...n.h.marketplace,
    forKey(apiKey) {
      const real = n.h.marketplace.forKey(apiKey);
      return Object.assign(Object.create(real) as typeof real, {
        async balance() {
          const read = await real.balance();
          await meanwhile();
          return read;
        },
      });
    },
  };
}

async function deposits(): Promise<string[]> {
  await n.sender.drain();
  return n.h.tg
    .callsOf("sendMessage")
    .filter((c) => c.payload.chat_id === USER)
    .map((c) => String(c.payload.text))
    .filter((text) => text.includes("💰") && text.includes("arrived"));
}

describe(`deposits (${testEngine})`, () => {
  it("a TRX deposit is told once with the new balance; the first reading and an unchanged balance tell nothing", async () => {
    const { accountId } = await setUp();
    await n.watch.balance.tick(); // the first reading is only recorded
    expect(await deposits()).toEqual([]);

    n.h.sandbox.control.deposit(accountId, "100");
    await n.watch.balance.tick();
    const told = await deposits();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(opening("notice-deposit-trx").trim());
    expect(told[0]).toMatch(/100(\.0+)? TRX/);
    expect(told[0]).toMatch(/1,100(\.0+)? TRX/);

    await n.watch.balance.tick();
    expect(await deposits()).toHaveLength(1);
  });

  it("a deposit seen by two watchers at once, and again after a restart, is told once", async () => {
    const { accountId } = await setUp();
    await n.watch.balance.tick();
    n.h.sandbox.control.deposit(accountId, "25");
    // a second replica's watcher over the same database, ticking at the same moment
    const other = anotherWatcher(n.h.marketplace);
    await Promise.all([n.watch.balance.tick(), other.tick()]);
    expect(await deposits()).toHaveLength(1);
    await n.h.restart();
    await n.watch.balance.tick();
    expect(await deposits()).toHaveLength(1);
  });

  it("the refund of the bot's own failed order is not a deposit; USDT arriving is", async () => {
    const { accountId, keyId, client } = await setUp();
    await n.watch.balance.tick();
    // an order placed through the bot (as the buy feature records it), seen charged by the next tick
    const order = await placeThroughBot(client, keyId);
    await n.watch.balance.tick();
    // it fails (in the same millisecond as that reading, or any later one): the marketplace refunds
    // it, and the bot learns the order failed
    await failsAndIsLearnt(order.id);
    await n.watch.balance.tick();
    expect(await deposits()).toEqual([]);

    n.h.sandbox.control.depositUsdt(accountId, "5");
    await n.watch.balance.tick();
    const told = await deposits();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("5.00 USDT");
    expect(told[0]).not.toContain("TRX");
  });

  it("an order that fails while the balance is being read: the refund is not told as a deposit, then or later", async () => {
    const { accountId, keyId, client } = await setUp();
    await n.watch.balance.tick();
    const order = await placeThroughBot(client, keyId);
    // the marketplace answers the balance (the charge in it, no refund yet); before the answer
    // arrives, the order fails, is refunded, and the bot learns it
    const failsDuringRead = balanceAnsweredAfter(() => failsAndIsLearnt(order.id));
    const watcher = anotherWatcher(failsDuringRead);
    await watcher.tick();
    await n.watch.balance.tick();
    await n.watch.balance.tick();
    expect(await deposits()).toEqual([]);
    // a deposit afterwards is still told, for its own amount
    n.h.sandbox.control.deposit(accountId, "7");
    await n.watch.balance.tick();
    const told = await deposits();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/\b7(\.0+)? TRX/);
  });

  it("a reading older than the one stored meanwhile by another watcher (two replicas while the leader changes) neither tells nor steps back", async () => {
    const { accountId } = await setUp();
    await n.watch.balance.tick();
    const other = anotherWatcher(n.h.marketplace);
    // this watcher's balance comes back before the deposit; meanwhile the other one reads after it, tells it and stores its reading
    const slowRead = balanceAnsweredAfter(async () => {
      await new Promise((resolve) => setTimeout(resolve, 3));
      n.h.sandbox.control.deposit(accountId, "100");
      await other.tick();
    });
    await anotherWatcher(slowRead).tick();
    await n.watch.balance.tick();
    await n.watch.balance.tick();
    expect(await deposits()).toHaveLength(1);
  });
});
