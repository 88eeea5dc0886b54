import { describe, expect, it } from "vitest";
import { CHART_HEIGHT, CHART_WIDTH, compactVolume, renderDailyChart } from "../../src/charts/daily-chart.js";
import { sparkline } from "../../src/bot/features/stats/sparkline.js";
import { pngSize } from "../support/png.js";

const INT64_MAX = 9_223_372_036_854_775_807n;
const zeros = (n: number) => Array.from({ length: n }, () => 0n);
const lastDay = Date.UTC(2026, 10, 21);

describe("daily chart", () => {
  it("is a valid PNG of the chart's size", async () => {
    const energy = [...zeros(12), 65_000n, 131_000n];
    const bandwidth = [...zeros(13), 345n];
    const png = await renderDailyChart({ energy, bandwidth, lastDay, titles: { energy: "Energy", bandwidth: "Bandwidth" } });
    expect(pngSize(png)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
  });

  it("renders all-zero series, int64 extremes and titles it cannot draw (CJK) without failing", async () => {
    const empty = await renderDailyChart({ energy: zeros(14), bandwidth: zeros(14), lastDay, titles: { energy: "能量", bandwidth: "带宽" } });
    expect(pngSize(empty)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    const huge = await renderDailyChart({ energy: [INT64_MAX, 1n, ...zeros(12)], bandwidth: [INT64_MAX - 1n, INT64_MAX, ...zeros(12)], lastDay });
    expect(pngSize(huge).width).toBe(CHART_WIDTH);
    // Bars differ from an empty chart: something was drawn.
    expect(huge.equals(empty)).toBe(false);
  });

  it("labels the largest value compactly and exactly", () => {
    expect(compactVolume(0n)).toBe("0");
    expect(compactVolume(999n)).toBe("999");
    expect(compactVolume(131_000n)).toBe("131k");
    expect(compactVolume(2_500_000n)).toBe("2.5M");
    expect(compactVolume(1_050n)).toBe("1k");
    expect(compactVolume(INT64_MAX)).toBe("9.2E");
  });
});

describe("sparkline", () => {
  it("scales to the largest value; zero stays at the floor and anything above zero shows", () => {
    expect(sparkline(zeros(14))).toBe("▁".repeat(14));
    expect(sparkline([0n, 1n, 50n, 100n])).toBe("▁▂▅█");
    expect(sparkline([0n, 1n, 1_000_000n])).toBe("▁▂█");
    expect(sparkline([])).toBe("");
  });

  it("is exact for int64 values beyond 2^53", () => {
    // As floats, MAX - 1 and MAX are the same number and both would be a full bar.
    expect(sparkline([INT64_MAX, INT64_MAX - 1n, INT64_MAX / 2n, 0n])).toBe("█▇▄▁");
  });
});
