import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { createFormatter } from "../../src/format/formatter.js";
import { renderAutomationPreview } from "../../src/bot/features/automations/views.js";

const i18n = createI18n("en");
const preview = { priceTrx: "8.646", baseCostTrx: "7.86", commissionTrx: "0.786" };
const draft = { kind: "smart", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", autoResume: true } as const;
const others = [
  { type: "auto_refill", status: "active" },
  { type: "auto_renewal", status: "paused" },
];

function render(locale: "en" | "ru" | "zh", rules = others): string {
  return renderAutomationPreview(draft, preview, "100", { t: (k, v) => i18n.t(locale, k, v), fmt: createFormatter(locale) }, rules).text;
}

describe("the rule preview's warning about rules already on the address", () => {
  it("lists them in each language's words and punctuation", () => {
    expect(render("en")).toContain("already has 🔁 Auto-refill (🟢 active) and 📅 Auto-renewal (⏸ paused). Each rule buys energy on its own, so all of them may deliver");
    expect(render("en", others.slice(0, 1))).toContain("so both may deliver and charge you; if this one replaces it, pause or cancel the other in /rules");
    // Russian names each rule as «правило …», so the words agree with it whatever the kind
    expect(render("ru")).toMatch(/уже есть правило «🔁 .+» \(🟢 .+\) и правило «📅 .+» \(⏸ .+\)\. .+ так что все могут/);
    expect(render("zh")).toMatch(/此地址已有🔁 .+（🟢 .+）和📅 .+（⏸ .+）。/);
  });

  it("is not there without such rules", () => {
    expect(render("en", [])).not.toContain("already has");
  });
});
