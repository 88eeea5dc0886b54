import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { waitUntil } from "../support/wait.js";
import { buttonData, cardMessageId, confirm, freshAddress, previewByOneLiner, text } from "./buy-support.js";
import { en, enPattern } from "../support/locale.js";

/** The order list's title, whatever its page, and the order card's status line. */
const LIST = enPattern("orders-title");
const STATUS = enPattern("order-card-status");

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 4001;

const labels = (h: Harness): string[] => h.tg.buttons(USER).map((b) => b.text);

/** Orders placed straight at the marketplace (not through the bot), oldest first. */
async function placeDirectly(apiKey: string, volumes: number[]): Promise<string[]> {
  const client = h.marketplace.forKey(apiKey);
  const ids: string[] = [];
  for (const volume of volumes) {
    const order = await client.placeOrder({ resource: "energy", targetAddress: freshAddress(), volume, duration: "1h" }, { idempotencyKey: randomUUID() });
    ids.push(order.id);
  }
  return ids;
}

describe("/orders", () => {
  it("says when there are none and offers to buy", async () => {
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    expect(text(await h.tg.waitForCall("sendMessage"))).toContain(en("orders-empty"));
    expect(buttonData(h, USER)).toEqual(["buy"]);
  });

  it("pages newest first, five at a time, editing in place (a menu: rows, ◀️ / ▶️)", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await placeDirectly(apiKey, [100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    const first = text(await h.tg.waitForCall("sendMessage"));
    expect(first).toContain("page 1 of 2 (7 in total)");
    expect(first.indexOf("700,000")).toBeLessThan(first.indexOf("300,000"));
    expect(first).not.toContain("200,000");
    expect(labels(h)).toEqual([
      expect.stringMatching(/^1\. ⏳ 700,000 · T/),
      expect.stringMatching(/^2\. ⏳ 600,000/),
      expect.stringMatching(/^3\. ⏳ 500,000/),
      expect.stringMatching(/^4\. ⏳ 400,000/),
      expect.stringMatching(/^5\. ⏳ 300,000/),
      "▶️",
    ]);

    await h.tg.tapButton({ userId: USER, text: "▶️" });
    const second = text(await h.tg.waitForCall("editMessageText"));
    expect(second).toContain("page 2 of 2");
    expect(second).toContain("6. ");
    expect(second).toContain("200,000");
    expect(second).toContain("100,000");
    expect(labels(h)).toEqual([expect.stringMatching(/^6\. ⏳ 200,000/), expect.stringMatching(/^7\. ⏳ 100,000/), "◀️"]);
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: "◀️" });
    expect(text(await h.tg.waitForCall("editMessageText"))).toContain("page 1 of 2");
    expect(labels(h)).toHaveLength(6);
  });

  it("a tap on a list that changed meanwhile redraws the whole page (text and rows) and says so", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await placeDirectly(apiKey, [100_000, 200_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("(2 in total)"));
    await placeDirectly(apiKey, [300_000]);
    await h.tg.tapButton({ userId: USER, text: /^1\. ⏳ 200,000/ });
    const page = text(await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("(3 in total)")));
    expect(page).toContain("300,000");
    expect(labels(h)).toEqual([expect.stringMatching(/^1\. ⏳ 300,000/), expect.stringMatching(/^2\. ⏳ 200,000/), expect.stringMatching(/^3\. ⏳ 100,000/)]);
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === en("menu-outdated"));
  });

  it("a row opens the card; Refresh shows Filled with the txId and an explorer link, and updates our row", async () => {
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const { intentId } = await previewByOneLiner(h, USER, `energy ${address} 65k 1d`);
    await confirm(h, USER, intentId, /Status/);
    const orderId = (await h.store.orders.get(intentId))!.orderId!;

    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage", (p) => LIST.test(String(p.text)));
    await h.tg.tapButton({ userId: USER, text: /^1\. ⏳ 65,000/ });
    const card = text(await h.tg.waitForCall("editMessageText", (p) => STATUS.test(String(p.text))));
    expect(card).toContain(`<code>${orderId}</code>`);
    expect(card).toContain(`<code>${address}</code>`);
    expect(card).toContain(en("buy-preview-volume", { volume: "<code>65,000</code>", duration: "1 day" }));
    expect(card).toContain(en("order-card-total", { total: "<code>6.46 TRX</code>" }));
    expect(card).toContain(en("order-card-no-tx"));
    expect(card).toMatch(/Placed: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(labels(h)).toEqual([en("button-refresh"), en("order-button-buy-again"), en("button-back")]);

    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const answer = await h.tg.waitForCall("answerCallbackQuery", (p) => [en("orders-refresh-unchanged"), en("orders-refreshed")].includes(String(p.text)));
    expect(answer.payload.text).toBe(en("orders-refresh-unchanged"));

    await h.sandbox.control.settleOrders();
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const filled = text(await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Filled")));
    expect((await h.tg.waitForCall("answerCallbackQuery", (p) => [en("orders-refresh-unchanged"), en("orders-refreshed")].includes(String(p.text)))).payload.text).toBe(en("orders-refreshed"));
    const row = (await h.store.orders.get(intentId))!;
    expect(row.status).toBe("Filled");
    expect(row.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(filled).toContain(`<code>${row.txId}</code>`);
    expect(filled).toContain(`<a href="https://tronscan.org/#/transaction/${row.txId}">Tronscan</a>`);
    expect(filled).not.toContain(en("order-card-refresh-hint"));

    await h.tg.tapButton({ userId: USER, text: /Back/ });
    expect(text(await h.tg.waitForCall("editMessageText", (p) => LIST.test(String(p.text))))).toContain("✅ Filled");
  });

  it("the card shown after Confirm is the same menu card: Refresh, and My orders opens the list in its place", async () => {
    await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1d`);
    const cardId = await cardMessageId(h, intentId);
    await confirm(h, USER, intentId, /Status/);
    expect(labels(h)).toEqual([en("button-refresh"), en("order-button-buy-again"), en("orders-button-list")]);
    await h.sandbox.control.settleOrders();
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && String(p.text).includes("Filled"));
    await h.tg.tapButton({ userId: USER, text: en("orders-button-list") });
    const list = text(await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && LIST.test(String(p.text))));
    expect(list).toMatch(enPattern("orders-title", { page: 1, pages: 1, total: 1 }));
    expect(labels(h)).toEqual([expect.stringMatching(/^1\. ✅ 65,000/)]);
  });

  it("Refresh still refreshes when Telegram refuses the answer to the tap (query is too old)", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await placeDirectly(apiKey, [65_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage", (p) => LIST.test(String(p.text)));
    const opened = await h.tg.tapButton({ userId: USER, text: /^1\./ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(en("order-status-created")));
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.callback_query_id === opened.callbackQueryId);
    await h.sandbox.control.settleOrders();
    h.tg.failNext("answerCallbackQuery", { code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" });
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Filled"));
    const refused = await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "Updated.");
    expect(refused.response).toMatchObject({ ok: false, description: expect.stringContaining("query is too old") as unknown }); // vitest types its matchers any
    expect(h.logs.some((line) => line.includes("update failed"))).toBe(false);
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1); // the list; no error message
  });

  it("a failed order shows as failed and refunded, in the user's language", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    h.sandbox.control.failNextOrder("async");
    await placeDirectly(apiKey, [65_000]);
    await h.sandbox.control.settleOrders();
    await h.tg.sendText({ userId: USER, text: "/orders", languageCode: "ru" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Ваши заказы"));
    await h.tg.tapButton({ userId: USER, text: /^1\. ❌/, languageCode: "ru" });
    const card = text(await h.tg.waitForCall("editMessageText"));
    // the state in words, the TRX refunded, and no "total charged" nor a transaction to wait for
    expect(card).toContain("❌ Не выполнен: поставщик не смог выполнить заказ");
    expect(card).not.toContain("Failed");
    expect(card).toMatch(/↩️ Заказ не выполнен: списанные <code>[\d,]+ TRX<\/code> возвращены на ваш баланс\./);
    expect(card).not.toContain("Списано всего");
    expect(card).not.toContain("Транзакция");
    expect(card).toContain("65\u00a0000");
    expect(labels(h)).toEqual(["🔄 Обновить", "🔁 Купить снова", "⬅️ Назад"]);
  });

  it("an order the current key cannot see is answered with not found; without a key /orders asks for one", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await placeDirectly(apiKey, [65_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tapButton({ userId: USER, text: /^1\./ });
    await h.tg.waitForCall("editMessageText", (p) => STATUS.test(String(p.text)));
    // the user switches to a key of another account: the card's order is not theirs there
    const other = await h.givenUserWithKey(USER);
    await h.store.apiKeys.setDefault(USER, other.keyId);
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    expect(text(await h.tg.waitForCall("editMessageText", (p) => !String(p.text).includes("Status")))).toContain(en("error-not-found"));
    await h.tg.sendText({ userId: USER + 1, text: "/orders" });
    expect(text(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER + 1))).toContain("/key");
  });

  it("orders buttons copied from the private chat and tapped in a group do nothing there", async () => {
    const GROUP = -4001;
    const { apiKey } = await h.givenUserWithKey(USER);
    await placeDirectly(apiKey, [65_000, 70_000, 75_000, 80_000, 85_000, 90_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage", (p) => LIST.test(String(p.text)));
    const copied = buttonData(h, USER);
    await h.tg.tapButton({ userId: USER, text: /^1\./ });
    await h.tg.waitForCall("editMessageText", (p) => STATUS.test(String(p.text)));
    copied.push(...buttonData(h, USER));
    expect(copied).toHaveLength(9); // five rows and ▶️, then Refresh, Buy again and Back

    const { messageId } = await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "look at this" });
    const toGroup = () => h.tg.calls.filter((c) => c.payload.chat_id === GROUP);
    const before = toGroup().length;
    const taps = new Set<string>();
    for (const data of copied) taps.add((await h.tg.tap({ userId: USER, chatId: GROUP, messageId, data })).callbackQueryId);
    const answersToTaps = () => h.tg.callsOf("answerCallbackQuery").filter((c) => taps.has(String(c.payload.callback_query_id)));
    await waitUntil(() => answersToTaps().length >= copied.length || undefined);
    const answers = answersToTaps();
    expect(answers.map((a) => String(a.payload.text))).toEqual(Array(copied.length).fill(en("private-only-button")));
    expect(toGroup()).toHaveLength(before);
  });
});
