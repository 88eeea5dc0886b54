/**
 * The shared steps (bot/flow/steps.ts) read an answer the same way in every flow that asks them
 * (/buy, /batch, /schedule, the rules): what is taken, what is answered with a reason and asked
 * again, and how a taken answer reads. The step that picks several (bot/flow/multi-select.ts)
 * ticks and takes its options the same way for /batch and /schedule, and the one loop (runStep)
 * takes an answer, asks again with the reason, or shows the step as a tick left it. The flows
 * themselves are covered end to end (buy, automation, schedule … e2e files).
 */
import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import { createFormatter } from "../../src/format/formatter.js";
import { runStep, type Step, type Tapped } from "../../src/bot/flow/step.js";
import type { FlowMessage } from "../../src/bot/flow/flow-message.js";
import type { Reply } from "../../src/bot/flow/wait.js";
import { multiSelectStep } from "../../src/bot/flow/multi-select.js";
import { addressStep, durationStep, trxOrOffStep, trxStep, volumeStep } from "../../src/bot/flow/steps.js";

const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9";
const ctx = {} as never;

const fmt = createFormatter("en");
const locale = { t: (key: string) => key, fmt };

async function typed<T>(step: Pick<Step<T>, "text">, text: string): Promise<Tapped<T>> {
  return step.text!(text, ctx);
}
async function tapped<T>(step: Pick<Step<T>, "tap">, data: string): Promise<Tapped<T>> {
  return step.tap!(data, ctx);
}
/** The buttons' texts, row by row. */
const texts = (keyboard: InlineKeyboard | undefined) => keyboard!.inline_keyboard.map((row) => row.map((b) => b.text));

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
    // read once taken: under its saved name, if it has one
    expect(step.shown(OTHER, locale)).toBe(`Wallet · <code>${OTHER}</code>`);
    expect(step.shown(ADDRESS, locale)).toBe(`<code>${ADDRESS}</code>`);
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
    expect(step.shown({ volume: 131_000n }, locale)).toBe("<code>131,000</code>");
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
      locale: { t, fmt },
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
    // read in words, or as the flow says
    expect(buttonsOnly.shown("1d", locale)).toBe(fmt.duration("1d", t));
    expect(durationStep({ ...asked, shown: (d) => `energy for ${d}` }).shown("1d", locale)).toBe("energy for 1d");
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
    expect(price.shown(3_000_000n, locale)).toBe(`<code>${fmt.trx(3_000_000n)}</code>`);
  });
});

describe("the step that picks several", () => {
  const days = () =>
    multiSelectStep<number, string>({
      question: "Which days?",
      reason: "Line 2 is not a day.",
      options: [1, 2, 3, 0],
      keyboard: (ticked) => new InlineKeyboard().text(`${ticked.has(1) ? "✅ " : ""}Mon`, "d:1").text(`${ticked.has(0) ? "✅ " : ""}Sun`, "d:0").row().text("Done", "done"),
      buttons: /^(d:\d+|done)$/,
      toggled: (data) => (data.startsWith("d:") ? Number(data.slice(2)) : undefined),
      done: (ticked) => ticked.join(""),
      none: "Pick a day first.",
      text: (text) => (text === "weekdays" ? { value: "12345" } : { reason: "not a set" }),
    });

  it("ticks and unticks an option on each tap and shows itself again; Done takes the ticked ones in the order offered", async () => {
    const step = days();
    // the reason for an answer given earlier: above the question the first time only
    expect(step.question).toBe("Line 2 is not a day.\n\nWhich days?");
    expect(texts(step.keyboard)).toEqual([["Mon", "Sun"], ["Done"]]);
    expect(await tapped(step, "done")).toEqual({ reason: "Pick a day first." });
    const sunday = await tapped(step, "d:0");
    expect(sunday).toMatchObject({ redraw: { question: "Which days?" } });
    expect(texts((sunday as { redraw: { keyboard: InlineKeyboard } }).redraw.keyboard)).toEqual([["Mon", "✅ Sun"], ["Done"]]);
    await tapped(step, "d:1");
    await tapped(step, "d:3");
    await tapped(step, "d:3"); // ticked, then unticked
    await tapped(step, "d:9"); // no such option: nothing ticked
    expect(await tapped(step, "done")).toEqual({ value: "10" });
    expect(await typed(step, "weekdays")).toEqual({ value: "12345" });
  });

  it("runs in the one loop: a tick shows the step again, Done with nothing ticked asks again with the reason, and the answer comes with how it reads", async () => {
    const calls: string[] = [];
    const replies: Reply[] = ["done", "d:1", "d:1", "d:0", "done"].map((data) => ({ kind: "button", ctx: { locale } as never, data, match: [data] as RegExpMatchArray }));
    const flow = {
      ask: (_ctx: unknown, text: string, keyboard?: InlineKeyboard) => Promise.resolve(void calls.push(`ask ${text} | ${texts(keyboard).flat().join(" ")}`)),
      retry: (_ctx: unknown, reason: string) => Promise.resolve(void calls.push(`retry ${reason}`)),
      wait: () => Promise.resolve(replies.shift()!),
    } as unknown as FlowMessage;
    const answer = await runStep(flow, ctx, { ...days(), shown: (value: string) => `days ${value}` });
    expect(answer.value).toBe("0");
    expect(answer.shown).toBe("days 0");
    expect(calls).toEqual([
      "ask Line 2 is not a day.\n\nWhich days? | Mon Sun Done",
      "retry Pick a day first.",
      "ask Which days? | ✅ Mon Sun Done",
      "ask Which days? | Mon Sun Done",
      "ask Which days? | Mon ✅ Sun Done",
    ]);
  });
});
