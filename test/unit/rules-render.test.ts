import { describe, expect, it } from "vitest";
import type { InlineKeyboard } from "grammy";
import type { AutomationRule, RuleFiring } from "../../src/marketplace/index.js";
import { createFormatter } from "../../src/format/formatter.js";
import { renderRuleCard, ruleTransitions } from "../../src/rules/card.js";
import { firesPage, orderRules, renderCancelConfirm, renderRulesList, renderRuleFires, rulesPage, RULES_PAGE_SIZE } from "../../src/bot/features/rules/views.js";
import { packSubject, parseSubject } from "../../src/bot/features/rules/subject.js";
import { renderShortfall } from "../../src/rules/shortfall.js";
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
  it("offers only the transitions the state table allows, whatever the spelling of the status", () => {
    expect(ruleTransitions(rule({ status: "ACTIVE" }))).toEqual(["pause", "cancel"]);
    expect(ruleTransitions(rule({ status: "Paused", pauseReason: "USER" }))).toEqual(["resume", "cancel"]);
    for (const status of ["canceled", "CANCELLED", "weird"]) expect(ruleTransitions(rule({ status }))).toEqual([]);
    expect(renderCancelConfirm(rule(), t)).toContain("rules-cancel-confirm");
  });

  it("explains the pause reason, leaves out null settings and escapes what the server sent", () => {
    const system = renderRuleCard(rule({ status: "paused", pauseReason: "System" }), { t, fmt });
    expect(system).toContain('rules-card-pause-reason{"reason":"rules-pause-system"}');
    const smart = renderRuleCard(rule({ type: "SMART_MODE", minimal: null, volume: null, duration: null }), { t, fmt });
    expect(smart).toContain("rules-kind-smart");
    expect(smart).toContain("rules-card-smart-schedule");
    expect(smart).not.toContain("rules-card-threshold");
    expect(smart).not.toContain("rules-card-volume");
    const odd = renderRuleCard(rule({ type: "<x>", status: "paused", pauseReason: "<b>quota</b>" }), { t, fmt });
    expect(odd).toContain("&lt;x&gt;");
    expect(odd).toContain("&lt;b&gt;quota&lt;/b&gt;");
    expect(odd).not.toContain("<b>quota");
  });

  it("puts the note above the card", () => {
    expect(renderRuleCard(rule(), { t, fmt }, "rules-note-paused").startsWith("rules-note-paused\n\n")).toBe(true);
  });
});

describe("menu payloads", () => {
  const id = rule().id;

  it("carry verb, list page, rule and firings page, and read back the same", () => {
    for (const subject of [
      { verb: "list" as const, page: 3 },
      { verb: "open" as const, page: 1, id },
      { verb: "pause" as const, page: 999, id: id.toUpperCase() },
      { verb: "fires" as const, page: 12, id, fires: 5 },
    ]) {
      const payload = packSubject(subject);
      expect(payload).not.toContain("/");
      expect(parseSubject(payload)).toEqual(subject);
    }
  });

  it("leave room for the menu's own data within Telegram's 64 bytes", () => {
    // menu id + 4 slashes + row + col + "h" + a hash of up to 12 bytes around the payload
    const longest = packSubject({ verb: "fires", page: 999, id, fires: 5 });
    expect("rule-f".length + longest.length + 19).toBeLessThanOrEqual(64);
  });

  it("refuse what is not one (a forged tap)", () => {
    for (const payload of ["", "x1", "o1", "o:1", "x:1", "p1.123", "p:1:123", `o1.${id}`, `o:1:${id}`, "l1234", "l:1234", "f:1:AAAAAAAAAAAAAAAAAAAAAA:12", "o1.0123456789abcdef0123456789abcdeg", "l-1", "l:-1"])
      expect(parseSubject(payload)).toBeUndefined();
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

  it("pages from 1 and clamps a page out of range", () => {
    const rules = Array.from({ length: RULES_PAGE_SIZE + 3 }, (_, i) => rule({ id: `r${i}`, createdAt: `2026-01-${String(i + 1).padStart(2, "0")}T00:00:00Z` }));
    expect(renderRulesList(rules, 1, { t, fmt })).toContain('rules-list-page{"page":1,"pages":2}');
    expect(rulesPage(rules, 1).items).toHaveLength(RULES_PAGE_SIZE);
    const last = rulesPage(rules, 42);
    expect(last.page).toBe(2);
    expect(last.items.map((r) => r.id)).toEqual(["r2", "r1", "r0"]);
    expect(renderRulesList(rules, 42, { t, fmt })).toContain("9. ");
    expect(renderRulesList([], 3, { t, fmt })).toContain("rules-list-empty");
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
    expect(firesPage(fires, 3).page).toBe(3);
    expect(firesPage(fires, 9).page).toBe(3);
    const view = renderRuleFires(rule(), fires, 3, { t, fmt });
    expect(view).toContain("21. Jan 1, 2026, 12:02 AM UTC");
    expect(view).toContain("23. Jan 1, 2026, 12:00 AM UTC");
    expect(view).not.toContain("20. ");
    expect(renderRuleFires(rule(), [], 1, { t, fmt })).toContain("rules-fires-empty");
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
    const view = renderShortfall(shortfallOf(8_646_000n, 1_354_000n), { t, fmt });
    expect(view.text).toContain("error-insufficient-balance");
    expect(view.text).toContain("<code>7.30 TRX</code>"); // rounded up: depositing it is enough
    expect(data(view.keyboard)).toEqual(["dep"]);
    expect(renderShortfall(shortfallOf(1n, 5n), { t, fmt }).text).toContain("rules-shortfall-price");
  });
});
