/**
 * The preset buttons as the chat shows them: "1 transfer · 1 hour · 5.36 TRX", one row per preset,
 * one column per common duration (one button a row when a label would not fit half a phone's
 * width), prices to the cent like every estimate (the preview has the exact amount), priced for
 * the user's default key through the shared price cache.
 * The flow's volume step, the check card and the bare-address card all draw them from here.
 */
import { markChosen } from "./chosen.js";
import { fitsHalfRow } from "./button-width.js";
import { InlineKeyboard } from "grammy";
import type { BotDeps } from "../context.js";
import type { TextLocale } from "../../format/formatter.js";
import { bandwidthPresetChoices, presetChoices, pricePresets, type PricedChoice } from "../../orders/presets.js";
import { resourceOptions, type Resource } from "../../orders/request.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { withUserClientOr } from "../marketplace/with-user-client.js";

/**
 * The energy presets within today's limits, priced for `target` (its activation fee included).
 * Empty when the user has no key or the options cannot be read: the card then offers plain Buy.
 * `keyId`: one of the user's keys (a team desk's) instead of their default.
 */
export async function loadPresets(deps: BotDeps, userId: number, target: string | undefined, resource: Resource = "energy", keyId?: number): Promise<PricedChoice[]> {
  try {
    return await withUserClientOr(
      deps,
      userId,
      async (client, key) => {
        const limits = resourceOptions(await client.orderOptions(), resource);
        if (!limits) return [];
        const choices = resource === "energy" ? presetChoices(limits) : bandwidthPresetChoices(limits);
        return pricePresets(choices, (volume, duration) => deps.prices.total(key.id, { resource, volume, duration, target }, client));
      },
      // no key (the usual case): the card offers plain Buy
      () => [],
      keyId === undefined ? {} : { keyId },
    );
  } catch (err) {
    // the options could not be read (or the key opened): the card offers plain Buy
    deps.logger.debug({ err, userId }, "preset prices unavailable");
    return [];
  }
}

function presetLabel(choice: PricedChoice, { t, fmt }: TextLocale): string {
  const { preset } = choice;
  // bandwidth: its amount ("1,035 · 1 hour · 0.31 TRX"); energy: the USDT transfers it covers
  const what =
    preset.resource === "bandwidth" ? fmt.volume(preset.volume) : preset.holder === "holder" ? t("buy-preset-holder", { count: preset.transfers }) : t("buy-preset-new-holder");
  const duration = fmt.duration(choice.duration, t);
  return choice.totalSun === undefined
    ? t("buy-preset-button-unpriced", { what, duration })
    : t("buy-preset-button", { what, duration, price: fmt.trx(choice.totalSun, { about: true }) });
}

/** Appends the presets to `keyboard`: a row per preset, its durations side by side. */
export function addPresetRows(
  keyboard: InlineKeyboard,
  choices: readonly PricedChoice[],
  data: (choice: PricedChoice) => string,
  locale: TextLocale,
  mark: (choice: PricedChoice) => boolean = () => false,
): InlineKeyboard {
  const labelled = choices.map((choice) => ({ choice, label: markChosen(mark(choice), presetLabel(choice, locale)) }));
  // by value: choices replayed from a conversation's log are copies
  const rows = new Map<string, typeof labelled>();
  for (const item of labelled) {
    const preset = `${item.choice.preset.holder}:${item.choice.preset.transfers}`;
    rows.set(preset, [...(rows.get(preset) ?? []), item]);
  }
  for (const row of rows.values()) {
    const sideBySide = row.every((item) => fitsHalfRow(item.label));
    for (const item of row) {
      keyboard.text(item.label, data(item.choice));
      if (!sideBySide) keyboard.row();
    }
    if (sideBySide) keyboard.row();
  }
  return keyboard;
}

/** Preset buttons that go straight to a preview for `address` (the check and bare-address cards). */
export function addressPresetRows(keyboard: InlineKeyboard, address: string, choices: readonly PricedChoice[], locale: TextLocale): InlineKeyboard {
  return addPresetRows(keyboard, choices, (c) => SharedButtons.buyPreset.pack({ address, volume: c.preset.volume, duration: c.duration }), locale);
}
