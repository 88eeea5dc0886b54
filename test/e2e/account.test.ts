import { afterEach, beforeEach, describe, expect, it } from "vitest";
import QRCode from "qrcode";
import { startHarness, type Harness } from "../support/harness.js";
import { QR_OPTIONS } from "../../src/bot/features/deposit/qr.js";
import { createFormatter } from "../../src/format/formatter.js";
import { CHART_HEIGHT, CHART_WIDTH } from "../../src/charts/daily-chart.js";
import { pngSize } from "../support/png.js";
import { textOf } from "../support/payload.js";

/** The bot's clock is fixed so "Updated …" lines do not change between two taps. */
const NOW = Date.UTC(2026, 10, 21, 21, 30);

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, now: () => NOW }) });
});
afterEach(async () => {
  await h.stop();
});

const USER = 4001;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DAY_MS = 86_400_000;

describe("/balance", () => {
  it("shows TRX and USDT with Deposit, Buy energy and Refresh; Refresh edits the card in place", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { trx: "1234.5" });
    await h.tg.sendText({ userId: USER, text: "/balance" });
    const card = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your balance"));
    expect(card.payload.text).toContain("TRX: <code>1,234.50</code>");
    expect(card.payload.text).toContain("<i>Updated Nov 21, 2026, 9:30 PM UTC</i>");
    expect(card.payload.text).toContain("USDT: <code>0</code>");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["dep", "buy", "bal.r"]);
    const messageId = h.tg.lastBotMessage(USER)!.messageId;

    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const same = await h.tg.waitForCall("answerCallbackQuery");
    expect(same.payload.text).toBe("No change since the last update");

    h.sandbox.control.deposit(accountId, "0.01");
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const edit = await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && textOf(p).includes("1,234.51"));
    expect(edit.payload.text).toContain("TRX: <code>1,234.51</code>");
    expect(h.tg.messages(USER).filter((m) => m.from === "bot")).toHaveLength(1);
    expect((await h.tg.waitForCall("answerCallbackQuery")).payload.text).toBe("Balance updated");
  });

  it("the active rules' daily spend is an estimate, shown to the cent", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "100" });
    const target = "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC";
    // a renewal of 65,000 energy costs 5.3625 TRX a day
    await h.marketplace.forKey(apiKey).createRenewal({ targetAddress: target, volume: 65_000n, autoResume: false });
    await h.tg.sendText({ userId: USER, text: "/balance" });
    const card = await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => textOf(p).includes("Your active rules"));
    expect(textOf(card.payload)).toContain("cost about 5.36 TRX a day");
  });

  it("uses the user's locale for separators", async () => {
    await h.givenUserWithKey(USER, { trx: "1234567.25" });
    await h.tg.sendText({ userId: USER, text: "/balance", languageCode: "ru" });
    const card = await h.tg.waitForCall("sendMessage");
    expect(card.payload.text).toContain("Ваш баланс");
    expect(card.payload.text).toContain("TRX: <code>1\u00a0234\u00a0567,25</code>");
  });

  it("without a key: says so and offers to add one", async () => {
    await h.tg.sendText({ userId: USER, text: "/balance" });
    const answer = await h.tg.waitForCall("sendMessage");
    expect(textOf(answer.payload)).toContain("/key");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["key.add"]);
  });

  it("the Balance button from elsewhere sends a fresh card", async () => {
    await h.givenUserWithKey(USER, { trx: "5" });
    await h.tg.sendText({ userId: USER, text: "/start" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tapButton({ userId: USER, text: /Balance/ });
    const card = await h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your balance"));
    expect(card.payload.text).toContain("TRX: <code>5.00</code>");
  });
});

