import { describe, expect, it } from "vitest";
import { checkVolume, matchDuration, parseBuyArgs, volumePresets } from "../../src/orders/request.js";
import { BuyCard, BuyStep, CHANGEABLE_STEPS } from "../../src/bot/features/buy/callbacks.js";

const energy = { resource: "energy", durations: ["1h", "1d", "3d"], unit: 65_000n, minVolume: 32_000n, maxVolume: 5_000_000n };
const bandwidth = { resource: "bandwidth", durations: ["1h", "1d"], unit: 345n, minVolume: 1_000n, maxVolume: 1_000_000n };
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("buy request", () => {
  it("reads typed volumes and checks them against the limits", () => {
    expect(checkVolume("65000", energy)).toEqual({ ok: true, volume: 65_000n });
    expect(checkVolume("65k", energy)).toEqual({ ok: true, volume: 65_000n });
    expect(checkVolume("131 000", energy)).toEqual({ ok: true, volume: 131_000n });
    expect(checkVolume("1.5m", energy)).toEqual({ ok: true, volume: 1_500_000n });
    expect(checkVolume("31999", energy)).toEqual({ ok: false, reason: "out_of_range", volume: 31_999n });
    expect(checkVolume("5000001", energy)).toEqual({ ok: false, reason: "out_of_range", volume: 5_000_001n });
    expect(checkVolume("-65k", energy)).toEqual({ ok: false, reason: "unreadable" });
    expect(checkVolume("65.5", energy)).toEqual({ ok: false, reason: "unreadable" });
    // int64 beyond 2^53 stays exact
    const huge = { minVolume: 1n, maxVolume: 2n ** 62n };
    expect(checkVolume("9007199254740993", huge)).toEqual({ ok: true, volume: 9_007_199_254_740_993n });
  });

  it("matches durations exactly, by case, or by length; nothing else", () => {
    expect(matchDuration("1d", energy.durations)).toBe("1d");
    expect(matchDuration("1D", energy.durations)).toBe("1d");
    expect(matchDuration("24h", energy.durations)).toBe("1d");
    expect(matchDuration("P3D", energy.durations)).toBe("3d");
    expect(matchDuration("2w", energy.durations)).toBeUndefined();
    expect(matchDuration("7d", energy.durations)).toBeUndefined();
  });

  it("offers 65k and 131k for energy and transfer multiples for bandwidth, within the limits", () => {
    expect(volumePresets("energy", energy).map((p) => p.volume)).toEqual([65_000n, 131_000n, 500_000n, 1_000_000n]);
    expect(volumePresets("energy", { ...energy, minVolume: 100_000n, maxVolume: 600_000n }).map((p) => p.volume)).toEqual([131_000n, 500_000n]);
    expect(volumePresets("energy", { ...energy, minVolume: 2_000_000n }).map((p) => p.volume)).toEqual([2_000_000n]);
    expect(volumePresets("bandwidth", bandwidth).map((p) => p.volume)).toEqual([1_035n, 1_725n, 3_450n, 10_350n]);
    expect(volumePresets("bandwidth", { ...bandwidth, minVolume: 300n, maxVolume: 2_000n }).map((p) => p.volume)).toEqual([345n, 1_035n, 1_725n]);
  });

  it("splits the one-line form, with spaces inside the volume", () => {
    expect(parseBuyArgs("")).toEqual({ kind: "empty" });
    expect(parseBuyArgs("water")).toEqual({ kind: "bad_resource", word: "water" });
    expect(parseBuyArgs("ENERGY")).toEqual({ kind: "partial", given: { resource: "energy" } });
    expect(parseBuyArgs("energy Tnope")).toEqual({ kind: "bad_address", text: "Tnope" });
    expect(parseBuyArgs(`bandwidth ${ADDRESS}`)).toEqual({ kind: "partial", given: { resource: "bandwidth", address: ADDRESS } });
    expect(parseBuyArgs(`energy ${ADDRESS} 65k`)).toEqual({ kind: "partial", given: { resource: "energy", address: ADDRESS }, volumeText: "65k" });
    expect(parseBuyArgs(`energy  ${ADDRESS}  131 000  1d `)).toEqual({
      kind: "full",
      resource: "energy",
      address: ADDRESS,
      volumeText: "131 000",
      durationText: "1d",
    });
  });

  it("packs the buy buttons within Telegram's 64 bytes and reads them back", () => {
    const intent = "123e4567-e89b-12d3-a456-426614174000";
    const longest = [
      BuyStep.address.pack({ address: ADDRESS }),
      BuyStep.volume.pack({ volume: 2n ** 63n - 1n }),
      ...CHANGEABLE_STEPS.map((step) => BuyCard.changeStep.pack({ intent, step })),
      BuyCard.again.pack({ intent }),
    ];
    for (const data of longest) expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(BuyStep.volume.unpack(BuyStep.volume.pack({ volume: 9_007_199_254_740_993n }))).toEqual({ volume: 9_007_199_254_740_993n });
    expect(BuyCard.changeStep.unpack(`buy.step:${intent}:volume`)).toEqual({ intent, step: "volume" });
    expect(BuyCard.confirm.unpack(`buy.ok:${intent}:x`)).toBeUndefined();
  });
});
