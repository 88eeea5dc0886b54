/**
 * The shared steps (bot/flow/steps.ts) read an answer the same way in every flow that asks them
 * (/buy, /batch, /schedule, the rules): what is taken, and what is answered with a reason and asked
 * again. The loop that runs them is covered end to end (buy, automation, schedule … e2e files).
 */
import { describe, expect, it } from "vitest";
import { createFormatter } from "../../src/format/formatter.js";
import type { Parsed, Step } from "../../src/bot/flow/step.js";
import { addressStep, durationStep, trxOrOffStep, trxStep, volumeStep } from "../../src/bot/flow/steps.js";

const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9";
const ctx = {} as never;

async function typed<T>(step: Pick<Step<T>, "text">, text: string): Promise<Parsed<T>> {
  return step.text!(text, ctx);
}
async function tapped<T>(step: Pick<Step<T>, "tap">, data: string): Promise<Parsed<T>> {
  return step.tap!(data, ctx);
}

describe("the shared steps", () => {
  it("address: a typed address, a saved name or a button is taken; anything else is said back, cut and escaped", async () => {
    const step = addressStep({
      question: "Which address?",
      saved: [{ address: OTHER, label: "Wallet" }],
      fromTap: (data) => (data === "pick" ? ADDRESS : data === "bad" ? "Tnope" : undefined),
      invalid: (text) => `not an address: ${text}`,
    });
    expect(await typed(step, ADDRESS)).toEqual({ value: ADDRESS });
    expect(await typed(step, "wallet")).toEqual({ value: OTHER });
    expect(await tapped(step, "pick")).toEqual({ value: ADDRESS });
    expect(await typed(step, ADDRESS.slice(0, -1))).toEqual({ reason: `not an address: ${ADDRESS.slice(0, -1)}` });
    expect(await typed(step, "<b>x</b>")).toEqual({ reason: "not an address: &lt;b&gt;x&lt;/b&gt;" });
    expect(await typed(step, "x".repeat(100))).toEqual({ reason: `not an address: ${"x".repeat(64)}…` });
    expect(await tapped(step, "bad")).toEqual({ reason: "not an address: Tnope" });
    expect(await tapped(step, "gone")).toEqual({ reason: "not an address: " });
  });

  it("volume: within the range as people type it, a preset, or a priced preset with its duration; unreadable and out of range each have their reason", async () => {
    const step = volumeStep({
      question: "How much?",
      range: { minVolume: 32_000n, maxVolume: 5_000_000n },
      fromTap: (data) => (data === "p" ? { volume: 65_000n, duration: "1h" } : data === "v" ? { volume: 131_000n } : data === "big" ? { volume: 9_000_000n } : undefined),
      unreadable: (text) => `unreadable: ${text}`,
      outOfRange: (volume) => `out of range: ${volume}`,
    });
    expect(await typed(step, "65k")).toEqual({ value: { volume: 65_000n } });
    expect(await typed(step, "131 000")).toEqual({ value: { volume: 131_000n } });
    expect(await tapped(step, "v")).toEqual({ value: { volume: 131_000n } });
    expect(await tapped(step, "p")).toEqual({ value: { volume: 65_000n, duration: "1h" } });
    expect(await typed(step, "lots")).toEqual({ reason: "unreadable: lots" });
    expect(await typed(step, "1000")).toEqual({ reason: "out of range: 1000" });
    expect(await typed(step, "-5")).toEqual({ reason: "out of range: -5" });
    expect(await tapped(step, "big")).toEqual({ reason: "out of range: 9000000" });
    expect(await tapped(step, "gone")).toEqual({ reason: "unreadable: " });
  });

  it("duration: a button by its index, typed only where the flow takes it; three buttons to a row, the previous one marked", async () => {
    const fmt = createFormatter("en");
    const t = (key: string) => (key === "conversation-use-buttons" ? "use the buttons" : key);
    const asked = {
      question: "How long?",
      durations: ["1h", "1d", "3d", "7d"],
      previous: "1d",
      buttons: /^d:\d+$/,
      pack: (index: number) => `d:${index}`,
      fromTap: (data: string) => Number(data.slice(2)),
      t,
      fmt,
    };
    const buttonsOnly = durationStep(asked);
    expect(buttonsOnly.text).toBeUndefined();
    expect(await tapped(buttonsOnly, "d:2")).toEqual({ value: "3d" });
    expect(await tapped(buttonsOnly, "d:9")).toEqual({ reason: "use the buttons" });
    const rows = buttonsOnly.keyboard!.inline_keyboard.map((row) => row.map((b) => ("callback_data" in b ? b.callback_data : "")));
    expect(rows).toEqual([["d:0", "d:1", "d:2"], ["d:3"]]);
    expect(buttonsOnly.keyboard!.inline_keyboard[0]![1]!.text).toContain("✓");
    expect(buttonsOnly.keyboard!.inline_keyboard[0]![0]!.text).not.toContain("✓");

    const typedToo = durationStep({ ...asked, typed: true, invalid: () => "1h, 1d, 3d or 7d" });
    expect(await typed(typedToo, "1d")).toEqual({ value: "1d" });
    expect(await typed(typedToo, "a fortnight")).toEqual({ reason: "1h, 1d, 3d or 7d" });
  });

  it("TRX or off: an amount, the off words or the off button; 0.0 is neither", async () => {
    const base = { buttons: /^off$/, fromTap: () => null, offWord: "выкл", bad: "bad amount", maxSun: 1_000_000_000n };
    const step = trxOrOffStep(base);
    expect(await typed(step, "12.5")).toEqual({ value: 12_500_000n });
    for (const off of ["off", "0", "Выкл"]) expect(await typed(step, off)).toEqual({ value: null });
    expect(await tapped(step, "off")).toEqual({ value: null });
    expect(await typed(step, "twelve")).toEqual({ reason: "bad amount" });
    expect(await typed(step, "5000")).toEqual({ reason: "bad amount" });
    expect(await typed(step, "0.0")).toEqual({ reason: "bad amount" });

    const price = trxStep({ bad: "bad price", maxSun: 1_000_000_000n });
    expect(price.tap).toBeUndefined();
    expect(await typed(price, "3")).toEqual({ value: 3_000_000n });
    expect(await typed(price, "off")).toEqual({ reason: "bad price" });
  });
});
