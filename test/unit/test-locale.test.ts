/** The tests' own locale helper (test/support/locale.ts): what it matches and what it does not. */
import { describe, expect, it } from "vitest";
import { en, enAny, enPattern, tr } from "../support/locale.js";

describe("test/support/locale", () => {
  it("renders a key as the bot does, in any locale", () => {
    expect(en("cancel-done")).toBe(tr("en", "cancel-done"));
    expect(tr("ru", "cancel-done")).not.toBe(en("cancel-done"));
    expect(en("start-welcome-back", { name: "Ann" })).toContain("Ann");
  });

  it("makes a pattern whose open variables match any text and whose given ones match only themselves", () => {
    const rendered = en("buy-preview-balance", { balance: "1.00 TRX", after: "0.50 TRX" });
    expect(enPattern("buy-preview-balance").test(`before\n${rendered}\nafter`)).toBe(true);
    expect(enPattern("buy-preview-balance", { balance: "1.00 TRX" }).test(rendered)).toBe(true);
    expect(enPattern("buy-preview-balance", { balance: "2.00 TRX" }).test(rendered)).toBe(false);
    expect(enPattern("buy-preview-balance").test(en("buy-preview-total", { total: "1.00 TRX" }))).toBe(false);
  });

  it("makes one pattern of several keys' texts", () => {
    const either = enAny("buy-cancelled", "cancel-done");
    expect([en("buy-cancelled"), en("cancel-done"), en("buy-ask-resource")].map((text) => either.test(text))).toEqual([true, true, false]);
  });

  it("takes the text's special characters literally", () => {
    const pattern = enPattern("buy-ask-resource");
    expect(pattern.test(en("buy-ask-resource"))).toBe(true);
    expect(pattern.test(en("buy-ask-resource").replace("?", "!"))).toBe(false);
  });
});
