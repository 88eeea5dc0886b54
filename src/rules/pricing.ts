/**
 * What one firing of a rule costs, and how far the balance is from covering it. The spec's
 * firing preview knows two types, refill and smart; a renewal renews its volume for a day, so it is
 * priced as a refill of the same volume for one day (the options' own spelling of a day when
 * there is one, else "1d").
 */
import type { MarketplaceClient, PreviewFiringQuery, RuleKind } from "../marketplace/index.js";
import { trxToSun } from "../tron/amounts.js";
import { parseDuration } from "../tron/duration.js";

export interface FiringSpec {
  kind: RuleKind;
  volume?: bigint | null;
  duration?: string | null;
}

/** The options' duration that means one day ("1d", "P1D", "86400", …), else "1d". */
export function oneDayDuration(durations: readonly string[]): string {
  return durations.find((d) => {
    const parts = parseDuration(d);
    return parts?.unit === "day" && parts.count === 1;
  }) ?? "1d";
}

export function firingQuery(spec: FiringSpec, durations: readonly string[]): PreviewFiringQuery {
  if (spec.kind === "smart") return { type: "smart" };
  const volume = spec.volume ?? undefined;
  if (spec.kind === "renewal") return { type: "refill", volume, duration: oneDayDuration(durations) };
  return { type: "refill", volume, duration: spec.duration ?? undefined };
}

export interface Shortfall {
  priceSun: bigint;
  balanceSun: bigint;
  /** What is missing for one firing; 0 when the balance covers it. */
  missingSun: bigint;
}

export function shortfallOf(priceSun: bigint, balanceSun: bigint): Shortfall {
  const missingSun = priceSun > balanceSun ? priceSun - balanceSun : 0n;
  return { priceSun, balanceSun, missingSun };
}

/** One firing's price (SUN), from the firing preview. */
export async function loadFiringPrice(client: MarketplaceClient, spec: FiringSpec): Promise<bigint> {
  const durations = spec.kind === "renewal" ? (await client.ruleOptions()).durations : [];
  return trxToSun((await client.previewFiring(firingQuery(spec, durations))).priceTrx);
}

/** One firing's price (from the preview) against the current TRX balance. */
export async function loadShortfall(client: MarketplaceClient, spec: FiringSpec): Promise<Shortfall> {
  const [priceSun, balance] = await Promise.all([loadFiringPrice(client, spec), client.balance()]);
  return shortfallOf(priceSun, trxToSun(balance.trx));
}
