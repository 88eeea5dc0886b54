import { describe, expect, it } from "vitest";
import type { InlineKeyboard } from "grammy";
import type { AutomationRule, RuleFiring } from "../../src/marketplace/index.js";
import { createFormatter } from "../../src/format/formatter.js";
import { renderRuleCard, renderCancelConfirm } from "../../src/bot/render/rule-card.js";
import { orderRules, renderRulesList, RULES_PAGE_SIZE } from "../../src/bot/render/rules-list.js";
import { renderRuleFires } from "../../src/bot/render/rule-fires.js";
import { renderShortfall } from "../../src/bot/render/shortfall.js";
import { firingQuery, oneDayDuration, shortfallOf } from "../../src/rules/pricing.js";

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}${JSON.stringify(vars)}` : key);
const fmt = createFormatter("en");
const data = (k: InlineKeyboard) => k.inline_keyboard.flat().map((b) => ("callback_data" in b ? b.callback_data : undefined));

function rule(over: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id: "11111111-2222-3333-4444-555555555555",
    type: "auto-refill",
    resource: "energy",
    targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    minimal: 40_000n,
    volume: 65_000n,
    duration: "1d",
    spentTrx: "12.500000",
    status: "active",
    pauseReason: null,
    autoResume: false,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    ...over,
  };
}

describe("rule card", () => {
  it("shows only the buttons the state table allows, whatever the spelling of the status", () => {
    const id = rule().id;
    expect(data(renderRuleCard(rule({ status: "ACTIVE" }), t, fmt).keyboard)).toEqual([
      `rule:p:${id}`,
      `rule:x:${id}`,
      `rule:f:${id}:0`,
      `rule:o:${id}`,
      "rule:l:0",
    ]);
    expect(data(renderRuleCard(rule({ status: "Paused", pauseReason: "USER" }), t, fmt, { backPage: 2 }).keyboard)).toEqual([
      `rule:r:${id}`,
      `rule:x:${id}`,
      `rule:f:${id}:0`,
      `rule:o:${id}`,
      "rule:l:2",
    ]);
    for (const status of ["canceled", "CANCELLED", "weird"]) {
      expect(data(renderRuleCard(rule({ status }), t, fmt).keyboard)).toEqual([`rule:f:${id}:0`, `rule:o:${id}`, "rule:l:0"]);
    }
    expect(data(renderCancelConfirm(rule(), t).keyboard)).toEqual([`rule:xx:${id}`, `rule:o:${id}`]);
  });

  it("explains the pause reason, leaves out null settings and escapes what the server sent", () => {
    const system = renderRuleCard(rule({ status: "paused", pauseReason: "System" }), t, fmt).text;
    expect(system).toContain('rules-card-pause-reason{"reason":"rules-pause-system"}');
    const smart = renderRuleCard(rule({ type: "SMART_MODE", minimal: null, volume: null, duration: null }), t, fmt).text;
    expect(smart).toContain("rules-kind-smart");
    expect(smart).toContain("rules-card-smart-schedule");
    expect(smart).not.toContain("rules-card-threshold");
    expect(smart).not.toContain("rules-card-volume");
    const odd = renderRuleCard(rule({ type: "<x>", status: "paused", pauseReason: "<b>quota</b>" }), t, fmt).text;
    expect(odd).toContain("&lt;x&gt;");
    expect(odd).toContain("&lt;b&gt;quota&lt;/b&gt;");
    expect(odd).not.toContain("<b>quota");
  });

  it("keeps every callback within 64 bytes", () => {
    const card = renderRuleCard(rule(), t, fmt, { backPage: 9999 });
    for (const d of data(card.keyboard)) expect(Buffer.byteLength(d ?? "")).toBeLessThanOrEqual(64);
    const fires = renderRuleFires(rule(), [], 999, t, fmt);
    for (const d of data(fires.keyboard)) expect(Buffer.byteLength(d ?? "")).toBeLessThanOrEqual(64);
  });
});

describe("rules list", () => {
  it("orders by group, then newest first; unknown statuses go last", () => {
    const rules = [
      rule({ id: "a", status: "cancelled", createdAt: "2026-01-05T00:00:00Z" }),
      rule({ id: "b", status: "active", createdAt: "2026-01-01T00:00:00Z" }),
      rule({ id: "c", status: "RULE_PAUSED", createdAt: "2026-01-02T00:00:00Z" }),
      rule({ id: "d", status: "archived", createdAt: "2026-01-09T00:00:00Z" }),
      rule({ id: "e", status: "Active", createdAt: "2026-01-03T00:00:00Z" }),
    ];
    expect(orderRules(rules).map((r) => r.id)).toEqual(["e", "b", "c", "a", "d"]);
  });

  it("pages, clamps a page out of range, and offers Prev/Next only where they lead somewhere", () => {
    const rules = Array.from({ length: RULES_PAGE_SIZE + 3 }, (_, i) => rule({ id: `r${i}`, createdAt: `2026-01-${String(i + 1).padStart(2, "0")}T00:00:00Z` }));
    const first = renderRulesList(rules, 0, t, fmt);
    expect(first.text).toContain('rules-list-page{"page":1,"pages":2}');
    expect(data(first.keyboard).filter((d) => d?.startsWith("rule:o:"))).toHaveLength(RULES_PAGE_SIZE);
    expect(data(first.keyboard)).toContain("rule:l:1");
    expect(data(first.keyboard)).not.toContain("rule:l:-1");
    const last = renderRulesList(rules, 42, t, fmt);
    expect(last.page).toBe(1);
    expect(data(last.keyboard).filter((d) => d?.startsWith("rule:o:"))).toEqual(["rule:o:r2", "rule:o:r1", "rule:o:r0"]);
    expect(data(last.keyboard)).toContain("rule:l:0");
    expect(renderRulesList([], 3, t, fmt).text).toContain("rules-list-empty");
  });
});

describe("fires", () => {
  it("sorts newest first and pages by 10", () => {
    const fires: RuleFiring[] = Array.from({ length: 23 }, (_, i) => ({
      volume: 32_000n,
      duration: i % 2 ? "1h" : null,
      priceTrx: "2.112000",
      createdAt: `2026-01-01T00:${String(i).padStart(2, "0")}:00Z`,
    }));
    const view = renderRuleFires(rule(), fires, 2, t, fmt);
    expect(view.page).toBe(2);
    expect(view.text).toContain("21. Jan 1, 2026, 12:02 AM UTC");
    expect(view.text).toContain("23. Jan 1, 2026, 12:00 AM UTC");
    expect(view.text).not.toContain("20. ");
    expect(renderRuleFires(rule(), [], 0, t, fmt).text).toContain("rules-fires-empty");
  });
});

describe("firing price and shortfall", () => {
  it("prices a renewal as its volume for the options' one day, smart as smart", () => {
    expect(firingQuery({ kind: "renewal", volume: 65_000n }, ["1h", "P1D", "3d"])).toEqual({ type: "refill", volume: 65_000n, duration: "P1D" });
    expect(oneDayDuration(["1h", "3d"])).toBe("1d");
    expect(firingQuery({ kind: "smart", volume: null, duration: null }, [])).toEqual({ type: "smart" });
    expect(firingQuery({ kind: "refill", volume: 131_000n, duration: "1h" }, [])).toEqual({ type: "refill", volume: 131_000n, duration: "1h" });
  });

  it("computes what is missing in SUN and renders it with a Deposit button", () => {
    expect(shortfallOf(8_646_000n, 1_354_000n).missingSun).toBe(7_292_000n);
    expect(shortfallOf(1n, 5n).missingSun).toBe(0n);
    const view = renderShortfall(shortfallOf(8_646_000n, 1_354_000n), t, fmt);
    expect(view.text).toContain("error-insufficient-balance");
    expect(view.text).toContain("<code>7.292 TRX</code>");
    expect(data(view.keyboard)).toEqual(["dep"]);
    expect(renderShortfall(shortfallOf(1n, 5n), t, fmt).text).toContain("rules-shortfall-price");
  });
});
