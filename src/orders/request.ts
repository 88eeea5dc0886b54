/**
 * What a buyer asks for, read and checked without side effects: the resource word, a volume within
 * the limits of /orders/options, a duration the options allow, the presets offered as buttons, and
 * the words of the one-line forms `/buy <address> <transfers>` and `/buy energy <address> <volume> <duration>`.
 */
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../tron/usdt.js";
import type { OrderOptions, ResourceOptions } from "../marketplace/index.js";
import { isTronAddress, TRON_ADDRESS_SHAPE } from "../tron/address.js";
import { durationSeconds } from "../tron/duration.js";
import { parseVolumeInput } from "../tron/volume.js";

export const RESOURCES = ["energy", "bandwidth"] as const;
export type Resource = (typeof RESOURCES)[number];

/** A complete order request (what the preview shows and POST /orders sends). */
export interface BuyRequest {
  resource: Resource;
  address: string;
  volume: bigint;
  duration: string;
}

/** The same, JSON-safe, for conversation arguments and callback round trips. */
export interface BuyAnswers {
  resource?: Resource;
  address?: string;
  /** Decimal integer string. */
  volume?: string;
  duration?: string;
}

/** A USDT transfer to an address that holds USDT needs about 64,285 energy; to a new holder about 130,285. */
const ENERGY_ROUND_VALUES = [500_000n, 1_000_000n];
const BANDWIDTH_TRANSFER_COUNTS = [1n, 3n, 5n, 10n, 30n];
const MAX_PRESETS = 4;

export function parseResource(word: string | undefined): Resource | undefined {
  const w = word?.trim().toLowerCase();
  return (RESOURCES as readonly string[]).includes(w ?? "") ? (w as Resource) : undefined;
}

export function resourceOptions(options: OrderOptions, resource: string): ResourceOptions | undefined {
  return options.resources.find((r) => r.resource.toLowerCase() === resource);
}

export type VolumeCheck =
  | { ok: true; volume: bigint }
  | { ok: false; reason: "unreadable" }
  | { ok: false; reason: "out_of_range"; volume: bigint };

/** Reads `65000`, `65k`, `131 000`, `1.5m` and checks it against minVolume..maxVolume. */
export function checkVolume(input: string | bigint, limits: Pick<ResourceOptions, "minVolume" | "maxVolume">): VolumeCheck {
  const volume = typeof input === "bigint" ? input : parseVolumeInput(input);
  if (volume === undefined) return { ok: false, reason: "unreadable" };
  if (volume < limits.minVolume || volume > limits.maxVolume || volume <= 0n) return { ok: false, reason: "out_of_range", volume };
  return { ok: true, volume };
}

/**
 * The allowed duration the user meant: the exact value, the same value in another case, or one that
 * lasts as long (`24h` for `1d`). Undefined when none fits.
 */
export function matchDuration(input: string, durations: readonly string[]): string | undefined {
  const text = input.trim();
  const exact = durations.find((d) => d === text) ?? durations.find((d) => d.toLowerCase() === text.toLowerCase());
  if (exact !== undefined) return exact;
  const seconds = durationSeconds(text);
  return seconds === undefined ? undefined : durations.find((d) => durationSeconds(d) === seconds);
}

export type VolumePreset =
  | { volume: bigint; kind: "one_transfer" | "two_transfers" | "round" }
  | { volume: bigint; kind: "transfers"; transfers: bigint };

/**
 * Buttons for the volume step, within the limits. Energy: one and two USDT transfers (65k, 131k) and
 * a couple of round values; bandwidth: multiples of the unit one transfer uses.
 */
export function volumePresets(resource: Resource, options: ResourceOptions): VolumePreset[] {
  const fits = (v: bigint) => v >= options.minVolume && v <= options.maxVolume && v > 0n;
  let presets: VolumePreset[];
  if (resource === "energy") {
    presets = [
      { volume: ENERGY_PER_USDT_TRANSFER, kind: "one_transfer" as const },
      { volume: ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER, kind: "two_transfers" as const },
      ...ENERGY_ROUND_VALUES.map((volume) => ({ volume, kind: "round" as const })),
    ].filter((p) => fits(p.volume));
  } else {
    presets = options.unit > 0n
      ? BANDWIDTH_TRANSFER_COUNTS.map((transfers) => ({ volume: options.unit * transfers, kind: "transfers" as const, transfers })).filter((p) =>
          fits(p.volume),
        )
      : [];
  }
  if (presets.length === 0 && fits(options.minVolume)) presets = [{ volume: options.minVolume, kind: "round" }];
  return presets.slice(0, MAX_PRESETS);
}

/** The words after /buy, split into the parts of the one-line form (nothing is validated against options yet). */
export type BuyArgs =
  | { kind: "empty" }
  | { kind: "bad_resource"; word: string }
  | { kind: "bad_address"; text: string; resource: Resource }
  | { kind: "partial"; given: BuyAnswers; volumeText?: string }
  /** `/buy <address> [<n> [<duration>]]`: energy for n USDT transfers (n and the duration still unchecked). */
  | { kind: "transfers"; address: string; countText?: string; durationText?: string }
  | { kind: "full"; resource: Resource; address: string; volumeText: string; durationText: string };

export function parseBuyArgs(text: string): BuyArgs {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: "empty" };
  if (TRON_ADDRESS_SHAPE.test(words[0]!)) {
    if (!isTronAddress(words[0]!)) return { kind: "bad_address", text: words[0]!, resource: "energy" };
    return { kind: "transfers", address: words[0], countText: words[1], durationText: words.slice(2).join(" ") || undefined };
  }
  const resource = parseResource(words[0]);
  if (!resource) return { kind: "bad_resource", word: words[0]! };
  if (words.length === 1) return { kind: "partial", given: { resource } };
  const address = words[1]!;
  if (!isTronAddress(address)) return { kind: "bad_address", text: address, resource };
  if (words.length === 2) return { kind: "partial", given: { resource, address } };
  if (words.length === 3) return { kind: "partial", given: { resource, address }, volumeText: words[2]! };
  // The volume may be typed with spaces ("131 000"): everything between the address and the last word.
  return { kind: "full", resource, address, volumeText: words.slice(2, -1).join(" "), durationText: words.at(-1)! };
}

/** A count of USDT transfers as typed: a whole number from 1 (`3`, `3x`, `x3`); undefined otherwise. */
export function parseTransferCount(text: string): bigint | undefined {
  const match = /^[x×]?(\d{1,6})[x×]?$/i.exec(text.trim());
  if (!match) return undefined;
  const count = BigInt(match[1]!);
  return count > 0n ? count : undefined;
}

export function answersOf(request: BuyRequest): BuyAnswers {
  return { resource: request.resource, address: request.address, volume: request.volume.toString(), duration: request.duration };
}

/** The request stored on an order intent (written from a BuyRequest, so the resource is one of ours). */
export function requestOfIntent(row: { resource: string; targetAddress: string; volume: string; duration: string }): BuyRequest {
  return { resource: row.resource as Resource, address: row.targetAddress, volume: BigInt(row.volume), duration: row.duration };
}
