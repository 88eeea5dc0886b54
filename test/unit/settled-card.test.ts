/** An order card brought up to date when its order settles (notices/render.ts renderSettledCard), in real English. */
import { describe, expect, it } from "vitest";
import { createFormatter } from "../../src/format/formatter.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { renderSettledCard } from "../../src/notices/render.js";
import type { CardSnapshot } from "../../src/orders/card.js";

const translator = createNoticeTranslator("en");
const l = { t: (key: string, vars?: Record<string, string | number>) => translator.t("en", key, vars), fmt: createFormatter("en") };

const shown: CardSnapshot = {
  id: "6f1c2b4a-1111-4222-8333-944455556666",
  resource: "energy",
  targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  volume: "131000",
  duration: "1h",
  priceTrx: "7.860000",
  activationTrx: "0.000000",
  totalTrx: "7.860000",
  status: "Created",
  txId: null,
  createdAt: "2026-11-24T03:00:00Z",
};
const event = { id: shown.id, resource: "energy", targetAddress: shown.targetAddress, volume: 131_000n, duration: "1h", totalTrx: "7.860000" };

describe("a settled order card", () => {
  it("filled: the card with its new status and transaction (what happened is the brief notice's line, said once)", () => {
    const { text } = renderSettledCard({ ...event, status: "Filled", txId: "ab".repeat(32) }, "filled", l, shown);
    expect(text).not.toContain("Order filled");
    expect(text).toContain("Status: ✅ Filled");
    expect(text).toContain(`<code>${shown.id}</code>`);
    expect(text).toContain("Total charged");
    expect(text).toContain("Tronscan");
    expect(text).not.toContain("Created");
  });

  it("failed under a status of another name: shown as failed and refunded, never as charged", () => {
    const { text } = renderSettledCard({ ...event, status: "Expired" }, "failed", l, shown);
    expect(text).toContain("Status: ❌");
    expect(text).toContain("refunded to your balance");
    expect(text).not.toContain("Total charged");
  });

  it("a place kept without the order, or with one that cannot be read: the notice's own lines", () => {
    const plain = renderSettledCard({ ...event, status: "Filled" }, "filled", l);
    expect(plain.text).not.toContain(`<code>${shown.id}</code>`);
    const broken = renderSettledCard({ ...event, status: "Filled" }, "filled", l, { ...shown, volume: "not a number" });
    expect(broken.text).toBe(plain.text);
  });
});
