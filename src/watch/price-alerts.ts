/**
 * Price alerts (/alert): each tick (on the leader, once per tick across replicas), the price of each
 * distinct (volume, duration) the users watch, asked once (GET /orders/preview, no target, with the
 * key of a user who watches it), then each alert compared: under its price an armed alert is told
 * once (tripped by compare-and-set in the notice's transaction), and re-armed once the price is back
 * at or above it. A price that cannot be read leaves its alerts as they are until the next tick,
 * and is logged once when it starts failing and once when it reads again.
 */
import type { PriceAlertRow } from "../store/price-alerts.js";
import { trxToSun } from "../tron/amounts.js";
import { createFailureLog } from "./failure-log.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { clientForKey } from "../credentials/key-client.js";

export function createPriceAlertsWatcher(deps: WatchDeps) {
  /** The (volume, duration) pairs whose price failed on the last tick. */
  const failures = createFailureLog(deps.logger, "price alerts");

  /** The price of the group's energy (SUN), with the default key of the first user of the group who has one. */
  async function priceOf(group: PriceAlertRow[]): Promise<bigint | undefined> {
    const { store } = deps;
    for (const alert of group) {
      const key = await store.apiKeys.getDefault(alert.userId);
      if (!key) continue;
      const client = await clientForKey(deps, key);
      const preview = await client.previewOrder({ resource: "energy", volume: BigInt(alert.volume), days: alert.duration });
      return trxToSun(preview.priceTrx);
    }
    return undefined;
  }

  async function compare(alert: PriceAlertRow, priceSun: bigint): Promise<void> {
    const { store } = deps;
    const belowSun = BigInt(alert.belowSun);
    if (priceSun < belowSun && alert.armed) {
      const [address] = await store.recentAddresses.list(alert.userId, 1);
      await store.transaction(async (tx) => {
        if (!(await tx.priceAlerts.trip(alert.id, alert.trips))) return;
        const subject = { volume: BigInt(alert.volume), duration: alert.duration, belowSun };
        await deps.notifier.in(tx).priceAlert(alert.userId, alert.id, alert.trips + 1, subject, priceSun, address);
      });
    } else if (priceSun >= belowSun && !alert.armed) {
      await store.priceAlerts.rearm(alert.id);
    }
  }

  return {
    async tick(): Promise<void> {
      const groups = new Map<string, PriceAlertRow[]>();
      for (const alert of await deps.store.priceAlerts.listWatched()) {
        const pair = `${alert.volume}|${alert.duration}`;
        groups.set(pair, [...(groups.get(pair) ?? []), alert]);
      }
      await forEachLimit(
        [...groups],
        deps.concurrency,
        async ([pair, group]) => {
          const priceSun = await priceOf(group);
          failures.succeeded(pair);
          if (priceSun === undefined) return;
          for (const alert of group) await compare(alert, priceSun);
        },
        ([pair], err) => failures.failed(pair, err, "price alerts: could not read a price; the alerts wait for the next tick"),
      );
    },
  };
}
