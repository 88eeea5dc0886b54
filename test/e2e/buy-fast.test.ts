/**
 * Buying in two taps (issue 17: presets with prices, /buy <address> <n>, buy again, runway, a /buy
 * typed before a key), told as a Russian- or Chinese-speaking user would meet it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { waitUntil } from "../support/wait.js";
import { get } from "../../src/store/kv-storage.js";
import type { Store } from "../../src/store/index.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { aroundClients, cardMessageId, confirm, freshAddress, intentIdOnCard, nextShown, text } from "./buy-support.js";

/** Where the order's card is remembered, read without taking it. */
async function cardOf(store: Store, orderId: string): Promise<{ chatId: number; messageId: number } | undefined> {
  const json = await get(store.raw.conn, `order-card:${orderId}`);
  return json === null ? undefined : (JSON.parse(json) as { chatId: number; messageId: number });
}

const USER = 17_001;
const RU = { userId: USER, languageCode: "ru" } as const;
const ZH = { userId: USER, languageCode: "zh" } as const;

let h: Harness | undefined;
let n: NoticesHarness | undefined;
afterEach(async () => {
  await h?.stop();
  await n?.stop();
  h = undefined;
  n = undefined;
});

const labels = (harness: Harness) => harness.tg.buttons(USER).map((b) => b.text);

describe("presets with prices", () => {
  it("a bare address (ru): USDT-transfer presets × 1 hour / 1 day with their totals; one tap is the preview; a failed price leaves that button unpriced", async () => {
    const previews: Array<{ volume?: unknown; days: string }> = [];
    h = await startHarness({
      extendDeps: (deps) =>
        aroundClients(deps, (client) => {
          const preview = client.previewOrder.bind(client);
          client.previewOrder = (query, options) => {
            previews.push({ volume: query.volume, days: query.days });
            // the marketplace fails this one price: the other buttons still show theirs
            if (query.volume === 130_000n && query.days === "1d") return Promise.reject(new Error("preview down"));
            return preview(query, options);
          };
        }),
    });
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });

    await h.tg.sendText({ ...RU, text: address });
    await nextShown(h, /это адрес TRON|адрес TRON/);
    expect(labels(h)).toEqual([
      "1 перевод · 1 час · 4,29 TRX",
      "1 перевод · 1 день · 5,36 TRX",
      "2 перевода · 1 час · 8,58 TRX",
      "2 перевода · 1 день",
      "1 перевод на адрес без USDT · 1 час · 8,65 TRX",
      "1 перевод на адрес без USDT · 1 день · 10,81 TRX",
      expect.stringContaining("Проверить") as unknown as string,
      expect.stringContaining("Купить") as unknown as string,
    ]);
    // the six prices were asked at once, and are cached: the same card again asks nothing new
    expect(previews).toHaveLength(6);
    await h.tg.sendText({ ...RU, text: address });
    await waitUntil(() => h!.tg.callsOf("sendMessage").length === 2 || undefined);
    expect(previews.length).toBe(6 + 1); // only the failed one is asked again

    await h.tg.tapButton({ ...RU, text: "2 перевода · 1 час · 8,58 TRX" });
    const card = text(await nextShown(h, /Итого к оплате/));
    expect(card).toMatch(/<code>130\s000<\/code> на 1 час/);
    expect(card).toContain(`<code>${address}</code>`);
    const intentId = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "previewed", volume: "130000", duration: "1h", targetAddress: address });
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });

  it("/check (zh): the card's presets go straight to the preview; the buy flow's volume step shows them too and one answers volume and duration", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });

    await h.tg.sendText({ ...ZH, text: `/check ${address}` });
    await nextShown(h, /地址/);
    expect(labels(h).slice(0, 6)).toEqual([
      "1 笔转账 · 1 小时 · 4.29 TRX",
      "1 笔转账 · 1 天 · 5.36 TRX",
      "2 笔转账 · 1 小时 · 8.58 TRX",
      "2 笔转账 · 1 天 · 10.73 TRX",
      "1 笔转账（对方从未持有 USDT） · 1 小时 · 8.65 TRX",
      "1 笔转账（对方从未持有 USDT） · 1 天 · 10.81 TRX",
    ]);
    await h.tg.tapButton({ ...ZH, text: "1 笔转账（对方从未持有 USDT） · 1 天 · 10.81 TRX" });
    expect(text(await nextShown(h, /应付总额/))).toContain("<code>131,000</code>，时长 1 天");

    await h.tg.sendText({ ...ZH, text: `/buy energy ${address}` });
    await nextShown(h, /按 USDT 转账笔数预设/);
    await h.tg.tapButton({ ...ZH, text: "1 笔转账 · 1 小时 · 4.29 TRX" });
    const card = text(await nextShown(h, /应付总额/));
    expect(card).toContain("<code>65,000</code>，时长 1 小时");
  });
});

