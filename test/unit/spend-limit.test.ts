import { describe, expect, it } from "vitest";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { spendLimitState } from "../../src/bot/errors/spend-limit.js";

const refusal = (detail?: string) => new MarketplaceError("http", "POST /api/v1/orders failed", 403, "api_key.spend_limit_exceeded", "Forbidden", detail);

describe("spendLimitState", () => {
  it("reads the limit and what is spent from the detail, in either order", () => {
    expect(spendLimitState(refusal("the key's daily limit is 10 TRX (UTC day); 5.3625 TRX spent today"))).toEqual({ limitTrx: "10", spentTrx: "5.3625" });
    expect(spendLimitState(refusal("Spent today: 7.5 TRX. Daily limit: 8 TRX"))).toEqual({ limitTrx: "8", spentTrx: "7.5" });
  });

  it("gives nothing when the detail does not say both", () => {
    expect(spendLimitState(refusal())).toBeUndefined();
    expect(spendLimitState(refusal("daily spend limit exceeded"))).toBeUndefined();
    expect(spendLimitState(refusal("limit is 10 TRX"))).toBeUndefined();
  });
});
