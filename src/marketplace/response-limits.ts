/**
 * How much of an answer the client reads, per endpoint: what the spec lets that answer hold, with a
 * wide margin for fields it does not list. One answer far beyond that (a page of 20,000 orders where
 * the spec allows 100) is not read on: parsing and checking it would take seconds of the one thread
 * every chat shares. The call fails with a MarketplaceError of kind `too_large` instead.
 *
 * For scale: an order or a rule is about 350 bytes as the marketplace sends it.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

export const RESPONSE_LIMITS = {
  /**
   * One resource or a fixed-size summary: an order, a rule, a cost preview, the statistics (two
   * 14-day series), the options, the balance, the deposit address, an address check, an error body.
   */
  single: 64 * KiB,
  /** GET /orders: at most 100 orders a page (the spec's pageSize maximum), about 35 KB. */
  orderPage: 256 * KiB,
  /** GET /automations/{id}/fires: up to 50 firings. */
  ruleFires: 64 * KiB,
  /** GET /automations: all of the caller's rules; the spec sets no maximum (1 MiB is about 3,000 rules). */
  ruleList: 1 * MiB,
  /**
   * GET /blog/posts/{slug}: one post, its whole text inside as a JSON document (a long article is
   * 100-200 KB of it; the bot pages a post of 100 KB of text in one message).
   */
  blogPost: 1 * MiB,
} as const;
