import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { createFormatter } from "../../src/format/formatter.js";
import { readRunway, runwayLines } from "../../src/orders/runway.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import type { MarketplaceClient } from "../../src/marketplace/index.js";
import { SUPPORTED_LOCALES } from "../../src/config.js";

const i18n = createI18n("en");

describe.each(SUPPORTED_LOCALES)("the runway's lines (%s)", (locale) => {
  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);
  const fmt = createFormatter(locale);

  it("a balance that covers nothing says so, instead of 'about 0'", () => {
    const lines = runwayLines({ transfers: { count: 0n, priceSun: 4_290_000n }, rules: { dailySun: 610_000n, days: 0n } }, { t, fmt });
    const some = runwayLines({ transfers: { count: 3n, priceSun: 4_290_000n }, rules: { dailySun: 610_000n, days: 3n } }, { t, fmt });
    expect(lines).toHaveLength(2);
    lines.forEach((line, i) => {
      // each is its own sentence, not the counted one with a zero in it
      expect(line).not.toMatch(/\b0\b(?![.,]\d)/);
      expect(line).not.toBe(some[i]);
      expect(line).toContain(fmt.trx(i === 0 ? 4_290_000n : 610_000n, i === 0 ? {} : { about: true }));
    });
    expect(some.every((line) => line.includes("3"))).toBe(true);
  });
});

describe("the rules' daily cost", () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 20, 12);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rule = (id: string, type: string, createdAt: number) =>
    ({ id, type, resource: "energy", targetAddress: "T", minimal: null, volume: 65_000n, duration: null, spentTrx: "0", status: "active", pauseReason: null, autoResume: true, createdAt: iso(createdAt), updatedAt: iso(createdAt) });
  const client = (rules: ReturnType<typeof rule>[], fires: Record<string, Array<{ priceTrx: string; at: number }>>) =>
    ({
      listRules: () => Promise.resolve(rules),
      ruleFires: (id: string) => Promise.resolve((fires[id] ?? []).map((f) => ({ volume: 65_000n, duration: "1d", priceTrx: f.priceTrx, createdAt: iso(f.at) }))),
      orderOptions: () => Promise.reject(new Error("not asked here")),
    }) as unknown as MarketplaceClient;
  const prices = createPriceCache(() => now);
  const read = (c: MarketplaceClient) => readRunway({ client: c, keyId: 1, prices, balanceSun: 100_000_000n, now });

  it("a day's spend of rules made yesterday is not spread over a week", async () => {
    const c = client([rule("a", "auto-refill", now - DAY + 1000)], { a: [{ priceTrx: "8.58", at: now - 1000 }] });
    expect((await read(c)).rules).toEqual({ dailySun: 8_580_000n, days: 11n });
  });

  it("over a week at most; a renewal's price a day when that is higher than what was spent", async () => {
    // a refill fired once 6 days ago (3.5 TRX over 7 days: 0.5 a day) and a renewal of 5.3625 a day
    const c = client([rule("a", "auto-refill", now - 30 * DAY), rule("b", "renewal", now - 30 * DAY)], {
      a: [{ priceTrx: "3.5", at: now - 6 * DAY }],
      b: [{ priceTrx: "5.3625", at: now - 40 * DAY }],
    });
    expect((await read(c)).rules?.dailySun).toBe(5_362_500n);
  });
});
