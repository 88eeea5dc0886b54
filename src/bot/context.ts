import type { Context } from "grammy";
import type { Conversation, ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "./i18n.js";
import type { Logger } from "../logger.js";
import type { Store } from "../store/index.js";
import type { Marketplace } from "../marketplace/index.js";
import type { Locale } from "../config.js";
import type { Formatter } from "../format/formatter.js";
import type { PriceCache } from "../orders/price-cache.js";
import type { SignatureScheme } from "../events/signatures.js";
import type { FlowsFlavor } from "./flow/registry.js";

export interface DemoKeys {
  read: string;
  purchase: string;
  full: string;
}

/** Everything the bot needs from outside, passed in (never imported as a global). */
export interface BotDeps {
  store: Store;
  marketplace: Marketplace;
  logger: Logger;
  now: () => number;
  /** Preview prices of the preset buttons and the runway, cached briefly per key. */
  prices: PriceCache;
  defaultLocale: Locale;
  /** Base URL where the marketplace can reach this bot's HTTP server (receiver URLs). */
  publicUrl?: string;
  /**
   * On the embedded sandbox only: its demo keys, offered on the welcome of a user without a key
   * (the button carries the scope, never the key).
   */
  demoKeys?: DemoKeys;
  /**
   * /webhook: the signature scheme the receiver checks (secret shape), and how long to wait for a
   * test ping (default 20 s). `sandbox` when the marketplace is the embedded sandbox, which has no
   * dashboard: the bot creates the endpoint itself, delivering to PUBLIC_URL or, without one, to
   * this process's own HTTP server (`localUrl`, known once it listens).
   */
  webhooks?: { scheme: SignatureScheme; pingWaitMs?: number; sandbox?: { localUrl: () => string | undefined } };
  /** /announce: the operators (anyone else is answered as for an unknown command) and whether announcements go as paid broadcasts. */
  announce?: { operatorIds: ReadonlySet<number>; paidBroadcast: boolean };
  /** /balance: how long a new card waits for its runway (defaults in features/balance, RUNWAY_WAIT). */
  runwayWait?: { graceMs?: number; lateMs?: number };
}

export interface DepsFlavor {
  deps: BotDeps;
  /** Formats amounts, volumes, durations and dates in the user's locale. */
  fmt: Formatter;
}

/** The context inside conversations (built fresh by conversations v2: no session, no ConversationFlavor). */
export type ConversationContext = Context & I18nFlavor & DepsFlavor & FlowsFlavor;

/** The context of ordinary middleware. */
export type BotContext = ConversationFlavor<Context & I18nFlavor & DepsFlavor & FlowsFlavor>;

export type BotConversation = Conversation<BotContext, ConversationContext>;
