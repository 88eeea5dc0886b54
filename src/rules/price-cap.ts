/**
 * A maximum price per firing on a rule (issue 32 item 1). The marketplace has no such setting, so
 * the bot checks the firing preview every minute: above the cap it pauses the rule, under it again
 * it resumes the rule when the rule's auto-resume is on. A firing between two checks can still
 * happen above the cap. What to do with one rule at one price is decided here; the watcher
 * (src/watch/price-caps.ts) asks the marketplace and tells the user.
 */
import { ruleStatusKind, type AutomationRule, type PreviewFiringQuery, type RuleKind } from "../marketplace/index.js";
import type { PriceCapRow } from "../store/price-caps.js";
import { firingQuery } from "./pricing.js";

/** The highest max price one may set (a typo's guard). */
export const MAX_CAP_SUN = 1_000_000n * 1_000_000n;

/** The energy a price is also shown for: one USDT transfer's worth. */
export const CAP_REFERENCE_ENERGY = 65_000n;

/** Rules a cap can be set on: those the firing preview prices. */
export function capAllowed(rule: Pick<AutomationRule, "type" | "status">, kind: RuleKind): boolean {
  return kind !== "unknown" && ruleStatusKind(rule.status) !== "cancelled";
}

/** The firing preview of the capped rule (renewals are priced for one day: `durations`, the options'). */
export function capQuery(cap: Pick<PriceCapRow, "kind" | "volume" | "duration">, durations: readonly string[]): PreviewFiringQuery {
  return firingQuery({ kind: cap.kind as RuleKind, volume: cap.volume === null ? null : BigInt(cap.volume), duration: cap.duration }, durations);
}

/** A price per 65,000 energy for a firing of `volume` (none for a rule without a volume). */
export function perReferenceEnergy(priceSun: bigint, volume: bigint | null): bigint | undefined {
  return volume === null || volume <= 0n ? undefined : (priceSun * CAP_REFERENCE_ENERGY) / volume;
}

export type CapStep =
  /** Above the cap and running: mark, pause, then tell. */
  | "pause"
  /** Paused above the cap (or being paused) and not told yet: tell. */
  | "tell-paused"
  /** Under the cap, paused by the bot, auto-resume on: resume, then tell. */
  | "resume"
  /** The user resumed it by hand after the pause was told: start afresh. */
  | "forget"
  | "none";

export function capStep(cap: Pick<PriceCapRow, "capSun" | "pausedAbove" | "told">, rule: Pick<AutomationRule, "status" | "autoResume">, priceSun: bigint): CapStep {
  const status = ruleStatusKind(rule.status);
  const above = priceSun > BigInt(cap.capSun);
  if (status === "active" && cap.pausedAbove && cap.told === "paused") return "forget";
  if (above) {
    if (status === "active") return "pause";
    if (status === "paused" && cap.pausedAbove && cap.told !== "paused") return "tell-paused";
    return "none";
  }
  if (status === "paused" && cap.pausedAbove && rule.autoResume) return "resume";
  if (status === "active" && cap.pausedAbove) return "forget";
  return "none";
}
