/**
 * The monthly budget per key (issue 32, item 2), set in /keys and watched by the budget watcher on
 * the sandbox: a warning once at 80% (orders through the bot plus the key's rules' firings, this UTC
 * month), the key's rules paused at 100% and told once, an order from the chat refused with an
 * override that places exactly that one order, and the paused rules resumed when the budget is
 * raised. The texts tell the bot's budget from the marketplace's daily spend limit.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createBudgetWatcher } from "../../src/watch/budget.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { sunToTrx, trxToSun } from "../../src/tron/amounts.js";
import { BuyCard } from "../../src/bot/features/buy/callbacks.js";
import { RuleCallbacks } from "../../src/bot/features/rules/callbacks.js";
import { testEngine } from "../support/test-store.js";
import { textOf } from "../support/payload.js";
import { pushedTexts, withClientMethod } from "../support/pushed.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import type { Marketplace } from "../../src/marketplace/index.js";
import type { WatchDeps } from "../../src/watch/deps.js";
import { cardMessageId, freshAddress, previewByOneLiner } from "./buy-support.js";

const USER = 9501;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const texts = loadTranslations("en");
const t = (key: string, vars?: Record<string, string | number>) => texts.t("en", key, vars);

let n: NoticesHarness;
afterEach(async () => {
  await n.stop();
});

const notices = (prefix: string) => pushedTexts(n, prefix);

/** /keys → the key's card → Set/Change budget → the amount typed (bad input first: asked again, nothing stored). */
async function setBudgetInChat(keyId: number, amount: string, button: string): Promise<void> {
  const { tg } = n.h;
  await tg.sendText({ userId: USER, text: "/keys" });
  await tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your API keys"));
  await tg.tapButton({ userId: USER, text: /main/ });
  await tg.waitForCall("editMessageText", (p) => textOf(p).includes("Monthly budget"));
  await tg.tapButton({ userId: USER, text: button });
  await tg.waitForCall("editMessageText", (p) => textOf(p).includes("Send the monthly budget"));
  const before = await n.h.store.keyBudgets.get(keyId);
  await tg.sendText({ userId: USER, text: "lots" });
  await tg.waitForCall("editMessageText", (p) => textOf(p).includes("not a TRX amount"));
  expect(await n.h.store.keyBudgets.get(keyId)).toEqual(before);
  await tg.sendText({ userId: USER, text: amount });
  await tg.waitForCall("editMessageText", (p) => textOf(p).includes("✅ Monthly budget for key"));
}

