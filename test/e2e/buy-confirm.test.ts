/**
 * Confirm places exactly one order: across ten taps, a dropped response, a restart between storing
 * the intent and receiving the answer, and a redelivered update; and each refusal (402, 403, 502)
 * reaches the user with the next step.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import type { BotDeps } from "../../src/bot/context.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { BuyCard } from "../../src/bot/features/buy/callbacks.js";
import { aroundPlaceOrder, buttonData, cardMessageId, charges, confirm, confirmData, freshAddress, intentIdOnCard, intentOnButton, nextShown, previewByOneLiner, text } from "./buy-support.js";
import { enPattern } from "../support/locale.js";

const USER = 3001;
let h: Harness;
afterEach(async () => {
  await h.stop();
});

/** Stands between the bot and POST /orders: records each call, and can lose the answer after the order was made. */
interface PlaceTap {
  /** drop: the order is made, then the connection "breaks"; hang: the order is made and the bot never hears back. */
  next: "pass" | "drop" | "hang";
  calls: Array<{ idempotencyKey: string; stateAtCall: string | undefined }>;
}

function interceptPlaceOrder(tap: PlaceTap) {
  return (deps: BotDeps): BotDeps =>
    aroundPlaceOrder(deps, async (place, body, options) => {
      const intent = (await deps.store.orders.listByUser(USER)).find((r) => r.idempotencyKey === options.idempotencyKey);
      tap.calls.push({ idempotencyKey: options.idempotencyKey, stateAtCall: intent?.state });
      const order = await place(body, options);
      const mode = tap.next;
      tap.next = "pass";
      if (mode === "drop") throw new MarketplaceError("network", "POST /api/v1/orders: network error (ECONNRESET)");
      if (mode === "hang") return new Promise<never>(() => undefined);
      return order;
    });
}

async function start(tap?: PlaceTap): Promise<void> {
  h = await startHarness(tap ? { extendDeps: interceptPlaceOrder(tap) } : {});
}

