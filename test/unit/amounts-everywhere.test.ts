/**
 * Issue 30 (wording and numbers): every amount follows one precision rule, by magnitude, in every
 * card, price button and notice, in English, Russian and Chinese: from 1 up two decimals
 * ("1,029.30 TRX"), below 1 two significant digits ("0.61 TRX"), zero as "0 TRX" (never
 * "0.0000 TRX"); no price button with more than two decimals; no "TRX: … TRX". Each view is
 * rendered by its own render function with sample amounts, and every amount in it is read back
 * with the locale's separators and checked against the rule.
 */
import { describe, expect, it } from "vitest";
import { InlineKeyboard } from "grammy";
import { createFormatter, type Formatter, type Translate } from "../../src/format/formatter.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { SUPPORTED_LOCALES, type Locale } from "../../src/config.js";
import { sunToTrx } from "../../src/tron/amounts.js";
import { presetChoices, type PricedChoice } from "../../src/orders/presets.js";
import { addPresetRows } from "../../src/bot/ui/preset-rows.js";
import { renderOrderPreview } from "../../src/bot/features/buy/views.js";
import { renderBalance } from "../../src/bot/features/balance/views.js";
import { renderOrderCard } from "../../src/orders/card.js";
import { renderRuleCard } from "../../src/rules/card.js";
import { renderShortfall } from "../../src/rules/shortfall.js";
import { runwayLines } from "../../src/orders/runway.js";
import {
  renderBalanceLow,
  renderDepositArrived,
  renderOrderFilled,
  renderOrderFailed,
  renderPriceAlert,
  renderRuleFired,
  renderRulePaused,
  renderRulesPaused,
  type NoticeLocale,
} from "../../src/notices/render.js";
import { renderBudgetReached, renderBudgetWarning } from "../../src/notices/render-budget.js";
import { renderCapPaused } from "../../src/notices/render-price-cap.js";
import type { AutomationRule, Order } from "../../src/marketplace/index.js";

const ADDRESS = "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC";
/** The sample amounts, in SUN. */
const SAMPLES: readonly bigint[] = [0n, 500_000n, 610_000n, 4_290_000n, 1_029_300_000n, 1_234_567_891_000n];
const translations = loadTranslations("en");

/** The locale's separators as the formatter writes them (Intl): ru groups with a no-break space and writes a decimal comma. */
const SEPARATORS: Record<Locale, { group: RegExp; decimal: string }> = {
  en: { group: /,/g, decimal: "." },
  zh: { group: /,/g, decimal: "." },
  ru: { group: /\u00a0/g, decimal: "," },
};

interface Shown {
  text: string;
  whole: string;
  fraction: string;
}

/** Every "<number> TRX" / "<number> USDT" in `text`, and every amount on a balance line ("TRX: <code>…</code>"). */
function amountsIn(text: string, locale: Locale): Shown[] {
  const { group, decimal } = SEPARATORS[locale];
  const number = String.raw`-?\d{1,3}(?:[,\u00a0]\d{3})*(?:[.,]\d+)?`;
  const found = [
    // "2 USDT transfers" counts transfers, not an amount
    ...text.matchAll(new RegExp(String.raw`(?<![\d.,\u00a0])(${number}) (?:TRX|USDT(?![\s-]*(?:transfer|перевод|转账)))\b`, "g")),
    ...text.matchAll(new RegExp(String.raw`(?:TRX|USDT)[:：] ?<code>(${number})</code>`, "g")),
  ];
  return found.map((m) => {
    const raw = m[1]!;
    const [whole, fraction = ""] = raw.replace(group, "").split(decimal);
    return { text: raw, whole: whole!.replace("-", ""), fraction };
  });
}

/** Why `shown` breaks the precision rule, or undefined. */
function breaksRule(shown: Shown): string | undefined {
  const { whole, fraction } = shown;
  if (/[^\d]/.test(whole) || /[^\d]/.test(fraction)) return "unreadable";
  if (/^0+$/.test(whole) && /^0*$/.test(fraction)) return fraction === "" ? undefined : "zero with decimals";
  if (BigInt(whole) >= 1n) return fraction.length === 2 ? undefined : "not two decimals from 1 up";
  if (fraction.length < 2 || fraction.length > 6) return "not 2 to 6 decimals below 1";
  const significant = fraction.replace(/^0+/, "");
  if (significant.length > 2 && !(fraction.length === 2)) return "more than two significant digits below 1";
  return undefined;
}

