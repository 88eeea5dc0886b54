/** The decisions of a key's monthly budget (orders/budget.ts) and a rule's price cap (rules/price-cap.ts). */
import { describe, expect, it } from "vitest";
import { budgetMonth, budgetPercent, budgetStanding, firingsSpentIn, monthStartMs } from "../../src/orders/budget.js";
import { capStep, perReferenceEnergy } from "../../src/rules/price-cap.js";

describe("monthly budget", () => {
  it("months are UTC: the last second of 30 November is November, 00:00 on 1 December is December", () => {
    expect(budgetMonth(Date.UTC(2026, 10, 30, 23, 59, 59))).toBe("2026-11");
    expect(budgetMonth(Date.UTC(2026, 11, 1, 0, 0, 0))).toBe("2026-12");
    expect(monthStartMs(Date.UTC(2026, 11, 17, 8))).toBe(Date.UTC(2026, 11, 1));
  });

  it("under 80%, warning from 80%, reached at 100%", () => {
    expect(budgetStanding(79n, 100n)).toBe("under");
    expect(budgetStanding(80n, 100n)).toBe("warning");
    expect(budgetStanding(99n, 100n)).toBe("warning");
    expect(budgetStanding(100n, 100n)).toBe("reached");
    expect(budgetPercent(166n, 100n)).toBe(166);
  });

  it("counts the firings of the month only, and no unreadable price", () => {
    const firing = (createdAt: string, priceTrx: string) => ({ createdAt, priceTrx, volume: 65_000n, duration: "1h" });
    const firings = [firing("2026-11-30T23:59:59Z", "1.5"), firing("2026-12-01T00:00:00Z", "2"), firing("2026-11-02T00:00:00Z", "n/a"), firing("never", "9")];
    expect(firingsSpentIn("2026-11", firings as never)).toBe(1_500_000n);
    expect(firingsSpentIn("2026-12", firings as never)).toBe(2_000_000n);
  });
});

describe("price cap", () => {
  const cap = (pausedAbove: boolean, told: "paused" | "resumed" | null) => ({ capSun: "5000000", pausedAbove, told });
  const rule = (status: string, autoResume = true) => ({ status, autoResume });

  it("pauses a running rule above the cap, tells a pause not told yet, leaves a rule paused otherwise alone", () => {
    expect(capStep(cap(false, null), rule("Active"), 5_000_001n)).toBe("pause");
    expect(capStep(cap(false, null), rule("Active"), 5_000_000n)).toBe("none"); // at the cap is not above it
    expect(capStep(cap(true, null), rule("Paused"), 6_000_000n)).toBe("tell-paused");
    expect(capStep(cap(true, "paused"), rule("Paused"), 6_000_000n)).toBe("none");
    expect(capStep(cap(false, null), rule("Paused"), 6_000_000n)).toBe("none"); // paused by someone else
  });

  it("resumes under the cap only what it paused, and only with auto-resume; a hand resume starts afresh", () => {
    expect(capStep(cap(true, "paused"), rule("Paused"), 4_000_000n)).toBe("resume");
    expect(capStep(cap(true, "paused"), rule("Paused", false), 4_000_000n)).toBe("none");
    expect(capStep(cap(false, "resumed"), rule("Paused"), 4_000_000n)).toBe("none");
    expect(capStep(cap(true, "paused"), rule("Active"), 6_000_000n)).toBe("forget");
    expect(capStep(cap(false, null), rule("Cancelled"), 6_000_000n)).toBe("none");
  });

  it("shows a price per 65,000 energy when the rule has a volume", () => {
    expect(perReferenceEnergy(13_000_000n, 130_000n)).toBe(6_500_000n);
    expect(perReferenceEnergy(13_000_000n, null)).toBeUndefined();
  });
});
