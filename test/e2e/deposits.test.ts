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
    const other = createBalanceWatcher({ store: n.h.store, marketplace: n.h.marketplace, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: createPriceCache(Date.now), concurrency: 2 });
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
    const order = await client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" }, { idempotencyKey: randomUUID() });
    const intent = await n.h.store.orders.createIntent({ userId: USER, keyId, chatId: USER, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" });
    await n.h.store.orders.markPlaced(intent.intentId, { orderId: order.id, status: "Created", totalTrx: order.totalTrx, txId: null });
    await n.watch.balance.tick();
    // a millisecond later (the watcher tells a refund from a deposit by the order's updated_at after
    // its last reading, in ms: one in the reading's own millisecond is ambiguous, and read as before it)
    await new Promise((resolve) => setTimeout(resolve, 2));
    // it fails: the marketplace refunds it, and the bot learns the order failed
    await n.h.sandbox.control.settleOrders("failed");
    await n.h.store.orders.updateStatus(order.id, { status: "Failed" });
    await n.watch.balance.tick();
    expect(await deposits()).toEqual([]);

    n.h.sandbox.control.depositUsdt(accountId, "5");
    await n.watch.balance.tick();
    const told = await deposits();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("5.00 USDT");
    expect(told[0]).not.toContain("TRX");
  });
});
