import { describe, expect, it } from "vitest";
import { eventTypeKind, orderStatusKind, pauseReasonKind, ruleKind, ruleStatusKind } from "../../src/marketplace/normalise.js";

describe("orderStatusKind", () => {
  it.each([
    ["Created", "created"],
    ["CREATED", "created"],
    ["Filled", "filled"],
    ["filled", "filled"],
    ["Failed", "failed"],
    ["failed", "failed"],
    ["FAILED", "failed"],
    ["Canceled", "failed"],
    ["Cancelled", "failed"],
    ["Refunded", "failed"],
    ["FAILED_REFUNDED", "failed"],
    ["Processing", "other"],
    ["", "other"],
    [null, "other"],
  ] as const)("%s → %s", (status, kind) => {
    expect(orderStatusKind(status)).toBe(kind);
  });
});

describe("ruleKind", () => {
  it.each([
    ["auto-refill", "refill"],
    ["AUTO_REFILL", "refill"],
    ["refill", "refill"],
    ["AutoRefill", "refill"],
    ["auto-renewal", "renewal"],
    ["autoRenewal", "renewal"],
    ["RENEWAL", "renewal"],
    ["smart", "smart"],
    ["SMART_MODE", "smart"],
    ["auto-smart", "smart"],
    ["something", "unknown"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (type, kind) => {
    expect(ruleKind(type)).toBe(kind);
  });
});

describe("ruleStatusKind", () => {
  it.each([
    ["active", "active"],
    ["ACTIVE", "active"],
    ["Active", "active"],
    ["RULE_ACTIVE", "active"],
    ["inactive", "unknown"],
    ["paused", "paused"],
    ["PAUSED", "paused"],
    ["cancelled", "cancelled"],
    ["canceled", "cancelled"],
    ["CANCELED", "cancelled"],
    ["Cancelled", "cancelled"],
    ["deleted", "unknown"],
    [null, "unknown"],
  ] as const)("%s → %s", (status, kind) => {
    expect(ruleStatusKind(status)).toBe(kind);
  });
});

describe("pauseReasonKind", () => {
  it.each([
    ["System", "system"],
    ["SYSTEM", "system"],
    ["User", "user"],
    ["user", "user"],
    ["Maintenance", "other"],
    [null, null],
    ["", null],
  ] as const)("%s → %s", (reason, kind) => {
    expect(pauseReasonKind(reason)).toBe(kind);
  });
});

describe("eventTypeKind", () => {
  it("recognises event types in any spelling and keeps the rest as other", () => {
    expect(["order.filled", "ORDER_FILLED", "orderFilled"].map(eventTypeKind)).toEqual(["filled", "filled", "filled"]);
    expect(eventTypeKind("order.failed")).toBe("failed");
    expect([eventTypeKind("webhook.ping"), eventTypeKind("ping")]).toEqual(["ping", "ping"]);
    expect([eventTypeKind("deposit.received"), eventTypeKind(undefined)]).toEqual(["other", "other"]);
  });
});
