/**
 * Amounts and states as a person reads them, in Russian: a shortfall is "missing X TRX", never a
 * negative balance; every TRX amount from 1 up with two decimals (the one precision rule); pause
 * reasons and rule states in words; a cancelled rule's card does not explain auto-resume.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { RuleCallbacks } from "../../src/bot/features/rules/callbacks.js";
import { freshAddress } from "./buy-support.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2301;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const { sent, edited } = userChat(() => h.tg, USER);

/** Every TRX amount of a card: its decimals after the (Russian) decimal comma. */
const trxDecimals = (html: string) => [...html.matchAll(/(\d[\d\u00a0]*),(\d+) TRX/g)].map((m) => m[2]!.length);

async function openRuleCard(id: string): Promise<string> {
  await h.tg.sendText({ userId: USER, text: "/rules", languageCode: "ru" });
  await sent((t) => t.includes("правила"));
  await h.tg.tap({ userId: USER, messageId: h.tg.lastBotMessage(USER)!.messageId, data: RuleCallbacks.card.pack({ id, page: 1 }), languageCode: "ru" });
  return String((await edited((t) => t.includes(id))).payload.text);
}

describe("amounts and states in words (ru)", () => {
  it("a preview the balance does not cover says what is missing, never a negative balance; two decimals from 1 TRX up", async () => {
    await h.givenUserWithKey(USER, { trx: "2" });
    // 65,000 × 60 SUN + 10 % = 4.29 TRX, plus 1.10 TRX activation: 5.39 TRX against 2 TRX
    await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()} 65k 1h`, languageCode: "ru" });
    const card = String((await sent((t) => t.includes("Недостаточно средств"))).payload.text);
    expect(card).toContain("Ваш баланс: 2,00 TRX, для этого заказа не хватает 3,39 TRX");
    expect(card).not.toContain("после заказа");
    expect(card).not.toMatch(/-\d/);
    const decimals = trxDecimals(card);
    expect(decimals.length).toBeGreaterThan(4);
    expect(new Set(decimals)).toEqual(new Set([2]));
  });

  it("pause reasons and states are words; a cancelled rule's card does not explain auto-resume", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    const client = h.marketplace.forKey(apiKey);
    const rule = await client.createRefill({ targetAddress: ADDRESS, minimal: 40_000n, volume: 65_000n, duration: "1d", autoResume: true });
    await client.pauseRule(rule.id);
    const paused = await openRuleCard(rule.id);
    expect(paused).toContain("⏸ на паузе");
    expect(paused).toContain("Причина паузы: вы поставили его на паузу");
    expect(paused).not.toMatch(/User|System/);
    expect(paused).toContain("Автовозобновление: вкл.");

    await client.cancelRule(rule.id);
    const cancelled = await openRuleCard(rule.id);
    expect(cancelled).toContain("✖️ отменено");
    expect(cancelled).toContain("Правило отменено навсегда");
    expect(cancelled).not.toContain("Автовозобновление");
    expect(cancelled).not.toContain("Причина паузы");
  });
});
