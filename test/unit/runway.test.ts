import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { createFormatter } from "../../src/format/formatter.js";
import { runwayLines } from "../../src/orders/runway.js";
import { SUPPORTED_LOCALES } from "../../src/config.js";

const i18n = createI18n("en");

describe.each(SUPPORTED_LOCALES)("the runway's lines (%s)", (locale) => {
  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(locale, key, vars);
  const fmt = createFormatter(locale);

  it("a balance that covers nothing says so, instead of 'about 0'", () => {
    const lines = runwayLines({ transfers: { count: 0n, priceSun: 4_290_000n }, rules: { dailySun: 610_000n, days: 0n } }, t, fmt);
    const some = runwayLines({ transfers: { count: 3n, priceSun: 4_290_000n }, rules: { dailySun: 610_000n, days: 3n } }, t, fmt);
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