describe("/deposit", () => {
  it("sends the QR code of the address with network, copyable address and minimums as its caption", async () => {
    const { accountId } = await h.givenUserWithKey(USER);
    const expected = await h.marketplace.forKey(await h.store.apiKeys.reveal((await h.store.apiKeys.getDefault(USER))!)).depositAddress();
    await h.tg.sendText({ userId: USER, text: "/deposit" });
    const photo = await h.tg.waitForCall("sendPhoto");
    const caption = String(photo.payload.caption);
    expect(caption).toContain("Network: <b>TRC20</b>");
    expect(caption).toContain(`Address: <code>${expected.address}</code>`);
    expect(caption).toContain("Minimum: <b>10.00 TRX</b> · <b>5.00 USDT</b>");
    expect(photo.payload.parse_mode).toBe("HTML");

    const message = h.tg.lastBotMessage(USER)!;
    expect(message.photo).toBe(true);
    const bytes = h.tg.photoBytes(USER, message.messageId)!;
    expect(pngSize(bytes)).toEqual({ width: 512, height: 512 });
    // The QR code encodes exactly the address: the same library and options give the same image.
    expect(bytes.equals(await QRCode.toBuffer(expected.address, QR_OPTIONS))).toBe(true);
    const buttons = h.tg.buttons(USER);
    expect(buttons[0]).toMatchObject({ copyText: expected.address });
    expect(buttons[1]?.callbackData).toBe("bal");
    expect(accountId).toBeTruthy();
  });

  it("the Deposit button of the balance card opens the same", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/balance" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tapButton({ userId: USER, text: /Deposit/ });
    const photo = await h.tg.waitForCall("sendPhoto");
    expect(String(photo.payload.caption)).toContain("Deposit");
  });

  it("without a key: leads to /key", async () => {
    await h.tg.sendText({ userId: USER, text: "/deposit" });
    await h.tg.waitForCall("sendMessage");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["key.add"]);
  });
});

describe("/stats", () => {
  it("before the first delivery: says so, with Buy and Orders, instead of an all-zero card and chart (ru)", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/stats", languageCode: "ru" });
    const sent = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    const text = String(sent.payload.text);
    expect(text).toContain("Поставок ещё не было");
    expect(text).not.toContain("▁");
    expect(text).not.toContain("Размещено заказов"); // no orders either
    expect(h.tg.callsOf("sendPhoto")).toEqual([]);
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["buy", "ord.list"]);
  });

  it("orders placed but none filled: still no chart, and the count of orders with where to see them", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await h.marketplace.forKey(apiKey).placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 65_000n, duration: "1h" }, { idempotencyKey: "stats-0" });
    await h.tg.sendText({ userId: USER, text: "/stats", languageCode: "zh" });
    const text = String((await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER)).payload.text);
    expect(text).toContain("尚无交付");
    expect(text).toContain("已下订单：<b>1</b>");
    expect(h.tg.callsOf("sendPhoto")).toEqual([]);
  });

  it("after deliveries: totals, this month, averages and the 14-day series", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    await client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 65_000n, duration: "1h" }, { idempotencyKey: "stats-1" });
    await h.sandbox.control.settleOrders();
    await h.sandbox.control.advanceClock(DAY_MS);
    await client.placeOrder({ resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1h" }, { idempotencyKey: "stats-2" });
    await client.placeOrder({ resource: "bandwidth", targetAddress: ADDRESS, volume: 2_000n, duration: "1h" }, { idempotencyKey: "stats-3" });
    await h.sandbox.control.settleOrders();
    const stats = await client.orderStats();
    const fmt = createFormatter("en");

    await h.tg.sendText({ userId: USER, text: "/stats" });
    const photo = await h.tg.waitForCall("sendPhoto");
    const caption = String(photo.payload.caption);
    expect(caption).toContain("Orders placed: <b>3</b>");
    expect(caption).toContain("All time: <code>196,000</code>");
    expect(caption).toContain(`This month: <code>${fmt.volume(stats.energyDeliveredThisMonth)}</code>`);
    expect(caption).toContain("All time: <code>2,000</code>");
    expect(caption).toContain(`Average price: <code>${fmt.amount(stats.energyAvgSunPerUnit!)}</code> SUN per unit`);
    expect(caption).toContain(`Average price: <code>${fmt.amount(stats.bandwidthAvgSunPerUnit!)}</code> SUN per unit`);
    expect(caption).toContain(`<code>${"▁".repeat(12)}▄█</code>`);
    expect(caption).toContain(`<code>${"▁".repeat(13)}█</code>`);
    expect(caption).not.toContain("no deliveries yet");
    const bytes = h.tg.photoBytes(USER, h.tg.lastBotMessage(USER)!.messageId)!;
    expect(pngSize(bytes)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["buy", "ord.list"]);
  });
});