describe(`monthly budget per key (${testEngine})`, () => {
  it("warns once at 80%, pauses the key's rule at 100% (told once), refuses a chat order until overridden (one order), resumes the rule when raised", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { accountId, apiKey, keyId } = await n.h.givenUserWithKey(USER, { scope: "full", trx: "1000" });
    const watcher = createBudgetWatcher({ store: n.h.store, marketplace: n.h.marketplace, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: createPriceCache(Date.now), concurrency: 2 });
    const client = n.h.marketplace.forKey(apiKey);
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 65_000n, duration: "1h", autoResume: false });
    const firingSun = trxToSun((await client.previewFiring({ type: "refill", volume: 65_000n, duration: "1h" })).priceTrx);
    // one firing is 83% of the budget, two are past it
    const budgetSun = (firingSun * 12n) / 10n;
    await setBudgetInChat(keyId, sunToTrx(budgetSun), t("keys-button-budget-set"));
    expect((await n.h.store.keyBudgets.get(keyId))!.budgetSun).toBe(budgetSun.toString());

    await watcher.tick();
    expect(await notices("💰")).toEqual([]);
    n.h.sandbox.control.consumeEnergy(ADDRESS, 1n); // the rule fires once
    await watcher.tick();
    await watcher.tick();
    const warnings = await notices("💰");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("83% of its monthly budget");
    expect(warnings[0]).toContain("not the marketplace's daily spend limit");
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("active");

    n.h.sandbox.control.consumeEnergy(ADDRESS, 65_000n); // and again: past the budget
    await watcher.tick();
    await watcher.tick();
    const reached = await notices("🛑");
    expect(reached).toHaveLength(1);
    expect(reached[0]).toContain("Monthly budget reached");
    expect(reached[0]).toContain(ADDRESS);
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("paused");
    expect(await n.h.store.keyBudgets.pausedRules(keyId)).toEqual([rule.id]);
    expect(await notices("💰")).toHaveLength(1); // no second warning
    // the rule's card says why it is paused
    await n.h.tg.sendText({ userId: USER, text: "/rules" });
    const list = await n.h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your automation rules"));
    await n.h.tg.tap({ userId: USER, messageId: (list.response as { result: { message_id: number } }).result.message_id, data: RuleCallbacks.card.pack({ id: rule.id, page: 1 }) });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(rule.id) && textOf(p).includes(t("rules-card-paused-for-budget").slice(0, 30)));

    // an order from the chat: refused with the override; the override places exactly that one order
    const ordersBefore = n.h.sandbox.control.orderCount(accountId);
    const { intentId } = await previewByOneLiner(n.h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(n.h, intentId);
    await n.h.tg.tap({ userId: USER, messageId, data: BuyCard.confirm.pack({ intent: intentId }) });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes("monthly budget is reached"));
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(ordersBefore);
    expect((await n.h.store.orders.get(intentId))!.state).toBe("previewed");
    const override = BuyCard.overrideBudget.pack({ intent: intentId });
    expect(n.h.tg.buttons(USER, messageId).map((b) => b.callbackData)).toContain(override);
    await n.h.tg.tap({ userId: USER, messageId, data: override });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes("being delivered"));
    await n.h.tg.tap({ userId: USER, messageId, data: override });
    await n.h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "This order has already been placed.");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(ordersBefore + 1);
    expect((await n.h.store.orders.get(intentId))!.state).toBe("placed");

    // raised: the rule the bot paused is resumed, told once
    await setBudgetInChat(keyId, sunToTrx(budgetSun * 10n), t("keys-button-budget-change"));
    await watcher.tick();
    await watcher.tick();
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("active");
    expect(await n.h.store.keyBudgets.pausedRules(keyId)).toEqual([]);
    const resumed = await notices("▶️");
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toContain("Budget allows them again");
  });

  it("on the 1st of the next month (UTC) the rules paused for budget resume; a marketplace error meanwhile leaves them paused and is logged once", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { apiKey, keyId } = await n.h.givenUserWithKey(USER, { scope: "full", trx: "1000" });
    const client = n.h.marketplace.forKey(apiKey);
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 65_000n, duration: "1h", autoResume: false });
    await n.h.store.keyBudgets.set(USER, keyId, 1_000_000n, Date.now()); // 1 TRX: one firing is past it
    const deps = (now: () => number, marketplace: Marketplace = n.h.marketplace): WatchDeps => ({
      store: n.h.store,
      marketplace,
      notifier: n.notifier,
      logger: n.h.deps.logger,
      now,
      prices: createPriceCache(Date.now),
      concurrency: 2,
    });
    n.h.sandbox.control.consumeEnergy(ADDRESS, 1n);
    await createBudgetWatcher(deps(Date.now)).tick();
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("paused");
    expect(await notices("🛑")).toHaveLength(1);

    const d = new Date();
    const nextMonth = () => Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 1);
    // the marketplace refuses the resume: the rule stays paused for budget, and the error is logged once
    const refusing = withClientMethod(n.h.marketplace, "resumeRule", () => () => Promise.reject(new MarketplaceError("http", "POST resume: 503", 503)));
    const failing = createBudgetWatcher(deps(nextMonth, refusing));
    await failing.tick();
    await failing.tick();
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("paused");
    expect(await n.h.store.keyBudgets.pausedRules(keyId)).toEqual([rule.id]);
    expect(n.h.logs.filter((line) => line.includes("could not check a key's budget"))).toHaveLength(1);

    const watcher = createBudgetWatcher(deps(nextMonth));
    await watcher.tick();
    await watcher.tick();
    expect((await client.listRules())[0]!.status.toLowerCase()).toBe("active");
    expect(await n.h.store.keyBudgets.pausedRules(keyId)).toEqual([]);
    expect(await notices("▶️")).toHaveLength(1);
  });
});
