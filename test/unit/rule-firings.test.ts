/** How rule firings join the order history and the statistics (src/rules/firings.ts). */
import { describe, expect, it } from "vitest";
import { firingsOnPage, mergeHistory, withRuleFirings, type RuleFiringEntry } from "../../src/rules/firings.js";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
const firing = (minute: number, volume = 65_000n, priceTrx = "4.000000"): RuleFiringEntry => ({
  rule: { id: "r", type: "renewal", targetAddress: "T" },
  firing: { volume, duration: "1d", priceTrx, createdAt: at(minute) },
  at: Date.parse(at(minute)),
});

describe("firings among paged orders", () => {
  // orders at minutes 50, 40 (page 1) and 30, 20 (page 2); firings everywhere in between
  const pages = [[{ createdAt: at(50) }, { createdAt: at(40) }], [{ createdAt: at(30) }, { createdAt: at(20) }]];
  const firings = [55, 45, 40, 35, 25, 10].map((m) => firing(m));

  it("each firing is on exactly one page, by time", () => {
    const first = firingsOnPage(firings, { items: pages[0]!, isLast: false });
    const second = firingsOnPage(firings, { items: pages[1]!, isLast: true, newerPageOldest: at(40) });
    expect(first.map((f) => f.firing.createdAt)).toEqual([at(55), at(45), at(40)]);
    expect(second.map((f) => f.firing.createdAt)).toEqual([at(35), at(25), at(10)]);
  });

  it("merged newest first, orders keeping their numbers", () => {
    const rows = mergeHistory(pages[0]!, firingsOnPage(firings, { items: pages[0]!, isLast: false }));
    expect(rows.map((r) => (r.kind === "order" ? `o${r.index}` : r.entry.firing.createdAt.slice(14, 16)))).toEqual(["55", "o0", "45", "o1", "40"]);
  });

  it("without orders, every firing is on the one page", () => {
    expect(firingsOnPage(firings, { items: [], isLast: true })).toHaveLength(6);
  });
});

describe("statistics with firings", () => {
  it("adds volume, this month, today's series and a volume-weighted average", () => {
    const now = Date.parse(at(59));
    const stats = {
      totalOrders: 1,
      energyDeliveredThisMonth: 100_000n,
      energyDelivered: 100_000n,
      energyAvgSunPerUnit: "60",
      bandwidthDelivered: 0n,
      bandwidthAvgSunPerUnit: null,
      energyDaily: Array.from({ length: 14 }, (_, i) => (i === 13 ? 100_000n : 0n)),
      bandwidthDaily: Array.from({ length: 14 }, () => 0n),
    };
    // 100,000 at 60 SUN + 100,000 for 4 TRX (40 SUN per unit) → 50 SUN per unit
    const merged = withRuleFirings(stats, [firing(30, 100_000n, "4.000000")], now);
    expect(merged.ruleFirings).toBe(1);
    expect(merged.energyDelivered).toBe(200_000n);
    expect(merged.energyDeliveredThisMonth).toBe(200_000n);
    expect(merged.energyDaily.at(-1)).toBe(200_000n);
    expect(merged.energyAvgSunPerUnit).toBe("50.000000");
  });
});
