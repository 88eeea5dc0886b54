import { describe, expect, it } from "vitest";
import { automationRuleSchema, decimal, int32, int64, orderOptionsSchema } from "../../src/marketplace/schemas.js";
import { wireRule } from "./support/fixtures.js";

describe("scalar schemas", () => {
  it("int64: integer or numeric string → exact bigint, within 64 bits", () => {
    expect(int64.parse(65000)).toBe(65000n);
    expect(int64.parse(" 65000 ")).toBe(65000n);
    expect(int64.parse("-9223372036854775808")).toBe(-(2n ** 63n));
    expect(int64.parse("9223372036854775807")).toBe(2n ** 63n - 1n);
    for (const bad of ["9223372036854775808", "1.5", "65k", "", "0x10", 1.5, 2 ** 60, Number.NaN, true, null]) {
      expect(int64.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("int32: integer or numeric string → number, within 32 bits", () => {
    expect(int32.parse("12")).toBe(12);
    expect(int32.parse(-(2 ** 31))).toBe(-(2 ** 31));
    for (const bad of [2 ** 31, "2147483648", "1.0", 0.5, "x"]) expect(int32.safeParse(bad).success, String(bad)).toBe(false);
  });

  it("TRX and other decimals stay strings, validated", () => {
    expect(decimal.parse("12.345000")).toBe("12.345000");
    expect(decimal.parse("7")).toBe("7");
    expect(decimal.parse("-0.5")).toBe("-0.5");
    expect(decimal.parse(12.5)).toBe("12.5");
    for (const bad of ["", "1,5", "1.", ".5", "1e3", "TRX 1", 1e-7, Number.POSITIVE_INFINITY]) {
      expect(decimal.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe("resource schemas", () => {
  it("rules: nullable fields may be null or absent; extra fields are dropped", () => {
    const { minimal: _m, ...noMinimal } = wireRule({ type: "smart", volume: null, duration: null, extra: 1 });
    const rule = automationRuleSchema.parse(noMinimal);
    expect(rule).toMatchObject({ type: "smart", minimal: null, volume: null, duration: null });
    expect("extra" in rule).toBe(false);
  });

  it("order options: limits as numbers or strings", () => {
    const options = orderOptionsSchema.parse({
      resources: [
        { resource: "energy", durations: ["1h"], unit: "65000", minVolume: 32000, maxVolume: "100000000000000000" },
        { resource: "bandwidth", durations: ["1h", "1d"], unit: 345, minVolume: "1000", maxVolume: 10_000_000 },
      ],
      activationMaxTrx: "1.1",
    });
    expect(options.resources[0]?.maxVolume).toBe(100000000000000000n);
    expect(options.resources[1]?.unit).toBe(345n);
  });
});
