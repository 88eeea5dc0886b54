/**
 * A maximum price per firing on a rule (issue 32, item 1), set on the rule's card in /rules and
 * checked by the price caps watcher against the sandbox's firing preview: a price moved above the
 * cap pauses the rule, told once ("paused above your price", the price seen and the cap, also per
 * 65,000 energy); back under it the rule (auto-resume on) is resumed, told once; the card shows the
 * cap and the state.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createPriceCapsWatcher } from "../../src/watch/price-caps.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { en as t } from "../support/locale.js";
import { sunToTrx, trxToSun } from "../../src/tron/amounts.js";
import { createFormatter } from "../../src/format/formatter.js";
import { RuleCallbacks } from "../../src/bot/features/rules/callbacks.js";
import { testEngine } from "../support/test-store.js";
import { textOf } from "../support/payload.js";
import { pushedTexts, withClientMethod } from "../support/pushed.js";

const USER = 9601;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

let n: NoticesHarness;
afterEach(async () => {
  await n.stop();
});

const notices = (prefix: string) => pushedTexts(n, prefix);

/** /rules → the rule's card (as its Back button opens it); the card's text. */
async function openCard(ruleId: string, expected: string): Promise<string> {
  await n.h.tg.sendText({ userId: USER, text: "/rules" });
  const list = await n.h.tg.waitForCall("sendMessage", (p) => textOf(p).includes("Your automation rules"));
  const messageId = (list.response as { result: { message_id: number } }).result.message_id;
  await n.h.tg.tap({ userId: USER, messageId, data: RuleCallbacks.card.pack({ id: ruleId, page: 1 }) });
  return textOf((await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(ruleId) && textOf(p).includes(expected))).payload);
}

describe(`price cap on a rule (${testEngine})`, () => {
  it("set on the card; above it the rule is paused (told once), back under it resumed (told once); one preview per distinct rule per tick", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { apiKey } = await n.h.givenUserWithKey(USER, { scope: "full", trx: "1000" });
    const client = n.h.marketplace.forKey(apiKey);
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 65_000n, duration: "1h", autoResume: true });
    const twin = await client.createRefill({ targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", minimal: 65_000n, volume: 65_000n, duration: "1h", autoResume: true });
    const priceSun = trxToSun((await client.previewFiring({ type: "refill", volume: 65_000n, duration: "1h" })).priceTrx);
    const capSun = (priceSun * 11n) / 10n; // 10% above today's price

    // the cap, typed on the rule's card (a bad amount asked again, nothing stored)
    await openCard(rule.id, "Auto-refill");
    await n.h.tg.tapButton({ userId: USER, text: t("rules-button-cap") });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes("the most one firing of this rule may cost"));
    await n.h.tg.sendText({ userId: USER, text: "cheap" });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes("not a TRX amount"));
    expect(await n.h.store.priceCaps.get(rule.id)).toBeUndefined();
    await n.h.tg.sendText({ userId: USER, text: sunToTrx(capSun) });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes("Max price set"));
    expect((await n.h.store.priceCaps.get(rule.id))!.capSun).toBe(capSun.toString());
    // the twin rule (same preview) is capped as well, from the store
    const key = (await n.h.store.apiKeys.list(USER))[0]!;
    await n.h.store.priceCaps.set({ ruleId: twin.id, keyId: key.id, userId: USER, kind: "refill", volume: 65_000n, duration: "1h", capSun });

    const previews: string[] = [];
    const counting = withClientMethod(n.h.marketplace, "previewFiring", (real) => (query, options) => (previews.push("preview"), real(query, options)));
    const watcher = createPriceCapsWatcher({ store: n.h.store, marketplace: counting, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: createPriceCache(Date.now), concurrency: 2 });
    await watcher.tick();
    expect(previews).toHaveLength(1);
    expect((await client.listRules()).map((r) => r.status.toLowerCase())).toEqual(["active", "active"]);

    n.h.sandbox.control.setPricePercent(150);
    await watcher.tick();
    await watcher.tick();
    expect((await client.listRules()).map((r) => r.status.toLowerCase())).toEqual(["paused", "paused"]);
    const paused = await notices("⏸");
    expect(paused).toHaveLength(2);
    const mine = paused.find((text) => text.includes(ADDRESS))!;
    expect(mine).toContain("Rule paused above your price");
    expect(mine).toContain(`<code>${createFormatter("en").trx((priceSun * 150n) / 100n)}</code>`);
    expect(mine).toContain("per 65,000 energy");
    expect(await openCard(rule.id, "Paused above your price")).toContain("Max price:");

    n.h.sandbox.control.setPricePercent(100);
    await watcher.tick();
    await watcher.tick();
    expect((await client.listRules()).map((r) => r.status.toLowerCase())).toEqual(["active", "active"]);
    const resumed = await notices("▶️");
    expect(resumed).toHaveLength(2);
    expect(resumed.find((text) => text.includes(ADDRESS))).toContain("under your max price");
    expect(await notices("⏸")).toHaveLength(2);
    expect(previews).toHaveLength(5); // one a tick for the two rules
  });
});