/** Checks every amount of `text` (at least `atLeast` of them) and the "TRX: … TRX" rule. */
function expectByRule(text: string, locale: Locale, atLeast: number, what: string): Shown[] {
  const amounts = amountsIn(text, locale);
  expect(amounts.length, `${what} (${locale}): amounts found in\n${text}`).toBeGreaterThanOrEqual(atLeast);
  for (const shown of amounts) expect(breaksRule(shown), `${what} (${locale}): "${shown.text}" in\n${text}`).toBeUndefined();
  expect(text, `${what} (${locale})`).not.toMatch(/\b0[.,]0{3,}\b/);
  // a label naming the currency, then an amount naming it again ("TRX: 4.29 TRX", "TRX spent: 4.29 TRX")
  for (const line of text.split("\n")) expect(line, `${what} (${locale}): the currency twice`).not.toMatch(/(?<!\d\s?)\bTRX\b[^\n\d<]{0,12}[:：]\s*(?:<[^>]+>)?\s*-?\d[^\n]*?\bTRX\b/);
  return amounts;
}

const buttonTexts = (keyboard: InlineKeyboard) => keyboard.inline_keyboard.flat().map((b) => b.text);

function rule(spentSun: bigint, overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id: "9a8b7c6d-2222-4333-8444-955566667777",
    type: "auto-refill",
    resource: "energy",
    targetAddress: ADDRESS,
    minimal: 40_000n,
    volume: 65_000n,
    duration: "1h",
    spentTrx: sunToTrx(spentSun),
    status: "active",
    pauseReason: null,
    autoResume: true,
    createdAt: "2026-11-24T02:00:00Z",
    updatedAt: "2026-11-24T02:00:00Z",
    ...overrides,
  };
}

