/** The monthly statement's computation and CSV (pure): months in UTC, what is counted, the sums, the file's form. */
import { describe, expect, it } from "vitest";
import { daysIn, monthRange, parseMonthCode, shiftMonth } from "../../src/statements/month.js";
import { buildStatement, topAddresses, orderLine } from "../../src/statements/statement.js";
import { CSV_COLUMNS, statementCsv } from "../../src/statements/csv.js";
import type { OrderIntentRow } from "../../src/store/orders.js";
import type { RuleFiringEntry } from "../../src/rules/firings.js";
import { parseCsv } from "../support/csv.js";

const NOV = { year: 2026, month: 11 };
const A = "TXyzAddressOne111111111111111111111";
const B = "TXyzAddressTwo222222222222222222222";

function order(at: string, totalTrx: string, extra: Partial<OrderIntentRow> = {}): OrderIntentRow {
  const ms = Date.parse(at);
  return {
    intentId: `i-${at}`,
    userId: 1,
    keyId: 1,
    chatId: 1,
    messageId: null,
    idempotencyKey: `k-${at}`,
    resource: "energy",
    targetAddress: A,
    volume: "65000",
    duration: "1h",
    state: "placed",
    orderId: `o-${at}`,
    status: "Filled",
    totalTrx,
    burnCostTrx: "13.000000",
    txId: null,
    lastError: null,
    createdAt: ms,
    updatedAt: ms,
    ...extra,
  };
}

const firing = (at: string, priceTrx: string): RuleFiringEntry => ({
  rule: { id: "r-1", type: "renewal", targetAddress: B },
  firing: { volume: 65_000n, duration: "1d", priceTrx, createdAt: at },
  at: Date.parse(at),
});

describe("months (UTC)", () => {
  it("wrap around the year, know February, and refuse a code that is no month", () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(daysIn({ year: 2028, month: 2 })).toBe(29);
    expect(monthRange(NOV)).toEqual({ from: Date.UTC(2026, 10, 1), until: Date.UTC(2026, 11, 1) });
    expect(parseMonthCode(202611)).toEqual(NOV);
    expect(parseMonthCode(202613)).toBeUndefined();
    expect(parseMonthCode(999_999)).toBeUndefined();
    expect(parseMonthCode(12)).toBeUndefined();
  });
});

describe("buildStatement", () => {
  it("counts the month's orders and firings (not a failed order, nor another month's), sums and charts them by day", () => {
    const statement = buildStatement(NOV, [
      {
        keyId: 1,
        label: "main",
        orders: [
          order("2026-11-01T00:00:00Z", "5.000000"),
          order("2026-11-30T23:59:59Z", "7.500000", { resource: "bandwidth", volume: "2000", burnCostTrx: null }),
          order("2026-11-15T10:00:00Z", "9.000000", { status: "Failed" }),
          order("2026-10-31T23:59:59Z", "4.000000"),
          order("2026-12-01T00:00:00Z", "4.000000"),
        ],
        firings: [firing("2026-11-02T12:00:00Z", "3.250000")],
      },
    ]);
    const [key] = statement.keys;
    expect(key!.lines.map((l) => l.kind)).toEqual(["order", "firing", "order"]);
    expect(key!.totals).toMatchObject({ orders: 2, firings: 1, energy: 130_000n, bandwidth: 2_000n, paidSun: 15_750_000n, burnKnown: 1, burnSun: 13_000_000n, burnPaidSun: 5_000_000n });
    expect(statement.energyDaily).toHaveLength(30);
    expect(statement.energyDaily[0]).toBe(65_000n);
    expect(statement.energyDaily[1]).toBe(65_000n);
    expect(statement.bandwidthDaily[29]).toBe(2_000n);
    expect(key!.firingsMissing).toBe(false);
  });

  it("says when a key's firings could not be read, and keeps its orders", () => {
    const statement = buildStatement(NOV, [{ keyId: 1, label: "main", orders: [order("2026-11-03T00:00:00Z", "5")], firings: undefined }]);
    expect(statement.keys[0]!.firingsMissing).toBe(true);
    expect(statement.keys[0]!.totals.orders).toBe(1);
  });

  it("ranks addresses by TRX paid", () => {
    const lines = [order("2026-11-03T00:00:00Z", "1"), order("2026-11-04T00:00:00Z", "1"), order("2026-11-05T00:00:00Z", "3", { targetAddress: B })].map((o) => orderLine(o)!);
    expect(topAddresses(lines).map((t) => [t.address, t.purchases])).toEqual([
      [B, 1],
      [A, 2],
    ]);
  });
});

describe("statementCsv", () => {
  it("is UTF-8 with a BOM, CRLF lines, every field quoted, and a typed name never starts a formula", () => {
    const statement = buildStatement(NOV, [
      { keyId: 1, label: '=HYPERLINK("x")', orders: [order("2026-11-03T04:05:06.789Z", "5.5")], firings: [firing("2026-11-04T00:00:00Z", "3.25")] },
    ]);
    const csv = statementCsv(statement, new Map([[A, 'Shop "main", Кошелёк']]));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.slice(1).split("\r\n")[0]).toBe(CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    const [, first, second] = parseCsv(csv.slice(1));
    const get = (row: string[] | undefined, name: (typeof CSV_COLUMNS)[number]) => row![CSV_COLUMNS.indexOf(name)];
    expect(get(first, "time_utc")).toBe("2026-11-03T04:05:06Z");
    expect(get(first, "key")).toBe(`'=HYPERLINK("x")`);
    expect(get(first, "address_label")).toBe('Shop "main", Кошелёк');
    expect(get(first, "paid_trx")).toBe("5.500000");
    expect(get(first, "burn_cost_trx")).toBe("13.000000");
    expect(get(first, "saving_trx")).toBe("7.500000");
    expect(get(second, "kind")).toBe("firing");
    expect(get(second, "burn_cost_trx")).toBe("");
    expect(get(second, "reference")).toBe("r-1");
    expect(get(second, "detail")).toBe("renewal");
  });
});

describe("the statement card", () => {
  it("fits one message with many keys: the last ones give way to a line that says how many", async () => {
    const { renderStatementText } = await import("../../src/statements/render.js");
    const { loadTranslations } = await import("../../src/i18n/translations.js");
    const { createFormatter } = await import("../../src/format/formatter.js");
    const tr = loadTranslations("en");
    const t = (key: string, vars?: Record<string, string | number>) => tr.t("en", key, vars);
    const keys = Array.from({ length: 40 }, (_, i) => ({
      keyId: i + 1,
      label: `key number ${i + 1}`,
      orders: [order("2026-11-03T00:00:00Z", "5"), order("2026-11-04T00:00:00Z", "6", { targetAddress: B })],
      firings: [firing("2026-11-05T00:00:00Z", "3")],
    }));
    const text = renderStatementText(buildStatement(NOV, keys), new Map(), { t, fmt: createFormatter("en") });
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toContain("key number 1<");
    const shown = (text.match(/🔑/g) ?? []).length;
    expect(shown).toBeGreaterThan(1);
    expect(text).toContain(t("statement-more-keys", { count: 40 - shown }));
  });
});
