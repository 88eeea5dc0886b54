import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkVolume, typedVolumeExamples, matchDuration, parseAmount, parseBuyArgs, parseTransferCount, volumePresets } from "../../src/orders/request.js";
import { commonDurations, defaultDuration, MAX_PRESET_DURATION_CHARS, presetChoices } from "../../src/orders/presets.js";
import { SharedButtons } from "../../src/telegram/shared-buttons.js";
import { BuyCard, BuyStep, CHANGEABLE_STEPS } from "../../src/bot/features/buy/callbacks.js";

const energy = { resource: "energy", durations: ["1h", "1d", "3d"], unit: 65_000n, minVolume: 32_000n, maxVolume: 5_000_000n };
const bandwidth = { resource: "bandwidth", durations: ["1h", "1d"], unit: 345n, minVolume: 1_000n, maxVolume: 1_000_000n };
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("buy request", () => {
  it("every amount the volume prompts give as an example is one the bot takes, each for its own resource", () => {
    for (const options of [energy, bandwidth]) {
      const examples = typedVolumeExamples(options.resource as "energy" | "bandwidth", options);
      expect(examples.length, options.resource).toBeGreaterThanOrEqual(3);
      for (const example of examples) expect(checkVolume(example, options), `${example} (${options.resource})`).toMatchObject({ ok: true });
    }
    // the prompts take them from there, in each language
    for (const locale of ["en", "ru", "zh"]) {
      const ftl = readFileSync(new URL(`../../locales/${locale}.ftl`, import.meta.url), "utf8");
      for (const id of ["buy-ask-volume", "buy-ask-volume-presets", "buy-volume-unreadable"]) {
        expect(ftl.split("\n").find((l) => l.startsWith(`${id} =`)), `${locale} ${id}`).toContain("{ $examples }");
      }
    }
  });
  it("reads typed volumes and checks them against the limits", () => {
    expect(checkVolume("65000", energy)).toEqual({ ok: true, volume: 65_000n });
    expect(checkVolume("65k", energy)).toEqual({ ok: true, volume: 65_000n });
    expect(checkVolume("131 000", energy)).toEqual({ ok: true, volume: 131_000n });
    expect(checkVolume("1.5m", energy)).toEqual({ ok: true, volume: 1_500_000n });
    expect(checkVolume("31999", energy)).toEqual({ ok: false, reason: "out_of_range", volume: 31_999n });
    expect(checkVolume("5000001", energy)).toEqual({ ok: false, reason: "out_of_range", volume: 5_000_001n });
    expect(checkVolume("-65k", energy)).toEqual({ ok: false, reason: "out_of_range", volume: -65_000n });
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

  it("answers a negative volume with the range, not as unreadable", () => {
    expect(checkVolume("-5", energy)).toEqual({ ok: false, reason: "out_of_range", volume: -5n });
    expect(checkVolume("−65k", energy)).toEqual({ ok: false, reason: "out_of_range", volume: -65_000n });
    expect(checkVolume("--5", energy)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("matches durations typed with a unit word, or as the chat names them", () => {
    expect(matchDuration("1 day", energy.durations)).toBe("1d");
    expect(matchDuration("24 hours", energy.durations)).toBe("1d");
    expect(matchDuration("3 Days", energy.durations)).toBe("3d");
    expect(matchDuration("1 fortnight", energy.durations)).toBeUndefined();
    const russian = (d: string) => ({ "1h": "1 час", "1d": "1 день", "3d": "3 дня" })[d] ?? d;
    expect(matchDuration("3 ДНЯ", energy.durations, russian)).toBe("3d");
    expect(matchDuration("3 дня", energy.durations)).toBeUndefined();
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
    expect(parseBuyArgs("energy Tnope")).toEqual({ kind: "bad_address", text: "Tnope", resource: "energy" });
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

  it("reads `/buy <address> [<n> [<duration>]]` and counts of transfers", () => {
    expect(parseBuyArgs(ADDRESS)).toEqual({ kind: "transfers", address: ADDRESS, amountText: undefined, durationText: undefined });
    expect(parseBuyArgs(`${ADDRESS} 3`)).toEqual({ kind: "transfers", address: ADDRESS, amountText: "3", durationText: undefined });
    expect(parseBuyArgs(`${ADDRESS} 3 1 day`)).toEqual({ kind: "transfers", address: ADDRESS, amountText: "3", durationText: "1 day" });
    expect(parseBuyArgs(`${ADDRESS} 131 000 1d`)).toEqual({ kind: "transfers", address: ADDRESS, amountText: "131 000", durationText: "1d" });
    expect(parseBuyArgs(`${ADDRESS} 1 000 000`)).toEqual({ kind: "transfers", address: ADDRESS, amountText: "1 000 000", durationText: undefined });
    expect(parseAmount("131 000")).toEqual({ kind: "volume", volume: 131_000n });
    const corrupted = ADDRESS.slice(0, -1) + (ADDRESS.endsWith("t") ? "u" : "t");
    // what followed a wrong address is kept, unchecked
    expect(parseBuyArgs(`${corrupted} 3`)).toEqual({ kind: "bad_address", text: corrupted, resource: "energy", amountText: "3" });
    expect(parseBuyArgs(`energy ${corrupted} 131 000 1d`)).toEqual({ kind: "bad_address", text: corrupted, resource: "energy", volumeText: "131 000", durationText: "1d" });
    expect(parseBuyArgs(`energy ${corrupted} 65k`)).toEqual({ kind: "bad_address", text: corrupted, resource: "energy", volumeText: "65k" });
    expect([parseTransferCount("3"), parseTransferCount("x2"), parseTransferCount("2×")]).toEqual([3n, 2n, 2n]);
    expect([parseTransferCount("0"), parseTransferCount("1.5"), parseTransferCount("много")]).toEqual([undefined, undefined, undefined]);
  });

  it("reads the amount after the address as transfers (a plain number under 1,000) or as energy", () => {
    expect(parseAmount("3")).toEqual({ kind: "transfers", count: 3n });
    expect(parseAmount("x2")).toEqual({ kind: "transfers", count: 2n });
    expect(parseAmount("999")).toEqual({ kind: "transfers", count: 999n });
    expect(parseAmount("1000")).toEqual({ kind: "volume", volume: 1_000n });
    expect(parseAmount("65k")).toEqual({ kind: "volume", volume: 65_000n });
    expect(parseAmount("65,000")).toEqual({ kind: "volume", volume: 65_000n });
    expect(parseAmount("0.5m")).toEqual({ kind: "volume", volume: 500_000n });
    expect([parseAmount("много"), parseAmount("-5"), parseAmount("")]).toEqual([undefined, undefined, undefined]);
  });

  it("offers 1 and 2 transfers to a holder and 1 to a new holder, for 1 hour and 1 day, within the limits", () => {
    const limits = { durations: ["PT30M", "1h", "1d", "3d"], minVolume: 32_000n, maxVolume: 5_000_000n };
    expect(presetChoices(limits).map((c) => `${c.preset.volume}/${c.duration}/${c.durationIndex}`)).toEqual([
      "65000/1h/1", "65000/1d/2", "130000/1h/1", "130000/1d/2", "131000/1h/1", "131000/1d/2",
    ]);
    expect(presetChoices({ ...limits, maxVolume: 100_000n })).toHaveLength(2);
    // no 1 hour or 1 day on offer: the first two durations; the default is the 1-hour one, else the first
    expect(commonDurations(["PT2H", "P2D", "P3D"])).toEqual(["PT2H", "P2D"]);
    expect([defaultDuration(limits.durations), defaultDuration(["P1D", "PT1H"]), defaultDuration(["3d"])]).toEqual(["1h", "PT1H", "3d"]);
  });

  it("packs the buy buttons within Telegram's 64 bytes and reads them back", () => {
    const intent = "123e4567-e89b-12d3-a456-426614174000";
    const longest = [
      BuyStep.address.pack({ address: ADDRESS }),
      BuyStep.volume.pack({ volume: 2n ** 63n - 1n }),
      ...CHANGEABLE_STEPS.map((step) => BuyCard.changeStep.pack({ intent, step })),
      BuyCard.again.pack({ intent }),
      SharedButtons.buyPreset.pack({ address: ADDRESS, volume: 131_000n, duration: "x".repeat(MAX_PRESET_DURATION_CHARS) }),
      SharedButtons.buyAgain.pack({ order: intent }),
      SharedButtons.openOrder.pack({ id: intent }),
    ];
    for (const data of longest) expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(BuyStep.volume.unpack(BuyStep.volume.pack({ volume: 9_007_199_254_740_993n }))).toEqual({ volume: 9_007_199_254_740_993n });
    expect(BuyCard.changeStep.unpack(`buy.step:${intent}:volume`)).toEqual({ intent, step: "volume" });
    expect(BuyCard.confirm.unpack(`buy.ok:${intent}:x`)).toBeUndefined();
  });
});
