/**
 * Runway: how far the TRX balance goes. In USDT transfers at the current 1-hour price of the
 * 1-transfer preset, and, for the active rules, in days at what they cost a day (see `rules`).
 * Shown on the balance card and in the low-balance alert; each part is left out when it cannot be
 * had (no price, no active rule, no firing lately), never failing what it is shown on.
 */
import type { MarketplaceClient } from "../marketplace/index.js";
import type { TextLocale } from "../format/formatter.js";
import { ruleKind, ruleStatusKind } from "../marketplace/normalise.js";
import { loadFiringPrice } from "../rules/pricing.js";
import { trxToSun } from "../tron/amounts.js";
import { defaultDuration, ONE_TRANSFER } from "./presets.js";
import type { PriceCache } from "./price-cache.js";
import { resourceOptions } from "./request.js";

export interface Runway {
  /** Transfers the balance covers, and the price of one (SUN). */
  transfers?: { count: bigint; priceSun: bigint };
  /** The active rules' cost per day (SUN), and the days the balance lasts at it. */
  rules?: { dailySun: bigint; days: bigint };
}

const DAY_MS = 86_400_000;
/** "Recent": the firings of the last 7 days (at most), spread over the days the rules existed in them. */
export const RATE_WINDOW_DAYS = 7;

async function transfers(client: MarketplaceClient, keyId: number, prices: PriceCache, balance: Promise<bigint>): Promise<Runway["transfers"]> {
  const limits = resourceOptions(await client.orderOptions(), "energy");
  const duration = limits && defaultDuration(limits.durations);
  if (!duration) return undefined;
  const priceSun = await prices.total(keyId, { resource: "energy", volume: ONE_TRANSFER.volume, duration }, client);
  if (priceSun <= 0n) return undefined;
  const balanceSun = await balance;
  return { count: balanceSun > 0n ? balanceSun / priceSun : 0n, priceSun };
}

/**
 * What the active rules cost a day: what they spent over the days they existed in the last week
 * (a rule made yesterday is not averaged over seven days), or what they are known to cost (a
 * renewal fires once a day: its latest price, else the preview's), whichever is higher.
 */
async function rules(client: MarketplaceClient, balance: Promise<bigint>, now: number): Promise<Runway["rules"]> {
  const active = (await client.listRules()).filter((r) => ruleStatusKind(r.status) === "active");
  if (active.length === 0) return undefined;
  const oldest = Math.min(...active.map((r) => Date.parse(r.createdAt)).filter((t) => !Number.isNaN(t)), now);
  const since = Math.max(now - RATE_WINDOW_DAYS * DAY_MS, oldest);
  const days = BigInt(Math.max(1, Math.ceil((now - since) / DAY_MS)));
  const fires = await Promise.all(active.map((r) => client.ruleFires(r.id)));
  const spentSun = fires.flat().reduce((sum, f) => (Date.parse(f.createdAt) >= since ? sum + trxToSun(f.priceTrx) : sum), 0n);
  const knownSun = (
    await Promise.all(
      active.map((rule, i) => {
        if (ruleKind(rule.type) !== "renewal") return Promise.resolve(0n);
        const latest = fires[i]![0];
        return latest ? Promise.resolve(trxToSun(latest.priceTrx)) : loadFiringPrice(client, { kind: "renewal", volume: rule.volume }).catch(() => 0n);
      }),
    )
  ).reduce((sum, price) => sum + price, 0n);
  const observedSun = spentSun / days;
  const dailySun = observedSun > knownSun ? observedSun : knownSun;
  if (dailySun <= 0n) return undefined;
  const balanceSun = await balance;
  return { dailySun, days: balanceSun > 0n ? balanceSun / dailySun : 0n };
}

/**
 * Both parts, asked at once; a part whose calls fail is left out. The balance may still be on its
 * way (the balance card asks for it at the same time): the prices and the spend do not depend on
 * it, so the card waits for the slowest call, not for the sum of them.
 */
export async function readRunway(input: { client: MarketplaceClient; keyId: number; prices: PriceCache; balanceSun: bigint | Promise<bigint>; now: number }): Promise<Runway> {
  const balance = Promise.resolve(input.balanceSun);
  // a part that ends before it needs the balance leaves a failed balance unread: it is the caller's to report
  balance.catch(() => undefined);
  const [t, r] = await Promise.allSettled([transfers(input.client, input.keyId, input.prices, balance), rules(input.client, balance, input.now)]);
  const runway: Runway = {};
  if (t.status === "fulfilled" && t.value) runway.transfers = t.value;
  if (r.status === "fulfilled" && r.value) runway.rules = r.value;
  return runway;
}

/** The runway's lines (none when nothing could be had); for the balance card and the low-balance alert alike. */
export function runwayLines(runway: Runway, { t, fmt }: TextLocale): string[] {
  const lines: string[] = [];
  if (runway.transfers) {
    const { count, priceSun } = runway.transfers;
    lines.push(t("runway-transfers", { count: Number(count), countText: fmt.integer(count), price: fmt.trx(priceSun) }));
  }
  if (runway.rules) {
    const { dailySun, days } = runway.rules;
    lines.push(t("runway-rules", { days: Number(days), daysText: fmt.integer(days), daily: fmt.trx(dailySun, { about: true }) }));
  }
  return lines;
}
