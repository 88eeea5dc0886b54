import type { Store } from "../store/index.js";
import type { Marketplace } from "../marketplace/index.js";
import type { Notifier } from "../notices/notifier.js";
import type { PriceCache } from "../orders/price-cache.js";
import type { Logger } from "../logger.js";

/** What every watcher needs. `store` is read on every use (tests swap it on restart). */
export interface WatchDeps {
  readonly store: Store;
  marketplace: Marketplace;
  readonly notifier: Notifier;
  logger: Logger;
  now: () => number;
  /** The runway in the low-balance alert is priced like the chat's preset buttons. */
  prices: PriceCache;
  /** Marketplace calls in flight at once, per watcher. */
  concurrency: number;
}
