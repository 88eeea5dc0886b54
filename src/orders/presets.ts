/**
 * The volumes offered as buttons wherever the bot sells energy (the buy flow, the check card, the
 * bare-address card): USDT-transfer presets — one and two transfers to an address that holds USDT,
 * one to an address that does not — crossed with the most common durations of /orders/options,
 * each priced from GET /orders/preview. Also the default duration of `/buy <address> <n>` and the
 * price the runway is counted in. Pure except `pricePresets`, which is handed the quoting call.
 */
import type { ResourceOptions } from "../marketplace/index.js";
import { durationSeconds } from "../tron/duration.js";
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../tron/usdt.js";
import { volumePresets } from "./request.js";

export interface TransferPreset {
  /** To an address that already holds USDT, or to one that does not (a new holder). */
  holder: "holder" | "new_holder";
  transfers: number;
  volume: bigint;
  /** Bandwidth for `transfers` transfers (absent: energy for USDT transfers). */
  resource?: "bandwidth";
}

export const TRANSFER_PRESETS: readonly TransferPreset[] = [
  { holder: "holder", transfers: 1, volume: ENERGY_PER_USDT_TRANSFER },
  { holder: "holder", transfers: 2, volume: 2n * ENERGY_PER_USDT_TRANSFER },
  { holder: "new_holder", transfers: 1, volume: ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER },
];

/** The preset the runway is counted in: one transfer to a holder. */
export const ONE_TRANSFER = TRANSFER_PRESETS[0]!;

/** Energy for `transfers` USDT transfers to an address that holds USDT. */
export function transfersVolume(transfers: bigint): bigint {
  return transfers * ENERGY_PER_USDT_TRANSFER;
}

/** 1 hour and 1 day: what people buy most (the 1-hour one first: it is the default). */
const COMMON_SECONDS = [3_600, 86_400];
/**
 * A duration an address card's preset button can carry in its callback data: a codec `word`, short
 * enough that `buy.pre:<address>:<volume>:<duration>` stays within Telegram's 64 bytes.
 */
export const MAX_PRESET_DURATION_CHARS = 12;
const BUTTON_SAFE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_PRESET_DURATION_CHARS}}$`);

/**
 * By the options' durations list: an address card asks for its presets each time, from the order
 * options the client keeps for a minute, so the same list comes back on card after card.
 */
const commonOf = new WeakMap<readonly string[], readonly string[]>();

/** The offered durations lasting 1 hour and 1 day; the first two offered when neither is. */
export function commonDurations(durations: readonly string[]): readonly string[] {
  let common = commonOf.get(durations);
  if (!common) {
    const safe = durations.filter((d) => BUTTON_SAFE.test(d));
    const found = COMMON_SECONDS.flatMap((s) => safe.filter((d) => durationSeconds(d) === s).slice(0, 1));
    common = found.length > 0 ? found : safe.slice(0, 2);
    commonOf.set(durations, common);
  }
  return common;
}

/** What `/buy <address> <n>` buys for, and the runway's price: the 1-hour duration (or the first common one). */
export function defaultDuration(durations: readonly string[]): string | undefined {
  return commonDurations(durations)[0] ?? durations[0];
}

export interface PresetChoice {
  preset: TransferPreset;
  duration: string;
  /** Index of `duration` in the options' durations (for buttons that carry an index). */
  durationIndex: number;
}

/** The presets within the resource's limits, each with each common duration (preset by preset). */
export function presetChoices(limits: Pick<ResourceOptions, "durations" | "minVolume" | "maxVolume">): PresetChoice[] {
  const durations = commonDurations(limits.durations);
  return TRANSFER_PRESETS.filter((p) => p.volume >= limits.minVolume && p.volume <= limits.maxVolume).flatMap((preset) =>
    durations.map((duration) => ({ preset, duration, durationIndex: limits.durations.indexOf(duration) })),
  );
}

/** Bandwidth presets: what 1, 3 or 5 transfers use (the options' unit each), within the limits, with each common duration. */
export function bandwidthPresetChoices(limits: Pick<ResourceOptions, "durations" | "minVolume" | "maxVolume" | "unit">): PresetChoice[] {
  const durations = commonDurations(limits.durations);
  const presets = volumePresets("bandwidth", { ...limits, resource: "bandwidth" })
    .slice(0, 3)
    .map((p): TransferPreset => ({ holder: "holder", transfers: p.kind === "transfers" ? Number(p.transfers) : 0, volume: p.volume, resource: "bandwidth" }));
  return presets.flatMap((preset) => durations.map((duration) => ({ preset, duration, durationIndex: limits.durations.indexOf(duration) })));
}

export interface PricedChoice extends PresetChoice {
  /** What the order would take from the balance (price and activation), in SUN; absent when the price could not be had. */
  totalSun?: bigint;
}

/** Prices every choice at once; a choice whose price failed is returned without one (never blocks the rest). */
export async function pricePresets(choices: readonly PresetChoice[], quote: (volume: bigint, duration: string) => Promise<bigint>): Promise<PricedChoice[]> {
  const settled = await Promise.allSettled(choices.map((c) => quote(c.preset.volume, c.duration)));
  return choices.map((choice, i) => {
    const result = settled[i]!;
    return result.status === "fulfilled" ? { ...choice, totalSun: result.value } : choice;
  });
}
