/**
 * Events from the sandbox marketplace reaching the user's chat end to end: the sandbox delivers a
 * signed event to the receiver, the notice goes through the outbox, the sender puts it in the chat.
 * The webhook and the orders watcher both seeing one fill give one notice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { waitUntil } from "../support/wait.js";
import { request } from "undici";
import type { MarketplaceClient } from "../../src/marketplace/index.js";
import { createFormatter } from "../../src/format/formatter.js";
import { signStandard } from "../../src/events/signatures.js";
import { enAny } from "../support/locale.js";

const USER = 6060;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** A fill's or a failure's notice, in full or brief. */
const FILLED = enAny("notice-order-filled", "notice-brief-order-filled", "notice-brief-order-filled-for");
const FAILED = enAny("notice-order-failed", "notice-brief-order-failed", "notice-brief-order-failed-for");

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!; // a test that starts none must not stop the previous one again
});

async function setUp(options: { webhook?: boolean } = {}) {
  n = await startNoticesHarness({ startSender: true });
  const { accountId, apiKey, keyId } = await n.h.givenUserWithKey(USER, { scope: "full", trx: "500" });
  const client = n.h.marketplace.forKey(apiKey);
  if (options.webhook !== false) {
    const row = await n.h.store.webhooks.ensureForUser(USER, keyId);
    const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
    await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
    await n.h.store.webhooks.setSecret(row, endpoint.secret);
  }
  return { accountId, keyId, client };
}

function placeOrder(client: MarketplaceClient, volume = 131_000n) {
  return client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume, duration: "1d" }, { idempotencyKey: randomUUID() });
}