describe("/buy <address> <n>", () => {
  it("(ru) buys energy for n USDT transfers for 1 hour; just the address opens the flow at the presets; a bad count answers with them", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });

    await h.tg.sendText({ ...RU, text: `/buy ${address} 3` });
    const card = text(await nextShown(h, /Итого к оплате/));
    expect(card).toMatch(/<code>195\s000<\/code> на 1 час/);
    const intentId = intentIdOnCard(h, USER);
    expect(await h.store.orders.get(intentId)).toMatchObject({ resource: "energy", volume: "195000", duration: "1h" });
    await confirm(h, USER, intentId, /Статус/);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);

    await h.tg.sendText({ ...RU, text: `/buy ${address} 2 1d` });
    expect(text(await nextShown(h, /Итого к оплате/))).toMatch(/<code>130\s000<\/code> на 1 день/);

    await h.tg.sendText({ ...RU, text: `/buy ${address}` });
    await nextShown(h, /Нажмите на готовый вариант/);
    expect(labels(h)[0]).toBe("1 перевод · 1 час · 4,29 TRX");
    await h.tg.tapButton({ ...RU, text: /Отмена/ });

    await h.tg.sendText({ ...RU, text: `/buy ${address} много` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("«много» — не число переводов USDT"));
    await nextShown(h, /Нажмите на готовый вариант/);
    expect(labels(h)).toContain("2 перевода · 1 день · 10,73 TRX");

    await h.tg.sendText({ ...RU, text: `/buy ${address} 1 2w` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("«2w» — недоступный срок (доступны: 1 час, 1 день, 3 дня, 7 дней, 14 дней и 30 дней)"));
    await nextShown(h, /На какой срок|срок/);
    expect(labels(h).slice(0, 3)).toEqual(["1 час", "1 день", "3 дня"]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("an amount in place of the count is that much energy; a mistyped address is asked again and the rest of the line is kept", async () => {
    h = await startHarness();
    const { accountId } = await h.givenUserWithKey(USER);
    const address = freshAddress();
    const corrupted = address.slice(0, -1) + (address.endsWith("a") ? "b" : "a");

    await h.tg.sendText({ userId: USER, text: `/buy ${address} 65k` });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>65,000</code> for 1 hour");
    await h.tg.sendText({ userId: USER, text: `/buy ${address} 100000 1d` });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>100,000</code> for 1 day");
    // written in groups of three, it is still one amount
    await h.tg.sendText({ userId: USER, text: `/buy ${address} 65 000` });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>65,000</code> for 1 hour");
    // a thousand transfers is not meant: 1000 is an amount, answered with the allowed range
    await h.tg.sendText({ userId: USER, text: `/buy ${address} 1000` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("1,000 is outside the allowed range"));

    // the address was mistyped: only the address is asked, then straight to the preview with 3 transfers for 1 day
    await h.tg.sendText({ userId: USER, text: `/buy ${corrupted} 3 1 day` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes(`“${corrupted}” is not a valid TRON address`));
    await nextShown(h, /Send the TRON address|TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>195,000</code> for 1 day");

    // a count without a duration keeps the default hour, as with the address right
    await h.tg.sendText({ userId: USER, text: `/buy ${corrupted} 2` });
    await nextShown(h, /TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>130,000</code> for 1 hour");

    await h.tg.sendText({ userId: USER, text: `/buy energy ${corrupted} 131k 1h` });
    await nextShown(h, /TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>131,000</code> for 1 hour");
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);
  });
});

describe("buy again and cards that follow their order", () => {
  it("(zh) the order card updates itself when the order fills and keeps its own buttons; the fill notice answers it in one line; Buy again is a fresh preview of the same order", async () => {
    n = await startNoticesHarness({ startSender: true });
    const hh = n.h;
    const { accountId } = await hh.givenUserWithKey(USER);
    await hh.store.users.setLanguage(USER, "zh");
    const address = freshAddress();
    hh.sandbox.control.setAddress(address, { activated: true });

    await hh.tg.sendText({ ...ZH, text: `/buy ${address} 2 1d` });
    await nextShown(hh, /应付总额/);
    const intentId = intentIdOnCard(hh, USER);
    const cardId = await cardMessageId(hh, intentId);
    await confirm(hh, USER, intentId, /状态/);
    expect(labels(hh)).toContain("🔁 再次购买");
    const orderId = (await hh.store.orders.get(intentId))!.orderId!;

    // Buy again on the card: a new preview (new intent) of the same address, volume and duration
    await hh.tg.tapButton({ ...ZH, messageId: cardId, text: "🔁 再次购买" });
    await waitUntil(async () => (await hh.store.orders.listByUser(USER)).length === 2 || undefined);
    const again = (await hh.store.orders.listByUser(USER)).find((r) => r.intentId !== intentId)!;
    expect(again).toMatchObject({ state: "previewed", targetAddress: address, volume: "130000", duration: "1d" });

    // the order fills: the card still open in the chat says so and keeps its own buttons; the notice answers it in one line
    await hh.sandbox.control.settleOrders();
    await n.watch.orders.tick();
    const edited = await hh.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && /状态：✅/.test(String(p.text)));
    expect(text(edited)).toContain(`<code>${address}</code>`);
    // the whole card, brought up to date: its id, its new status, its transaction
    expect(text(edited)).toContain(`<code>${orderId}</code>`);
    expect(text(edited)).toContain("Tronscan");
    expect(text(edited)).not.toContain("订单已完成");
    expect(hh.tg.buttons(USER, cardId).map((b) => b.callbackData)).toEqual([
      SharedButtons.openOrder.pack({ id: orderId }),
      SharedButtons.buyAgain.pack({ order: orderId }),
      SharedButtons.listOrders.pack(),
    ]);
    expect(hh.tg.buttons(USER, cardId).map((b) => b.text)).toEqual(["🔄 刷新", "🔁 再次购买", "📋 我的订单"]);
    const notice = await hh.tg.waitForCall("sendMessage", (p) => String(p.text).includes("订单已完成"));
    const noticeId = (notice.response as { result: { message_id: number } }).result.message_id;
    // the push (an edit notifies nobody) answers the card, briefly and without buttons of its own
    expect((notice.response as { result: { reply_to_message?: { message_id: number } } }).result.reply_to_message?.message_id).toBe(cardId);
    expect(text(notice).split("\n")).toHaveLength(1);
    expect(hh.tg.buttons(USER, noticeId)).toEqual([]);

    // Refresh on the card draws the card again in place
    await hh.tg.tapButton({ ...ZH, messageId: cardId, text: "🔄 刷新" });
    const opened = await hh.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && String(p.text).includes(orderId));
    expect(text(opened)).toContain("状态");

    await hh.tg.tapButton({ ...ZH, messageId: cardId, text: "🔁 再次购买" });
    await waitUntil(async () => (await hh.store.orders.listByUser(USER)).length === 3 || undefined);
    expect(hh.sandbox.control.orderCount(accountId)).toBe(1);
  });
});

describe("a card whose order fails", () => {
  it("(ru) is updated in place to say the order failed and the TRX came back, with Buy again; a card opened from /orders is followed too", async () => {
    n = await startNoticesHarness({ startSender: true });
    const hh = n.h;
    await hh.givenUserWithKey(USER);
    await hh.store.users.setLanguage(USER, "ru");
    const address = freshAddress();
    hh.sandbox.control.setAddress(address, { activated: true });
    hh.sandbox.control.failNextOrder("async");

    await hh.tg.sendText({ ...RU, text: `/buy ${address} 1` });
    await nextShown(hh, /Итого к оплате/);
    const intentId = intentIdOnCard(hh, USER);
    await confirm(hh, USER, intentId, /Статус/);
    const orderId = (await hh.store.orders.get(intentId))!.orderId!;

    // the same order's card opened again from /orders: the latest card shown is the one followed
    await hh.tg.sendText({ ...RU, text: "/orders" });
    const list = await nextShown(hh, /1\./);
    const listId = (list.response as { result: { message_id: number } }).result.message_id;
    await hh.tg.tapButton({ ...RU, messageId: listId, text: /^1\./ });
    await hh.tg.waitForCall("editMessageText", (p) => p.message_id === listId && String(p.text).includes(orderId));
    // (remembered once the edit has been answered)
    await waitUntil(async () => (await cardOf(hh.store, orderId))?.messageId === listId || undefined);
    expect(await cardOf(hh.store, orderId)).toMatchObject({ chatId: USER, messageId: listId, order: { id: orderId, status: "Created" } });

    await hh.sandbox.control.settleOrders();
    await n.watch.orders.tick();
    const edited = await hh.tg.waitForCall("editMessageText", (p) => p.message_id === listId && String(p.text).includes(orderId));
    expect(text(edited)).toMatch(/возвращен[оы] на ваш баланс/);
    // the card itself, now failed: no "total charged" on it
    expect(text(edited)).toContain(`<code>${orderId}</code>`);
    expect(text(edited)).toMatch(/❌/);
    expect(hh.tg.buttons(USER, listId).map((b) => b.callbackData)).toEqual([
      SharedButtons.openOrder.pack({ id: orderId }),
      SharedButtons.buyAgain.pack({ order: orderId }),
      SharedButtons.listOrders.pack(),
    ]);
    // the push answers the card, and still says the TRX came back
    const notice = await hh.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Заказ не выполнен"));
    expect((notice.response as { result: { reply_to_message?: { message_id: number } } }).result.reply_to_message?.message_id).toBe(listId);
    expect(text(notice)).toMatch(/возвращен[оы] на ваш баланс/);
    // followed once: the place is forgotten
    expect(await cardOf(hh.store, orderId)).toBeUndefined();
  });
});

describe("runway", () => {
  it("(zh) the balance card says how many USDT transfers the balance covers at the 1-hour price, and how many days the active rules last (over the days they existed)", async () => {
    // however late the runway comes on a busy machine, it is added to the card (see balance-first.test.ts)
    h = await startHarness({ extendDeps: (deps) => ({ ...deps, runwayWait: { lateMs: 60_000 } }) });
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "100", scope: "full" });
    const client = h.marketplace.forKey(apiKey);
    // issue 30 item 2: a renewal and a refill made today, each fired once; a day's spend is not spread over a week
    const renewal = await client.createRenewal({ targetAddress: freshAddress(), volume: 65_000n });
    const refillAddress = freshAddress();
    const refill = await client.createRefill({ targetAddress: refillAddress, minimal: 65_000n, volume: 65_000n, duration: "1h" });
    h.sandbox.control.consumeEnergy(refillAddress, 1n);
    const fires = [...(await client.ruleFires(renewal.id)), ...(await client.ruleFires(refill.id))];
    expect(fires).toHaveLength(2);
    const balanceSun = trxToSun((await client.balance()).trx);
    const dailySun = fires.reduce((sum, f) => sum + trxToSun(f.priceTrx), 0n);

    await h.tg.sendText({ ...ZH, text: "/balance" });
    // on the card, or added to it in place when the runway came after the balance
    const card = text(await nextShown(h, /您的余额[\s\S]*约够/));
    // 1 transfer for 1 hour on the sandbox: 4.29 TRX
    expect(card).toContain(`（每笔 4.29 TRX），约够 ${balanceSun / trxToSun("4.29")} 笔 USDT 转账`);
    expect(card).toContain(`约够 ${balanceSun / dailySun} 天`);
  });

  it("(ru) the low-balance alert carries the runway too", async () => {
    n = await startNoticesHarness({ startSender: true });
    await n.h.givenUserWithKey(USER, { trx: "20" });
    await n.h.store.users.setLanguage(USER, "ru");
    await n.h.store.users.update(USER, { balanceAlertSun: trxToSun("50").toString() });
    await n.watch.balance.tick();
    const alert = await n.h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("ниже порога"));
    expect(text(alert)).toMatch(/Хватит примерно на 4 перевода USDT по сегодняшней цене энергии на 1 час \(4,29 TRX за перевод\)/);
  });
});

