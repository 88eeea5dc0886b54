import { describe, expect, it } from "vitest";
import { findAddressLike, isTronAddress, tronAddressFromAccountId } from "../../src/tron/address.js";
import { sunToTrx, trxToSun, ceilDiv } from "../../src/tron/amounts.js";
import { parseVolumeInput, toBigInt } from "../../src/tron/volume.js";
import { durationSeconds, parseDuration } from "../../src/tron/duration.js";

describe("TRON addresses", () => {
  it("accepts valid base58check addresses", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")).toBe(true);
    expect(tronAddressFromAccountId(new Uint8Array(20))).toBe("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  });
  it("rejects any single changed character, wrong length or alphabet", () => {
    const valid = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    for (let i = 1; i < valid.length; i++) {
      const replacement = [...alphabet].find((c) => c !== valid[i])!;
      expect(isTronAddress(valid.slice(0, i) + replacement + valid.slice(i + 1))).toBe(false);
    }
    expect(isTronAddress(valid.slice(0, 33))).toBe(false);
    expect(isTronAddress(valid.replace("T", "A"))).toBe(false);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toBe(false);
    expect(isTronAddress("")).toBe(false);
  });
  it("stays exact past the addresses it keeps as verified (emptied when full, filled again)", () => {
    const addresses = Array.from({ length: 5_000 }, (_, i) => tronAddressFromAccountId(Uint8Array.from({ length: 20 }, (_, b) => (i * 7 + b * 13) % 256)));
    for (const address of addresses) expect(isTronAddress(address)).toBe(true);
    for (const address of addresses.slice(0, 50)) {
      expect(isTronAddress(address)).toBe(true);
      const last = address.at(-1) === "z" ? "y" : "z";
      expect(isTronAddress(address.slice(0, -1) + last)).toBe(false);
    }
  });
  it("finds an address in free text", () => {
    expect(findAddressLike("send to TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t please")).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(findAddressLike("nothing here")).toBeUndefined();
  });
});

describe("TRX amounts in SUN", () => {
  it("parses decimal strings exactly", () => {
    expect(trxToSun("12.345000")).toBe(12_345_000n);
    expect(trxToSun("0.000001")).toBe(1n);
    expect(trxToSun("-3")).toBe(-3_000_000n);
    expect(trxToSun("92233720368547.758070")).toBe(92_233_720_368_547_758_070n);
    expect(trxToSun("1.1000000000")).toBe(1_100_000n);
  });
  it("rejects what is not a TRX decimal", () => {
    for (const bad of ["", "abc", "1e3", "1.0000001", "1,5", "0x10"]) expect(() => trxToSun(bad)).toThrow(RangeError);
  });
  it("formats SUN back", () => {
    expect(sunToTrx(12_345_000n)).toBe("12.345000");
    expect(sunToTrx(-5n)).toBe("-0.000005");
    expect(sunToTrx(1_500_000n, 2)).toBe("1.50");
    expect(ceilDiv(7n, 2n)).toBe(4n);
  });
});

describe("volumes", () => {
  it.each([
    ["65000", 65_000n],
    ["65k", 65_000n],
    ["65K", 65_000n],
    ["131 000", 131_000n],
    ["65,000", 65_000n],
    ["1.5m", 1_500_000n],
    ["1,5k", 1_500n],
    ["9223372036854775807", 9_223_372_036_854_775_807n],
  ])("parses %s", (input, expected) => {
    expect(parseVolumeInput(input)).toBe(expected);
  });
  it.each(["", "abc", "-5", "1.0000001m", "65kk", "1.5"])("rejects %s", (input) => {
    expect(parseVolumeInput(input)).toBeUndefined();
  });
  it("keeps wire int64 values exact", () => {
    expect(toBigInt("9007199254740993")).toBe(9_007_199_254_740_993n);
    expect(toBigInt(131000)).toBe(131_000n);
    expect(() => toBigInt(2 ** 60)).toThrow(RangeError);
    expect(() => toBigInt("12a")).toThrow(RangeError);
  });
});

describe("durations", () => {
  it("recognises common forms and leaves others raw", () => {
    expect(parseDuration("1h")).toEqual({ unit: "hour", count: 1 });
    expect(parseDuration("3d")).toEqual({ unit: "day", count: 3 });
    expect(parseDuration("PT1H")).toEqual({ unit: "hour", count: 1 });
    expect(parseDuration("P1D")).toEqual({ unit: "day", count: 1 });
    expect(parseDuration("3600")).toEqual({ unit: "hour", count: 1 });
    expect(parseDuration("24h")).toEqual({ unit: "day", count: 1 });
    expect(parseDuration("fortnight")).toBeUndefined();
    expect(durationSeconds("7d")).toBe(604_800);
  });
});
