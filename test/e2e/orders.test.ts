import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { buttonData, confirm, freshAddress, previewByOneLiner, text } from "./buy-support.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 4001;

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
    h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    expect(text(await h.tg.waitForCall("sendMessage"))).toContain("no orders yet");
    expect(buttonData(h, USER)).toEqual(["buy"]);
  });

  it("pages newest first, five at a time, editing in place", async () => {
    const { apiKey } = h.givenUserWithKey(USER);
    const ids = await placeDirectly(apiKey, [100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000]);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    const first = text(await h.tg.waitForCall("sendMessage"));
    expect(first).toContain("page 1 of 2 (7 in total)");
    expect(first.indexOf("700,000")).toBeLessThan(first.indexOf("300,000"));
    expect(first).not.toContain("200,000");
    const newestFive = [...ids].reverse().slice(0, 5);
    expect(buttonData(h, USER)).toEqual([...newestFive.map((id) => `ord:o:${id}:1`), "ord:p:2"]);

    await h.tg.tapButton({ userId: USER, text: "▶️" });
    const second = text(await h.tg.waitForCall("editMessageText"));
    expect(second).toContain("page 2 of 2");
    expect(second).toContain("6. ");
    expect(second).toContain("200,000");
    expect(second).toContain("100,000");
    expect(buttonData(h, USER)).toEqual([`ord:o:${ids[1]}:2`, `ord:o:${ids[0]}:2`, "ord:p:1"]);
    expect(h.tg.callsOf("sendMessage")).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: "◀️" });
    expect(text(await h.tg.waitForCall("editMessageText"))).toContain("page 1 of 2");
  });

  it("a row opens the card; Refresh shows Filled with the txId and an explorer link, and updates our row", async () => {
    h.givenUserWithKey(USER);
    const address = freshAddress();
    const { intentId } = await previewByOneLiner(h, USER, `energy ${address} 65k 1d`);
    await confirm(h, USER, intentId, /Status/);
    const orderId = h.store.orders.get(intentId)!.orderId!;

    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Your orders"));
    await h.tg.tapButton({ userId: USER, text: /^1\. ⏳ 65,000/ });
    const card = text(await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Status")));
    expect(card).toContain(`<code>${orderId}</code>`);
    expect(card).toContain(`<code>${address}</code>`);
    expect(card).toContain("Volume: <code>65,000</code> for 1 day");
    expect(card).toContain("Total charged: <code>6.4625 TRX</code>");
    expect(card).toContain("Transaction: not yet");
    expect(card).toMatch(/Placed: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(buttonData(h, USER)).toEqual([`ord:r:${orderId}:1`, "ord:p:1"]);

    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const answer = await h.tg.waitForCall("answerCallbackQuery", (p) => /No change|Updated/.test(String(p.text)));
    expect(answer.payload.text).toBe("No change yet.");

    await h.sandbox.control.settleOrders();
    await h.tg.tapButton({ userId: USER, text: /Refresh/ });
    const filled = text(await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Filled")));
    const row = h.store.orders.get(intentId)!;
    expect(row.status).toBe("Filled");
    expect(row.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(filled).toContain(`<code>${row.txId}</code>`);
    expect(filled).toContain(`<a href="https://tronscan.org/#/transaction/${row.txId}">Tronscan</a>`);
    expect(filled).not.toContain("tap Refresh");

    await h.tg.tapButton({ userId: USER, text: /Back/ });
    expect(text(await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Your orders")))).toContain("✅ Filled");
  });

  it("a failed order shows as failed and refunded, in the user's language", async () => {
    const { apiKey } = h.givenUserWithKey(USER);
    h.sandbox.control.failNextOrder("async");
    const [orderId] = await placeDirectly(apiKey, [65_000]);
    await h.sandbox.control.settleOrders();
    await h.tg.sendText({ userId: USER, text: "/orders", languageCode: "ru" });
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes("Ваши заказы"));
    await h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data: `ord:o:${orderId}:1`, languageCode: "ru" });
    const card = text(await h.tg.waitForCall("editMessageText"));
    expect(card).toContain("❌ Failed: поставщик не смог выполнить заказ");
    expect(card).toContain("65\u00a0000");
  });

  it("an unknown order id is answered with not found; without a key /orders asks for one", async () => {
    h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/orders" });
    await h.tg.waitForCall("sendMessage");
    await h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data: `ord:r:${randomUUID()}:1` });
    expect(text(await h.tg.waitForCall("editMessageText"))).toContain("Not found");
    await h.tg.sendText({ userId: USER + 1, text: "/orders" });
    expect(text(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER + 1))).toContain("/key");
  });
});
