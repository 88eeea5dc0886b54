/**
 * Rule firings in the history and the statistics (issue 30 item 14): a renewal's purchase is listed
 * in /orders among the orders, marked with its rule, and counted by /stats.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { en } from "../support/locale.js";
import { createFormatter } from "../../src/format/formatter.js";
import { shortAddress } from "../../src/tron/address.js";
import { freshAddress } from "./buy-support.js";

const USER = 30_014;
const fmt = createFormatter("en");

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a rule's purchases", () => {
  it("are listed in /orders (marked with the rule) and counted in /stats", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000", scope: "full" });
    const client = h.marketplace.forKey(apiKey);
    const ruleAddress = freshAddress();
    const rule = await client.createRenewal({ targetAddress: ruleAddress, volume: 65_000n });
    const [firing] = await client.ruleFires(rule.id);
    expect(firing).toBeDefined();

    // no order at all: the rule's purchase is the history, not "no orders yet"
    await h.tg.sendText({ userId: USER, text: "/orders" });
    let page = String((await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER)).payload.text);
    expect(page).not.toContain(en("orders-empty"));
    const line = en("orders-line-firing", {
      rule: `📅 ${en("rules-kind-renewal")}`,
      volume: "65,000",
      duration: firing!.duration ? fmt.duration(firing!.duration, en) : "—",
      address: `<code>${shortAddress(ruleAddress)}</code>`,
      price: fmt.trx(firing!.priceTrx),
      time: fmt.dateTime(firing!.createdAt),
    });
    expect(page).toContain(line);

    // with an order placed after it: both, newest first, the order numbered and the purchase marked
    await h.sandbox.control.advanceClock(60_000);
    await client.placeOrder({ resource: "energy", targetAddress: freshAddress(), volume: 131_000n, duration: "1h" }, { idempotencyKey: "h-1" });
    await h.sandbox.control.settleOrders();
    await h.tg.sendText({ userId: USER, text: "/orders" });
    page = String((await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("1. "))).payload.text);
    expect(page).toContain(en("orders-firings-note", { count: 1 }));
    expect(page.indexOf("1. ")).toBeLessThan(page.indexOf(line));

    await h.tg.sendText({ userId: USER, text: "/stats" });
    const photo = await h.tg.waitForCall("sendPhoto");
    const caption = String(photo.payload.caption);
    expect(caption).toContain(en("stats-rule-firings", { count: "<b>1</b>" }));
    // 131,000 ordered + 65,000 bought by the rule
    expect(caption).toContain(en("stats-all-time", { volume: "<code>196,000</code>" }));
  });
});
