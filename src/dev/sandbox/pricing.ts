/** Options, limits and prices of the simulated marketplace. Money in SUN (bigint). */
import { durationSeconds } from "../../tron/duration.js";
import { DAY_MS } from "./clock.js";

export type Resource = "energy" | "bandwidth";
export const RESOURCES: readonly Resource[] = ["energy", "bandwidth"];

export interface ResourceOptions {
  durations: readonly string[];
  unit: bigint;
  minVolume: bigint;
  maxVolume: bigint;
}

export const ORDER_OPTIONS: Record<Resource, ResourceOptions> = {
  energy: { durations: ["1h", "1d", "3d", "7d", "14d", "30d"], unit: 65_000n, minVolume: 32_000n, maxVolume: 5_000_000n },
  bandwidth: { durations: ["1h", "1d"], unit: 345n, minVolume: 1_000n, maxVolume: 1_000_000n },
};

export const AUTOMATION_OPTIONS = {
  durations: ORDER_OPTIONS.energy.durations,
  energyUnit: ORDER_OPTIONS.energy.unit,
  minVolume: 32_000n,
  maxVolume: 5_000_000n,
  renewalMinVolume: 65_000n,
  renewalMaxVolume: 5_000_000n,
} as const;

export const ACTIVATION_SUN = 1_100_000n;
export const BURN_SUN_PER_ENERGY = 100n;
export const COMMISSION_PERCENT = 10n;
export const SMART_VOLUME = 131_000n;
export const SMART_DURATION = "1h";
export const RENEWAL_DURATION = "1d";

/** Standard price in SUN per unit for the whole duration: longer is cheaper per day, dearer in total. */
const SUN_PER_UNIT: Record<Resource, Record<string, bigint>> = {
  energy: { "1h": 60n, "1d": 75n, "3d": 200n, "7d": 420n, "14d": 770n, "30d": 1_500n },
  bandwidth: { "1h": 300n, "1d": 600n },
};

/** Where order prices stand against the standard ones, in percent (one per sandbox). */
export interface Market {
  percent: bigint;
}

export interface Quote {
  baseSun: bigint;
  commissionSun: bigint;
  /** The caller's price: base plus commission. */
  priceSun: bigint;
}

/**
 * `duration` must be one of the resource's durations (validated by the caller). `percent`: where the
 * market stands against the standard price (100: standard; the control moves it to test price alerts).
 */
export function quote(resource: Resource, volume: bigint, duration: string, percent = 100n): Quote {
  const perUnit = SUN_PER_UNIT[resource][duration];
  if (perUnit === undefined) throw new RangeError(`no price for ${resource} ${duration}`);
  const baseSun = (volume * perUnit * percent) / 100n;
  const commissionSun = (baseSun * COMMISSION_PERCENT + 99n) / 100n;
  return { baseSun, commissionSun, priceSun: baseSun + commissionSun };
}

/** What burning TRX would cost for the same energy: energy recovers daily, so one burn per day covered. */
export function burnCostSun(resource: Resource, volume: bigint, duration: string): bigint {
  if (resource !== "energy") return 0n;
  const days = BigInt(Math.max(1, Math.ceil(durationMs(duration) / DAY_MS)));
  return volume * BURN_SUN_PER_ENERGY * days;
}

/** Whole percent saved against burning, never negative; "0" when there is nothing to compare. */
export function savingsPercent(burnSun: bigint, priceSun: bigint): string {
  if (burnSun <= 0n || priceSun >= burnSun) return "0";
  return (((burnSun - priceSun) * 100n) / burnSun).toString();
}

/** Default volume when omitted: one transaction's worth, at least the minimum. */
export function defaultVolume(options: { unit: bigint; minVolume: bigint }): bigint {
  return options.unit > options.minVolume ? options.unit : options.minVolume;
}

export function durationMs(duration: string): number {
  const seconds = durationSeconds(duration);
  if (seconds === undefined) throw new RangeError(`unknown duration ${duration}`);
  return seconds * 1000;
}
