/**
 * The volume and duration steps' buttons, shared by every flow that buys (/buy, /batch): the
 * volume presets of orders/request.ts with their words ("65,000 · 1 USDT transfer"), and the
 * durations of /orders/options in words, the previous choice marked ✓. Each flow packs the buttons
 * with its own codec (`pack`), so a tap reaches only the flow that asked.
 */
import { InlineKeyboard } from "grammy";
import type { VolumePreset } from "../../orders/request.js";
import type { TextLocale } from "../../format/formatter.js";
import { markChosen } from "./chosen.js";

export function presetLabel(preset: VolumePreset, { t, fmt }: TextLocale): string {
  const volume = fmt.volume(preset.volume);
  switch (preset.kind) {
    case "one_transfer":
      return t("buy-volume-one-transfer", { volume });
    case "two_transfers":
      return t("buy-volume-two-transfers", { volume });
    case "transfers":
      return t("buy-volume-transfers", { volume, count: Number(preset.transfers) });
    default:
      return volume;
  }
}

/** Two presets to a row. */
export function volumePresetKeyboard(
  presets: readonly VolumePreset[],
  previous: bigint | undefined,
  locale: TextLocale,
  pack: (volume: bigint) => string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  presets.forEach((p, i) => {
    keyboard.text(markChosen(p.volume === previous, presetLabel(p, locale)), pack(p.volume));
    if (i % 2 === 1) keyboard.row();
  });
  return keyboard;
}

/** Three durations to a row; `pack` gets the index into `durations` (they are opaque strings). */
export function durationChoiceKeyboard(
  durations: readonly string[],
  previous: string | undefined,
  { t, fmt }: TextLocale,
  pack: (index: number) => string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  durations.forEach((d, i) => {
    keyboard.text(markChosen(d === previous, fmt.duration(d, t)), pack(i));
    if (i % 3 === 2) keyboard.row();
  });
  return keyboard;
}
