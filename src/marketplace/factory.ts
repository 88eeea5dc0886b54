/**
 * The client factory: one keep-alive pool for the marketplace's base URL, shared by the clients of
 * every user key, plus the options caches. `forKey` is cheap; call it per request.
 */
import { TtlCache } from "./cache.js";
import { KeyedApi, PublicApi, type MarketplaceClient, type OptionsCaches, type PublicClient } from "./client.js";
import { HttpTransport, type RetryPolicy, type Timeouts, type TransportOptions } from "./http.js";
import type { AutomationOptions, BlogPost, OrderOptions } from "./schemas.js";

export interface MarketplaceOptions {
  /** Where the API lives, e.g. "https://market.example" (paths /api/v1/... are appended). */
  baseUrl: string;
  /** Defaults: connect 5 s, total 15 s per attempt. */
  timeouts?: Partial<Timeouts>;
  /** Defaults: 3 attempts, base 200 ms, cap 2 s, Math.random jitter. */
  retry?: Partial<RetryPolicy>;
  /** Clock for the options cache (ms since epoch). */
  now?: () => number;
  /** How long orderOptions/ruleOptions answers are reused per key (default 60 s; 0 disables). */
  optionsTtlMs?: number;
  /** Upper bound on open connections (default 32). */
  connections?: number;
  userAgent?: string;
  /** Told of every call once it is over (the operator's metrics). */
  observe?: TransportOptions["observe"];
}

export interface Marketplace {
  /** A client bound to one user's API key (throws RangeError if the key cannot be sent as a header). */
  forKey(apiKey: string): MarketplaceClient;
  /** The key-less endpoints (address checker, blog). */
  readonly public: PublicClient;
  /** Closes the shared pool (waits for requests in flight). */
  close(): Promise<void>;
}

export const DEFAULT_OPTIONS_TTL_MS = 60_000;
/** Blog posts change rarely; a reader paging through one should not fetch it again for each page. */
const BLOG_POST_TTL_MS = 5 * 60_000;
/** At most this many posts kept (a long post is about 100 KB). */
const BLOG_POSTS_KEPT = 50;
/**
 * Order and rule options are kept per key: room for the keys of 10,000 users active within the
 * minute, so on a busy replica every card that prices or checks limits does not ask again.
 */
const KEYS_KEPT = 10_000;

/**
 * For calls a person in the chat is waiting on: a marketplace that hangs gets a clear answer
 * within 15 s (two attempts of at most 6 s each, plus the backoff between them), instead of the
 * 45 s of the defaults that background work (the watchers) keeps.
 */
export const INTERACTIVE: Pick<MarketplaceOptions, "timeouts" | "retry"> = {
  timeouts: { connectMs: 3_000, totalMs: 6_000 },
  retry: { attempts: 2, maxDelayMs: 1_000 },
};

export function createMarketplace(options: MarketplaceOptions): Marketplace {
  const http = new HttpTransport(options);
  const now = options.now ?? Date.now;
  const ttl = options.optionsTtlMs ?? DEFAULT_OPTIONS_TTL_MS;
  const caches: OptionsCaches = {
    orderOptions: new TtlCache<OrderOptions>(ttl, now, KEYS_KEPT),
    ruleOptions: new TtlCache<AutomationOptions>(ttl, now, KEYS_KEPT),
    blogPosts: new TtlCache<BlogPost>(BLOG_POST_TTL_MS, now, BLOG_POSTS_KEPT),
  };
  const publicClient = new PublicApi(http, caches);
  return {
    forKey: (apiKey) => new KeyedApi(http, apiKey, caches, TtlCache.keyFor(apiKey)),
    public: publicClient,
    close: async () => {
      caches.orderOptions.clear();
      caches.ruleOptions.clear();
      caches.blogPosts.clear();
      await http.close();
    },
  };
}