describe("a /buy typed before a key", () => {
  it("(ru) is remembered, and once a key is added its preview follows, with no label step open beside it", async () => {
    h = await startHarness();
    const address = freshAddress();
    await h.tg.sendText({ ...RU, text: `/buy ${address} 1` });
    const told = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Я запомнил этот заказ"));
    expect(h.tg.buttons(USER, (told.response as { result: { message_id: number } }).result.message_id).map((b) => b.callbackData)).toEqual([SharedButtons.addKey.pack()]);

    const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
    const { key } = h.sandbox.control.createKey(accountId, { scope: "purchase" });
    await h.tg.sendText({ ...RU, text: `/key ${key}` });
    const saved = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("работает и сохранён"));
    expect(text(saved)).toContain("Дать ему имя можно позже в /keys");
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("вот заказ, который вы просили"));
    const card = text(await nextShown(h, /Итого к оплате/));
    expect(card).toMatch(/<code>65\s000<\/code> на 1 час/);
    expect(card).toContain(`<code>${address}</code>`);
    // resumed once only
    expect(await h.store.pendingBuys.read(String(USER))).toBeUndefined();
    // no label question waits beside the order: no Skip anywhere, and text now is no label
    const tg = h.tg;
    expect(tg.messages(USER).flatMap((m) => tg.buttons(USER, m.messageId)).map((b) => b.text)).not.toContain("Пропустить");
    await h.tg.sendText({ ...RU, text: "Основной" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("/help"));
    expect((await h.store.apiKeys.list(USER)).map((k) => k.label)).toEqual([""]);
  });

  it("a line that left a step to ask goes on in the flow once the key is added", async () => {
    h = await startHarness();
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, text: `/buy ${address}` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("I have kept this order"));
    const { accountId } = h.sandbox.control.createAccount({ trx: "100" });
    const { key } = h.sandbox.control.createKey(accountId, { scope: "purchase" });
    await h.tg.sendText({ userId: USER, text: `/key ${key}` });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("You can give it a name later in /keys"));
    // the flow, with the address filled in, asks what the line left out: at once, not behind a button
    const volume = await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("How much"));
    expect(text(volume)).toContain(`<code>${address}</code>`);
    await h.tg.tapButton({ userId: USER, text: /^1 transfer · 1 hour/ });
    const card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`<code>${address}</code>`);
  });
});
