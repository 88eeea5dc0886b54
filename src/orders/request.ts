/**
 * What a buyer asks for, read and checked without side effects: the resource word, a volume within
 * the limits of /orders/options, a duration the options allow, the presets offered as buttons, and
 * the words of the one-line forms `/buy <address> <transfers>` and `/buy energy <address> <volume> <duration>`.
 */
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../tron/usdt.js";
import type { OrderOptions, ResourceOptions } from "../marketplace/index.js";
import { isTronAddress, looksLikeAddressAttempt } from "../tron/address.js";
import { leadingNamedAddress, type NamedAddress } from "../tron/address-names.js";
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
  // "-5" is a number, just not one that can be bought: answered with the range, not "could not read"
  const negative = typeof input === "string" && /^\s*[-−]/.test(input);
  const magnitude = typeof input === "bigint" ? input : parseVolumeInput(negative ? input.trim().slice(1) : input);
  if (magnitude === undefined) return { ok: false, reason: "unreadable" };
  const volume = negative ? -magnitude : magnitude;
  if (volume < limits.minVolume || volume > limits.maxVolume || volume <= 0n) return { ok: false, reason: "out_of_range", volume };
  return { ok: true, volume };
}

/** Unit words people type after a number ("1 day", "2 hours", "30 min"), as the wire's short units. */
const TYPED_UNITS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:d|days?)$/i, "d"],
  [/^(?:h|hrs?|hours?)$/i, "h"],
  [/^(?:m|mins?|minutes?)$/i, "m"],
];

/**
 * The allowed duration the user meant: the exact value, the same value in another case, one that
 * lasts as long (`24h` or `1 day` for `1d`), or one whose name as the chat shows it (`shownAs`, the
 * button's words in the user's language) was typed. Undefined when none fits.
 */
export function matchDuration(input: string, durations: readonly string[], shownAs?: (duration: string) => string): string | undefined {
  const text = input.trim();
  const exact = durations.find((d) => d === text) ?? durations.find((d) => d.toLowerCase() === text.toLowerCase());
  if (exact !== undefined) return exact;
  const worded = /^(\d+)\s*([a-z]+)$/i.exec(text);
  const unit = worded ? TYPED_UNITS.find(([pattern]) => pattern.test(worded[2]!))?.[1] : undefined;
  const seconds = durationSeconds(worded && unit ? `${worded[1]}${unit}` : text);
  const lasting = seconds === undefined ? undefined : durations.find((d) => durationSeconds(d) === seconds);
  if (lasting !== undefined || !shownAs) return lasting;
  return durations.find((d) => shownAs(d).toLowerCase() === text.toLowerCase());
}

/** Amounts as people type them, per resource: the examples the volume step and its errors give. */
const TYPED_EXAMPLES: Record<Resource, readonly string[]> = {
  energy: ["65000", "65k", "131 000", "0.5m"],
  bandwidth: ["1000", "3450", "5k", "10k", "100k"],
};

/** Up to four typed examples that are within the limits (the minimum when none is). */
export function typedVolumeExamples(resource: Resource, limits: Pick<ResourceOptions, "minVolume" | "maxVolume">): string[] {
  const fitting = TYPED_EXAMPLES[resource].filter((text) => checkVolume(text, limits).ok).slice(0, 4);
  return fitting.length > 0 ? fitting : [limits.minVolume.toString()];
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
  /** The address is wrong; what came after it is kept (still unchecked) so only the address is asked again. */
  | { kind: "bad_address"; text: string; resource: Resource; amountText?: string; volumeText?: string; durationText?: string }
  | { kind: "partial"; given: BuyAnswers; volumeText?: string }
  /** `/buy <address> [<amount> [<duration>]]`: energy for n USDT transfers or a volume (parseAmount; still unchecked). */
  | { kind: "transfers"; address: string; amountText?: string; durationText?: string }
  | { kind: "full"; resource: Resource; address: string; volumeText: string; durationText: string };

/**
 * `saved`: the user's named addresses; a name (quoted, or the longest run of words that is one) stands
 * for its address where the address goes: `/buy Main wallet 2`, `/buy energy "Биржа" 65k 1h`.
 */
export function parseBuyArgs(text: string, saved: readonly NamedAddress[] = []): BuyArgs {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: "empty" };
  const resourceWord = parseResource(words[0]);
  if (!looksLikeAddressAttempt(words[0]!)) {
    const named = leadingNamedAddress(saved, resourceWord ? words.slice(1).join(" ") : text);
    if (named) return parseBuyArgs([...(resourceWord ? [resourceWord] : []), named.address, named.rest].join(" "));
  }
  // a T and 25 to 40 base58 characters was meant as an address (one character short is not a product)
  if (looksLikeAddressAttempt(words[0]!)) {
    // an amount written in groups of three ("131 000") is one amount, not a count and a duration
    let end = 2;
    while (end < words.length && /^\d{3}$/.test(words[end]!) && /^\d{1,3}$/.test(words[end - 1]!)) end++;
    const rest = { amountText: words.slice(1, end).join(" ") || undefined, durationText: words.slice(end).join(" ") || undefined };
    if (!isTronAddress(words[0]!)) return { kind: "bad_address", text: words[0]!, resource: "energy", ...rest };
    return { kind: "transfers", address: words[0], ...rest };
  }
  const resource = resourceWord;
  if (!resource) return { kind: "bad_resource", word: words[0]! };
  if (words.length === 1) return { kind: "partial", given: { resource } };
  const address = words[1]!;
  // The volume may be typed with spaces ("131 000"): everything between the address and the last word.
  const rest = words.length === 3 ? { volumeText: words[2]! } : words.length > 3 ? { volumeText: words.slice(2, -1).join(" "), durationText: words.at(-1)! } : {};
  if (!isTronAddress(address)) return { kind: "bad_address", text: address, resource, ...rest };
  if (words.length === 2) return { kind: "partial", given: { resource, address } };
  if (words.length === 3) return { kind: "partial", given: { resource, address }, volumeText: words[2]! };
  return { kind: "full", resource, address, volumeText: rest.volumeText!, durationText: rest.durationText! };
}

/** What follows `/buy <address>`: a count of USDT transfers or an energy volume. */
export type BuyAmount = { kind: "transfers"; count: bigint } | { kind: "volume"; volume: bigint };

/** Counts above this are volumes: a thousand transfers would be 65 million energy, far above any order. */
const MAX_TRANSFER_COUNT = 999n;

/** `3`, `x3` → 3 transfers; `65k`, `131 000`, `65000` → that volume; undefined when it is neither. */
export function parseAmount(text: string): BuyAmount | undefined {
  const count = parseTransferCount(text);
  if (count !== undefined && count <= MAX_TRANSFER_COUNT) return { kind: "transfers", count };
  const volume = parseVolumeInput(text);
  return volume === undefined ? undefined : { kind: "volume", volume };
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
