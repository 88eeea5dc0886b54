/**
 * Preview prices, cached briefly per key: a card with six preset buttons, opened again a moment
 * later, asks the marketplace nothing new. Keyed by what decides the price — the key (so the user),
 * resource, volume, duration and target (activation) — never by the key's secret. A failed call is
 * not cached.
 */
import { TtlCache } from "../marketplace/cache.js";
import type { MarketplaceClient } from "../marketplace/index.js";
import { trxToSun } from "../tron/amounts.js";

export interface PriceQuery {
  resource: string;
  volume: bigint;
  duration: string;
  target?: string;
}

/** Long enough to cover one card and its neighbours, short enough that a shown price is today's. */
export const PRICE_TTL_MS = 60_000;
/**
 * A card prices six presets: room for about 3,000 cards per process within the prices' minute, so a
 * busy replica's cards are not pushed out before they are opened again. An entry is a few hundred
 * bytes (about 5 MB full).
 */
const PRICES_KEPT = 20_000;

export function createPriceCache(now: () => number, ttlMs = PRICE_TTL_MS) {
  const cache = new TtlCache<bigint>(ttlMs, now, PRICES_KEPT);
  return {
    /** What the order would take from the balance (price plus activation), in SUN. */
    total(keyId: number, query: PriceQuery, client: MarketplaceClient): Promise<bigint> {
      const key = [keyId, query.resource, query.volume, query.duration, query.target ?? ""].join("|");
      return cache.get(key, async () => {
        const preview = await client.previewOrder({ resource: query.resource, volume: query.volume, days: query.duration, ...(query.target ? { target: query.target } : {}) });
        return trxToSun(preview.priceTrx) + trxToSun(preview.activationTrx);
      });
    },
  };
}

export type PriceCache = ReturnType<typeof createPriceCache>;
