import { describe, expect, it } from "vitest";
import { displayWidth, fitsHalfRow } from "../../src/bot/ui/button-width.js";

describe("a button's width on a phone", () => {
  it("counts a Latin or Cyrillic character as one", () => {
    expect(displayWidth("1h · 65,000 · 3.2 TRX")).toBe(21);
    expect(displayWidth("1 ч · 3,2 TRX")).toBe(13);
  });

  it("counts CJK and full-width characters as two", () => {
    expect(displayWidth("1小时")).toBe(5);
    expect(displayWidth("能量（１天）")).toBe(12);
    expect(displayWidth("한국")).toBe(4);
  });

  it("counts an emoji (two code units) as one character", () => {
    expect(displayWidth("⚡ 1h")).toBe(4);
    expect(displayWidth("🔋 1h")).toBe(4);
  });

  it("fits half a row up to 30", () => {
    expect(fitsHalfRow("x".repeat(30))).toBe(true);
    expect(fitsHalfRow("x".repeat(31))).toBe(false);
    expect(fitsHalfRow("能".repeat(15))).toBe(true);
    expect(fitsHalfRow(`${"能".repeat(15)}x`)).toBe(false);
    expect(fitsHalfRow("🔋".repeat(30))).toBe(true);
  });
});