/** What the buy feature writes for an order placed through the bot. */
async function recordBotOrder(keyId: number, order: { id: string; totalTrx: string }) {
  const intent = await n.h.store.orders.createIntent({ userId: USER, keyId, chatId: USER, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" });
  await n.h.store.orders.markPlaced(intent.intentId, { orderId: order.id, status: "Created", totalTrx: order.totalTrx, txId: null });
}

const noticesIn = (chatId: number, pattern: RegExp) => n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId && pattern.test(String(c.payload.text)));

describe("notices end to end from the sandbox", () => {
  it("two people whose keys belong to one marketplace account each hear of the fill, once", async () => {
    const { accountId, client } = await setUp();
    const PARTNER = USER + 1;
    const { key } = n.h.sandbox.control.createKey(accountId, { scope: "full" });
    await n.h.store.users.touch(PARTNER, PARTNER);
    const partnerKey = await n.h.store.apiKeys.add(PARTNER, { apiKey: key, label: "shared" });
    const row = await n.h.store.webhooks.ensureForUser(PARTNER, partnerKey.id);
    const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
    await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
    await n.h.store.webhooks.setSecret(row, endpoint.secret);

    await placeOrder(client);
    await n.h.sandbox.control.settleOrders();
    await waitUntil(() => noticesIn(USER, FILLED).length === 1 && noticesIn(PARTNER, FILLED).length === 1);
    await n.sender.drain();
    expect(noticesIn(USER, FILLED)).toHaveLength(1);
    expect(noticesIn(PARTNER, FILLED)).toHaveLength(1);
  });

  it("an order card in one chat: a partner sharing the account hears of the fill without touching it; the card's user gets it redrawn and the notice as a reply", async () => {
    const { accountId, client } = await setUp({ webhook: false });
    const PARTNER = USER + 1;
    await n.h.store.users.touch(PARTNER, PARTNER);
    await n.h.store.users.setLanguage(PARTNER, "ru");
    // the partner's endpoint first, so the partner's delivery tends to be handled first
    for (const [userId, key] of [
      [PARTNER, n.h.sandbox.control.createKey(accountId, { scope: "full" }).key],
      [USER, undefined],
    ] as const) {
      const keyId = key ? (await n.h.store.apiKeys.add(userId, { apiKey: key, label: "shared" })).id : (await n.h.store.apiKeys.list(USER))[0]!.id;
      const row = await n.h.store.webhooks.ensureForUser(userId, keyId);
      const endpoint = n.h.sandbox.control.createWebhook(accountId, n.hookUrl(row.routeToken));
      await n.h.store.webhooks.setEndpointId(row.id, endpoint.id);
      await n.h.store.webhooks.setSecret(row, endpoint.secret);
    }
    const order = await placeOrder(client);
    const card = await n.h.bot.api.sendMessage(USER, "the order's card");
    await n.h.store.orderCards.remember(order.id, { chatId: USER, messageId: card.message_id });

    await n.h.sandbox.control.settleOrders();
    await waitUntil(() => noticesIn(USER, FILLED).length === 1 && noticesIn(PARTNER, /Заказ выполнен/).length === 1);
    await n.sender.drain();
    const edits = n.h.tg.callsOf("editMessageText");
    expect(edits).toHaveLength(1);
    expect(edits[0]!.payload).toMatchObject({ chat_id: USER, message_id: card.message_id });
    expect(String(edits[0]!.payload.text)).toMatch(FILLED);
    const replyOf = (c: { response: unknown }) => (c.response as { result: { reply_to_message?: { message_id: number } } }).result.reply_to_message?.message_id;
    expect(replyOf(noticesIn(USER, FILLED)[0]!)).toBe(card.message_id);
    expect(replyOf(noticesIn(PARTNER, /Заказ выполнен/)[0]!)).toBeUndefined();
    expect(await n.h.store.orderCards.takeIn(order.id, USER)).toBeUndefined();
  });

  it("a teammate's order placed through the bot, heard on the account owner's webhook: the owner is told, and so is the buyer, whose card it redraws", async () => {
    const { accountId, client } = await setUp();
    const BUYER = USER + 2;
    await n.h.store.users.touch(BUYER, BUYER);
    await n.h.store.users.setLanguage(BUYER, "zh");
    const { key } = n.h.sandbox.control.createKey(accountId, { scope: "purchase" });
    const buyerKey = await n.h.store.apiKeys.add(BUYER, { apiKey: key, label: "team" });
    const order = await placeOrder(n.h.marketplace.forKey(key));
    // what the buy feature writes for the buyer's order and card
    const intent = await n.h.store.orders.createIntent({ userId: BUYER, keyId: buyerKey.id, chatId: BUYER, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d" });
    await n.h.store.orders.markPlaced(intent.intentId, { orderId: order.id, status: "Created", totalTrx: order.totalTrx, txId: null });
    const card = await n.h.bot.api.sendMessage(BUYER, "the order's card");
    await n.h.store.orderCards.remember(order.id, { chatId: BUYER, messageId: card.message_id });

    await n.h.sandbox.control.settleOrders();
    await waitUntil(() => noticesIn(USER, FILLED).length === 1 && noticesIn(BUYER, /订单已完成/).length === 1);
    await n.sender.drain();
    const replyOf = (c: { response: unknown }) => (c.response as { result: { reply_to_message?: { message_id: number } } }).result.reply_to_message?.message_id;
    expect(replyOf(noticesIn(BUYER, /订单已完成/)[0]!)).toBe(card.message_id);
    expect(replyOf(noticesIn(USER, FILLED)[0]!)).toBeUndefined();
    const edits = n.h.tg.callsOf("editMessageText");
    expect(edits.map((e) => [e.payload.chat_id, e.payload.message_id])).toEqual([[BUYER, card.message_id]]);
    expect(String(edits[0]!.payload.text)).toContain("订单已完成");
    expect((await n.h.store.orders.get(intent.intentId))!.status).toBe("Filled");
    expect(await client.getOrder(order.id)).toMatchObject({ status: "Filled" });
  });

  it("a card the user deleted: its edit is dropped, and the notice (brief: the card was to carry the rest) still comes, without the quote", async () => {
    const { client } = await setUp();
    const order = await placeOrder(client);
    const card = await n.h.bot.api.sendMessage(USER, "the order's card");
    await n.h.store.orderCards.remember(order.id, { chatId: USER, messageId: card.message_id });
    await n.h.bot.api.deleteMessage(USER, card.message_id);

    await n.h.sandbox.control.settleOrders();
    const call = await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && FILLED.test(String(p.text)));
    expect(String(call.payload.text)).toContain("131,000 energy for 1 day");
    expect((call.response as { result: { reply_to_message?: unknown } }).result.reply_to_message).toBeUndefined();
    await waitUntil(async () => (await n.h.store.outbox.getByDedupeKey(`order:${order.id}:card@${USER}`))?.status === "dead");
  });

  it("order.filled: the signed event reaches the chat as a fill notice with volume, resource, target, duration, TRX and the transaction", async () => {
    const { client } = await setUp();
    const order = await placeOrder(client);
    await n.h.sandbox.control.settleOrders();
    const call = await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && FILLED.test(String(p.text)));
    const filled = await client.getOrder(order.id);
    const html = String(call.payload.text);
    expect(html).toContain("131,000 energy for 1 day");
    expect(html).toContain(`<code>${ADDRESS}</code>`);
    expect(filled.txId).toBeTruthy();
    expect(html).toContain(`<code>${filled.txId}</code>`);
    expect(html).toContain(`https://tronscan.org/#/transaction/${filled.txId}`);
    expect(html).toContain(`Charged: <code>${createFormatter("en").trx(filled.totalTrx)}</code>`);
    expect(n.h.sandbox.control.deliveries().map((d) => d.status)).toEqual([200]);
  });

  it("order.failed: the user is told the order failed and the TRX was refunded", async () => {
    const { client, accountId } = await setUp();
    n.h.sandbox.control.failNextOrder("async");
    const order = await placeOrder(client, 65_000n);
    await n.h.sandbox.control.settleOrders();
    const call = await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && FAILED.test(String(p.text)));
    expect(String(call.payload.text)).toContain("65,000 energy for 1 day");
    expect(String(call.payload.text)).toMatch(/<code>[\d.]+ TRX<\/code> was refunded to your balance/);
    expect(n.h.sandbox.control.balanceOf(accountId).trx).toBe("500.000000");
    await waitUntil(async () => (await n.h.store.outbox.getByDedupeKey(`order:${order.id}:failed@${USER}`))?.status === "sent");
  });

  it("a failed bandwidth order's notice offers bandwidth for the same address, never energy (zh)", async () => {
    const { client } = await setUp();
    await n.h.store.users.setLanguage(USER, "zh");
    n.h.sandbox.control.failNextOrder("async");
    await client.placeOrder({ resource: "bandwidth", targetAddress: ADDRESS, volume: 2_000n, duration: "1d" }, { idempotencyKey: randomUUID() });
    await n.h.sandbox.control.settleOrders();
    const call = await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("带宽"));
    const buttons = (call.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard.flat();
    expect(buttons).toEqual([{ text: "📶 购买带宽", callback_data: `buy.rf:bandwidth:${ADDRESS}` }]);
    expect(JSON.stringify(buttons)).not.toContain("能量");
    // the button starts the purchase with the resource and the address already given
    await n.h.tg.tapButton({ userId: USER, text: "📶 购买带宽" });
    await n.h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && String(p.text).includes("购买多少📶 带宽？"));
  });

  it("webhook and watcher both see one fill (either first): one notice, and the bot's order row is updated", async () => {
    const { client, keyId } = await setUp();
    // Webhook first, then the watcher.
    const first = await placeOrder(client);
    await recordBotOrder(keyId, first);
    await n.h.sandbox.control.settleOrders();
    await n.h.sandbox.control.flushWebhooks();
    await n.watch.orders.tick();
    // Watcher first (the marketplace cannot reach us for now), then the webhook's late delivery.
    const row = (await n.h.store.webhooks.forUser(USER))!;
    const secret = (await n.h.store.webhooks.revealSecret(row))!;
    await n.h.store.webhooks.setEndpointId(row.id, row.endpointId!); // forgets the secret: deliveries are refused
    n.h.sandbox.control.failNextOrder("async");
    const second = await placeOrder(client, 65_000n);
    await recordBotOrder(keyId, second);
    await n.h.sandbox.control.settleOrders();
    await n.h.sandbox.control.flushWebhooks();
    expect(n.h.sandbox.control.deliveries().filter((d) => d.status === 401).length).toBeGreaterThan(0);
    await n.watch.orders.tick();
    expect((await n.h.store.orders.getByOrderId(second.id))?.status).toBe("Failed");
    await n.h.store.webhooks.setSecret(row, secret);
    const failed = await client.getOrder(second.id);
    const body = JSON.stringify({ id: "msg_late", type: "order.failed", data: { order: { ...failed, volume: Number(failed.volume) } } });
    const ts = Math.floor(Date.now() / 1000);
    const late = await request(n.hookUrl(row.routeToken), {
      method: "POST",
      body,
      headers: { "webhook-id": "msg_late", "webhook-timestamp": String(ts), "webhook-signature": signStandard(secret, "msg_late", ts, body) },
    });
    expect(late.statusCode).toBe(200);
    expect(await late.body.json()).toEqual({ ok: true, duplicate: false });

    await n.sender.drain();
    expect(noticesIn(USER, FILLED)).toHaveLength(1);
    expect(noticesIn(USER, FAILED)).toHaveLength(1);
    const filledRow = (await n.h.store.orders.getByOrderId(first.id))!;
    expect(filledRow.status).toBe("Filled");
    expect(filledRow.txId).toBe((await client.getOrder(first.id)).txId);
    expect(await n.h.store.orders.listAwaitingSettlement()).toEqual([]);
  });

  it("without a webhook, the orders watcher alone brings the fill notice, once", async () => {
    const { client, keyId } = await setUp({ webhook: false });
    const order = await placeOrder(client);
    await recordBotOrder(keyId, order);
    await n.watch.orders.tick(); // still Created: nothing
    expect(await n.h.store.outbox.listForChat(USER)).toEqual([]);
    await n.h.sandbox.control.settleOrders();
    await n.watch.orders.tick();
    await n.watch.orders.tick();
    await n.sender.drain();
    expect(noticesIn(USER, FILLED)).toHaveLength(1);
  });

  it("notices are written in the user's language", async () => {
    const { client } = await setUp();
    await n.h.store.users.setLanguage(USER, "ru");
    await placeOrder(client);
    await n.h.sandbox.control.settleOrders();
    const call = await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    expect(String(call.payload.text)).toContain("Заказ выполнен");
    expect(String(call.payload.text)).toMatch(/131\s000 энергии на 1 день/);
    await waitUntil(async () => (await n.h.store.outbox.listForChat(USER))[0]?.status === "sent");
  });
});
