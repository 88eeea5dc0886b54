import type { Context, LazySessionFlavor } from "grammy";
import type { Conversation, ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Logger } from "../logger.js";
import type { Store } from "../store/index.js";
import type { Marketplace } from "../marketplace/index.js";
import type { Locale } from "../config.js";
import type { Formatter } from "../format/formatter.js";
import type { SignatureScheme } from "../events/signatures.js";

/** Everything the bot needs from outside, passed in (never imported as a global). */
export interface BotDeps {
  store: Store;
  marketplace: Marketplace;
  logger: Logger;
  now: () => number;
  defaultLocale: Locale;
  /** Base URL where the marketplace can reach this bot's HTTP server (receiver URLs). */
  publicUrl?: string;
  /** /webhook: the signature scheme the receiver checks (secret shape), and how long to wait for a test ping (default 20 s). */
  webhooks?: { scheme: SignatureScheme; pingWaitMs?: number };
}

/**
 * Per-chat session, loaded lazily (`await ctx.session`): most updates never need it, so they never
 * touch its storage. Kept small: durable state lives in the store's tables, and a card's subject
 * travels in its buttons. Nothing uses it at the moment; the plugin stays installed for what will.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionData {}

export interface DepsFlavor {
  deps: BotDeps;
  /** Formats amounts, volumes, durations and dates in the user's locale. */
  fmt: Formatter;
}

/** The context inside conversations (built fresh by conversations v2: no session, no ConversationFlavor). */
export type ConversationContext = Context & I18nFlavor & DepsFlavor;

/** The context of ordinary middleware. */
export type BotContext = ConversationFlavor<Context & LazySessionFlavor<SessionData> & I18nFlavor & DepsFlavor>;

export type BotConversation = Conversation<BotContext, ConversationContext>;