describe("Confirm places exactly one order", () => {
  it("ten quick taps on Confirm: one order, one charge, every tap answered", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(h, intentId);
    for (let i = 0; i < 10; i++) await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    await waitUntil(() => h.tg.callsOf("answerCallbackQuery").length >= 10 || undefined, { timeoutMs: 10_000 });
    const answers = h.tg.callsOf("answerCallbackQuery").map((c) => String(c.payload.text));
    expect(answers.filter((a) => a === "Placing your order…")).toHaveLength(1);
    expect(answers.filter((a) => a === "This order has already been placed.")).toHaveLength(9);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId)).toHaveLength(1);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "placed", status: "Created" });
    expect(h.tg.messages(USER).find((m) => m.messageId === messageId)!.text).toContain("Created, being delivered");
  });

  it("a lost answer keeps the intent placing; Confirm again reuses the key and gets the same order", async () => {
    const tap: PlaceTap = { next: "drop", calls: [] };
    await start(tap);
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const unknown = await confirm(h, USER, intentId, /cannot tell yet/);
    expect(text(unknown)).toContain("Tapping Confirm again is safe");
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "placing", lastError: "network" });
    expect(buttonData(h, USER)).toEqual([confirmData(intentId)]);

    await h.tg.tapButton({ userId: USER, text: /Confirm again/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Created, being delivered"));
    const row = (await h.store.orders.get(intentId))!;
    expect(row.state).toBe("placed");
    expect(tap.calls.map((c) => c.idempotencyKey)).toEqual([row.idempotencyKey, row.idempotencyKey]);
    expect(tap.calls.map((c) => c.stateAtCall)).toEqual(["placing", "placing"]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId)).toHaveLength(1);
    expect(charges(h, accountId)[0]!.orderId).toBe(row.orderId);
  });

  it("a restart after the POST but before the answer: the redelivered update reuses the key, one charge", async () => {
    const tap: PlaceTap = { next: "hang", calls: [] };
    await start(tap);
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 131k 1d`);
    const messageId = await cardMessageId(h, intentId);
    const update = {
      callback_query: {
        id: "cq-confirm-restart",
        from: { id: USER, is_bot: false, first_name: "Test", language_code: "en" },
        chat_instance: "42",
        message: { message_id: messageId, date: 0, chat: { id: USER, type: "private" as const, first_name: "Test" }, text: "card" },
        data: confirmData(intentId),
      },
    };
    await h.tg.injectUpdate(update);
    // The order exists and was charged, but the bot never heard back: it is stuck in `placing`.
    await waitUntil(() => h.sandbox.control.orderCount(accountId) === 1);
    expect((await h.store.orders.get(intentId))!.state).toBe("placing");

    await h.restart();
    expect((await h.store.orders.get(intentId))!.state).toBe("placing");
    await h.tg.injectUpdate(update); // Telegram delivers the same tap again
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text).includes("Created, being delivered"));

    const row = (await h.store.orders.get(intentId))!;
    expect(row.state).toBe("placed");
    expect(tap.calls).toEqual([
      { idempotencyKey: row.idempotencyKey, stateAtCall: "placing" },
      { idempotencyKey: row.idempotencyKey, stateAtCall: "placing" },
    ]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId).map((c) => c.orderId)).toEqual([row.orderId]);
  });

  it("a placed intent delivered again after a restart only re-shows the order", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `bandwidth ${freshAddress()} 2k 1h`);
    await confirm(h, USER, intentId, /Status/);
    await h.restart();
    await h.sandbox.control.settleOrders();
    const messageId = await cardMessageId(h, intentId);
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text).includes("Filled"));
    expect((await h.store.orders.get(intentId))!.status).toBe("Filled");
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });
});

describe("refusals on Confirm", () => {
  it("402: balance and shortfall with Deposit; Try again previews anew and, after a top-up, places", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER, { trx: "10" });
    // Each costs 65,000 × 60 SUN + 10 % = 4.29 TRX plus 1.10 TRX activation = 5.39 TRX: one fits, not two.
    const a = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const b = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    await confirm(h, USER, a.intentId, /Status/);
    const refused = text(await confirm(h, USER, b.intentId, /too low/));
    expect(refused).toContain("Your balance: <code>4.61 TRX</code>. This order needs <code>5.39 TRX</code>: top up at least <code>0.78 TRX</code>.");
    expect(buttonData(h, USER)).toEqual(["dep", BuyCard.again.pack({ intent: b.intentId })]);
    expect(await h.store.orders.get(b.intentId)).toMatchObject({ state: "rejected", lastError: "http 402 wallet.insufficient_balance" });
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);

    await h.tg.tapButton({ userId: USER, text: /Try again/ });
    const short = text(await nextShown(h, /Not enough balance/));
    expect(short).toContain("top up at least <code>0.78 TRX</code>");
    expect(intentOnButton(h, USER) !== undefined).toBe(false);
    const shortIntent = intentOnButton(h, USER, BuyCard.again)!;
    expect(shortIntent).not.toBe(b.intentId);

    h.sandbox.control.deposit(accountId, "10");
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    await nextShown(h, /after this order: 9\.22 TRX/);
    expect((await h.store.orders.get(shortIntent))!.state).toBe("cancelled");
    const fresh = intentIdOnCard(h, USER);
    await confirm(h, USER, fresh, /Status/);
    expect(h.sandbox.control.orderCount(accountId)).toBe(2);
    const keys = await Promise.all([a.intentId, b.intentId, shortIntent, fresh].map(async (id) => (await h.store.orders.get(id))!.idempotencyKey));
    expect(new Set(keys).size).toBe(4);
  });

  it("403 spend limit: the limit message, no charge, the intent is rejected", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER, { dailyLimitTrx: "1" });
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const refused = text(await confirm(h, USER, intentId, /daily spend limit/));
    expect(refused).toMatch(/resets at 00:00 UTC, in \d+ h \d+ min/);
    expect((await h.store.orders.get(intentId))!.state).toBe("rejected");
    expect(charges(h, accountId)).toHaveLength(0);
  });

  it("403 scope: a read-only key previews but cannot place; the user is pointed at their keys", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER, { scope: "read" });
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(h, intentId);
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    await waitUntil(async () => (await h.store.orders.get(intentId))!.state === "rejected");
    // the refusal names the operation and the access it needs in words ("buying access"), not the scope's raw name
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && /can't place orders: its access level is too low/.test(String(p.text)) && !/\bpurchase\b/.test(String(p.text)));
    expect(buttonData(h, USER)).toContain("key.list");
    expect((await h.store.orders.get(intentId))!.lastError).toBe("http 403 api_key.insufficient_scope");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("502: provider failed and refunded; Try again uses a new intent and a new key", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1d`);
    h.sandbox.control.failNextOrder("sync");
    const failed = text(await confirm(h, USER, intentId, /provider failed/));
    expect(failed).toContain("went back to your balance");
    expect(buttonData(h, USER)).toEqual([BuyCard.again.pack({ intent: intentId })]);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "rejected", lastError: "http 502 provider.failed" });
    expect(h.sandbox.control.balanceOf(accountId).trx).toBe("1000.000000");

    await h.tg.tapButton({ userId: USER, text: /Try again/ });
    await nextShown(h, enPattern("buy-preview-total"));
    const retry = intentIdOnCard(h, USER);
    expect(retry).not.toBe(intentId);
    expect((await h.store.orders.get(retry))!.idempotencyKey).not.toBe((await h.store.orders.get(intentId))!.idempotencyKey);
    expect(await cardMessageId(h, retry)).toBe((await h.store.orders.get(intentId))!.messageId);
    await confirm(h, USER, retry, /Status/);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    const kinds = h.sandbox.control.ledger(accountId).map((e) => e.kind).filter((k) => k !== "deposit");
    expect(kinds).toEqual(["charge", "refund", "charge"]);
    expect(trxToSun(h.sandbox.control.balanceOf(accountId).trx)).toBe(1000_000_000n - trxToSun("6.4625"));
  });
});