describe.each(SUPPORTED_LOCALES)("every amount by one precision rule (%s)", (locale) => {
  const t: Translate = (key, vars) => translations.t(locale, key, vars);
  const fmt: Formatter = createFormatter(locale);
  const l: NoticeLocale = { t, fmt };

  it("the issue's sample amounts read as people write them", () => {
    const shown = SAMPLES.map((sun) => fmt.trx(sun));
    const expected: Record<Locale, string[]> = {
      en: ["0 TRX", "0.50 TRX", "0.61 TRX", "4.29 TRX", "1,029.30 TRX", "1,234,567.89 TRX"],
      ru: ["0 TRX", "0,50 TRX", "0,61 TRX", "4,29 TRX", "1\u00a0029,30 TRX", "1\u00a0234\u00a0567,89 TRX"],
      zh: ["0 TRX", "0.50 TRX", "0.61 TRX", "4.29 TRX", "1,029.30 TRX", "1,234,567.89 TRX"],
    };
    expect(shown).toEqual(expected[locale]);
  });

  it("price buttons: the presets priced at each sample, never more than two decimals", () => {
    const choices = presetChoices({ durations: ["1h", "1d"], minVolume: 32_000n, maxVolume: 5_000_000n });
    for (const sun of SAMPLES) {
      const priced: PricedChoice[] = choices.map((c) => ({ ...c, totalSun: sun }));
      const labels = buttonTexts(addPresetRows(new InlineKeyboard(), priced, () => "x", l));
      expect(labels.length).toBe(choices.length);
      for (const label of labels) {
        const [amount] = expectByRule(label, locale, 1, "preset button");
        expect(amount!.fraction.length, label).toBeLessThanOrEqual(2);
        expect(label).toContain(fmt.trx(sun));
      }
    }
  });

  it("cards: the order preview, the order card, the rule card, the balance card and a shortfall", () => {
    for (const sun of SAMPLES) {
      const trx = sunToTrx(sun);
      const preview = renderOrderPreview(
        {
          request: { resource: "energy", address: ADDRESS, volume: 65_000n, duration: "1h" },
          preview: { priceTrx: trx, baseCostTrx: trx, commissionTrx: trx, activationTrx: trx, burnCostTrx: sunToTrx(sun * 2n), savingsPercent: "50", balanceTrx: sunToTrx(sun / 2n) },
          intentId: "0b1e2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
        },
        l,
      );
      expectByRule(preview.text, locale, 5, `preview at ${trx}`);
      const order: Order = { id: "6f1c2b4a-1111-4222-8333-000000000001", resource: "energy", targetAddress: ADDRESS, volume: 65_000n, duration: "1h", priceTrx: trx, activationTrx: trx, totalTrx: trx, status: "Filled", txId: null, createdAt: "2026-11-24T02:00:00Z" };
      expectByRule(renderOrderCard(order, { t, fmt }), locale, 2, `order card at ${trx}`);
      const ruleCard = renderRuleCard(rule(sun), { t, fmt });
      expect(ruleCard).toContain(fmt.trx(sun));
      expectByRule(ruleCard, locale, 1, `rule card at ${trx}`);
      expectByRule(renderBalance({ trx, usdtTrc20: trx }, { transfers: { count: 3n, priceSun: sun }, rules: { dailySun: sun, days: 2n } }, l, Date.UTC(2026, 10, 24)).text, locale, 2, `balance at ${trx}`);
      expectByRule(renderShortfall({ priceSun: sun + 1n, balanceSun: sun, missingSun: 1n }, { t, fmt }).text, locale, 3, `shortfall at ${trx}`);
      expectByRule(runwayLines({ transfers: { count: 3n, priceSun: sun }, rules: { dailySun: sun, days: 2n } }, { t, fmt }).join("\n"), locale, 1, `runway at ${trx}`);
    }
  });

  it("notices: fills, failures, rules fired and paused, balance, deposits, price alerts, budgets and price caps", () => {
    const now = Date.UTC(2026, 10, 24, 3);
    for (const sun of SAMPLES) {
      const trx = sunToTrx(sun);
      const event = { id: "6f1c2b4a-1111-4222-8333-000000000002", status: "Filled", resource: "energy", targetAddress: ADDRESS, volume: 65_000n, duration: "1h", totalTrx: trx, txId: "ab".repeat(32) };
      const shortfall = { priceSun: sun + 1_000_000n, balanceSun: sun, missingSun: 1_000_000n };
      const runway = { transfers: { count: 2n, priceSun: sun }, rules: { dailySun: sun, days: 1n } };
      const texts = [
        renderOrderFilled(event, l).text,
        renderOrderFailed({ ...event, status: "Failed" }, l).text,
        renderRuleFired(rule(sun), { volume: 65_000n, duration: "1h", priceTrx: trx, createdAt: "2026-11-24T02:30:00Z" }, l).text,
        renderRulePaused(rule(sun), shortfall, l, now).text,
        renderRulesPaused([{ rule: rule(sun), shortfall }, { rule: rule(sun, { id: "9a8b7c6d-2222-4333-8444-955566667778" }), shortfall }], l, now).text,
        renderBalanceLow(sun, sun + 1_000_000n, runway, l).text,
        renderDepositArrived({ trxSun: sun, usdtUnits: sun }, sun, runway, l).text,
        renderPriceAlert({ volume: 65_000n, duration: "1h", belowSun: sun + 1n }, sun, ADDRESS, l).text,
        renderBudgetWarning({ label: "Main", fingerprint: "ab12" }, { month: "2026-11", budgetSun: sun * 2n, spentSun: sun }, l).text,
        renderBudgetReached({ label: "Main", fingerprint: "ab12" }, { month: "2026-11", budgetSun: sun, spentSun: sun }, [], l).text,
        renderCapPaused(rule(sun), { priceSun: sun + 1n, capSun: sun }, l).text,
      ];
      // nothing arrived: no deposit notice to check
      for (const [i, text] of texts.entries()) expectByRule(text, locale, i === 6 && sun === 0n ? 0 : 1, `notice ${i} at ${trx}`);
    }
  });
});

describe("the rule checker", () => {
  it("catches what the issue names", () => {
    const check = (text: string) => amountsIn(text, "en").map(breaksRule);
    expect(check("0.0000 TRX")).toEqual(["zero with decimals"]);
    expect(check("0.00 TRX")).toEqual(["zero with decimals"]);
    expect(check("5.3625 TRX")).toEqual(["not two decimals from 1 up"]);
    expect(check("0.612857 TRX")).toEqual(["more than two significant digits below 1"]);
    expect(check("1,029.30 TRX · 0.61 TRX · 0 TRX · 0.0025 TRX")).toEqual([undefined, undefined, undefined, undefined]);
    expect(check("TRX: <code>1.5</code>")).toEqual(["not two decimals from 1 up"]);
    expect(() => expectByRule("TRX spent: 4.29 TRX", "en", 1, "x")).toThrow(/currency twice/);
  });
});
