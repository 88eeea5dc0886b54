/**
 * Price alerts (issue 32, item 3): /alert lists, adds (65,000 energy for 1 hour or 1 day, under a
 * TRX price) and removes alerts; the watcher tells one once the sandbox's price falls under it, with
 * a button to buy at that price for the user's latest address, and again only after the price went
 * back above; at most five per user; in the user's language.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createPriceAlertsWatcher } from "../../src/watch/price-alerts.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { tr as t } from "../support/locale.js";
import { testEngine } from "../support/test-store.js";

const USER = 9401;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

let n: NoticesHarness;
afterEach(async () => {
  await n.stop();
});

async function setUp() {
  n = await startNoticesHarness({ startSender: true });
  await n.h.givenUserWithKey(USER, { scope: "purchase", trx: "1000" });
  await n.h.store.recentAddresses.remember(USER, ADDRESS);
  const watcher = createPriceAlertsWatcher({ store: n.h.store, marketplace: n.h.marketplace, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: createPriceCache(Date.now), concurrency: 2 });
  return { watcher };
}

const textOf = (payload: Record<string, unknown>) => (typeof payload.text === "string" ? payload.text : "");
async function priceNotices(): Promise<Array<Record<string, unknown>>> {
  await n.sender.drain();
  return n.h.tg
    .callsOf("sendMessage")
    .filter((c) => c.payload.chat_id === USER && textOf(c.payload).startsWith("📉"))
    .map((c) => c.payload);
}

describe(`price alerts (${testEngine})`, () => {
  it("an alert set in the chat is told once under its price, re-armed above it, told again; removed from the card", async () => {
    const { watcher } = await setUp();
    const { tg } = n.h;
    await tg.sendText({ userId: USER, text: "/alert" });
    await tg.waitForCall("sendMessage", (p) => textOf(p).includes(t("en", "alert-none")));
    await tg.tapButton({ userId: USER, text: t("en", "alert-button-new") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(t("en", "alert-ask-what").slice(0, 20)));
    await tg.tapButton({ userId: USER, text: /65,000 energy · 1 hour/ });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes("below which price"));
    // bad input is asked again and changes nothing
    await tg.sendText({ userId: USER, text: "cheap" });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes("not a TRX amount"));
    expect(await n.h.store.priceAlerts.listByUser(USER)).toEqual([]);
    await tg.sendText({ userId: USER, text: "4" });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes("Alert set") && textOf(p).includes("4.00 TRX"));
    await tg.tapButton({ userId: USER, text: t("en", "alert-button-list") });
    await tg.waitForCall(["editMessageText", "sendMessage"], (p) => /1\. 65,000 energy · 1 hour under <code>4\.00 TRX<\/code>: waiting/.test(textOf(p)));

    // 65,000 energy for 1 hour costs 4.29 TRX in the sandbox: above the alert, nothing is said
    await watcher.tick();
    expect(await priceNotices()).toEqual([]);
    n.h.sandbox.control.setPricePercent(80); // 3.432 TRX
    await watcher.tick();
    await watcher.tick();
    const told = await priceNotices();
    expect(told).toHaveLength(1);
    expect(textOf(told[0]!)).toContain("<code>3.43 TRX</code>");
    expect(textOf(told[0]!)).toContain("<code>4.00 TRX</code>");
    const buttons = (told[0]!.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard.flat();
    expect(buttons[0]!.text).toContain("3.43 TRX");
    expect(buttons[0]!.callback_data).toContain(ADDRESS);

    // back above: re-armed without a word; under again: told again
    n.h.sandbox.control.setPricePercent(100);
    await watcher.tick();
    expect((await n.h.store.priceAlerts.listByUser(USER))[0]!.armed).toBe(true);
    n.h.sandbox.control.setPricePercent(80);
    await watcher.tick();
    expect(await priceNotices()).toHaveLength(2);

    await tg.sendText({ userId: USER, text: "/alert" });
    await tg.waitForCall("sendMessage", (p) => textOf(p).includes("1. 65,000 energy"));
    await tg.tapButton({ userId: USER, text: t("en", "alert-button-remove", { n: 1 }) });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(t("en", "alert-none")));
    expect(await n.h.store.priceAlerts.listByUser(USER)).toEqual([]);
  });

  it("five alerts at most: the card offers no sixth, in the user's language (ru)", async () => {
    await setUp();
    for (let i = 1; i <= 5; i++) await n.h.store.priceAlerts.add(USER, { volume: 65_000n, duration: "1h", belowSun: BigInt(i) * 1_000_000n });
    expect(await n.h.store.priceAlerts.add(USER, { volume: 65_000n, duration: "1d", belowSun: 9_000_000n })).toBeUndefined();
    await n.h.tg.sendText({ userId: USER, text: "/alert", languageCode: "ru" });
    const card = await n.h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(t("ru", "alert-title")));
    expect(textOf(card.payload)).toMatch(/5\. 65\s000/u);
    const labels = (card.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> }).inline_keyboard.flat().map((b) => b.text);
    expect(labels).toContain(t("ru", "alert-button-remove", { n: 5 }));
    expect(labels).not.toContain(t("ru", "alert-button-new"));
  });
});
