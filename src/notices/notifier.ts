/**
 * The one way a pushed notice is made: render it in the user's locale and put it in the outbox
 * under its dedupe key. Users who turned notices off get nothing (nothing is enqueued); a user who
 * blocked the bot gets the row stored as blocked by the outbox. Synchronous, so callers can write a
 * notice in the same SQLite transaction as the event that caused it.
 */
import type { Locale } from "../config.js";
import type { Store } from "../store/index.js";
import type { AutomationRule, RuleFiring } from "../marketplace/index.js";
import type { Shortfall } from "../rules/pricing.js";
import { createFormatter } from "../format/formatter.js";
import type { Translator } from "./translations.js";
import type { EventOrder } from "../events/event-payload.js";
import {
  renderBalanceLow,
  renderOrderFailed,
  renderOrderFilled,
  renderRuleFired,
  renderRulePaused,
  renderRuleResumed,
  renderWebhookPing,
  type Notice,
  type NoticeLocale,
} from "./render.js";

export interface NotifierDeps {
  /** Read on every use (tests swap the store on restart). */
  readonly store: Store;
  translator: Translator;
  defaultLocale: Locale;
  now: () => number;
  /** Called after a notice was enqueued (wakes the sender). */
  onEnqueued?: () => void;
}

/**
 * Dedupe keys: the same event's notice has the same key whoever reports it (webhook or watcher).
 * The outbox stores each key once per chat (push adds the chat), so two people whose keys belong to
 * one marketplace account each hear of the same order.
 */
export const NoticeKeys = {
  orderFilled: (orderId: string) => `order:${orderId}:filled`,
  orderFailed: (orderId: string) => `order:${orderId}:failed`,
  rulePaused: (ruleId: string, version: string) => `rule:${ruleId}:paused:${version}`,
  ruleResumed: (ruleId: string, version: string) => `rule:${ruleId}:resumed:${version}`,
  /** A firing has no id: its time, volume and price, and its place among firings at that same time. */
  ruleFired: (ruleId: string, firing: RuleFiring, sameTimeIndex: number) =>
    `fire:${ruleId}:${firing.createdAt}:${firing.volume}:${firing.priceTrx}:${sameTimeIndex}`,
  balanceLow: (userId: number, trip: number) => `balance:${userId}:${trip}`,
  webhookPing: (endpointRowId: number, eventId: string) => `ping:${endpointRowId}:${eventId}`,
} as const;

export function createNotifier(deps: NotifierDeps) {
  const locales = new Map<string, NoticeLocale>();
  function localeFor(language: string | null): NoticeLocale {
    const locale = language ?? deps.defaultLocale;
    let l = locales.get(locale);
    if (!l) {
      l = { t: (key, vars) => deps.translator.t(locale, key, vars), fmt: createFormatter(locale) };
      locales.set(locale, l);
    }
    return l;
  }

  /** Renders and enqueues; false when the user is unknown, has notices off, or the key was used. */
  function push(userId: number, dedupeKey: string, render: (l: NoticeLocale) => Notice): boolean {
    const user = deps.store.outbox.recipient(userId);
    if (!user || !user.noticesEnabled) return false;
    const notice = render(localeFor(user.language));
    const added = deps.store.outbox.enqueue(
      { chatId: user.chatId, dedupeKey: `${dedupeKey}@${user.chatId}`, text: notice.text, replyMarkup: notice.replyMarkup },
      deps.now(),
    );
    if (added) deps.onEnqueued?.();
    return added;
  }

  return {
    orderFilled(userId: number, order: EventOrder): boolean {
      return push(userId, NoticeKeys.orderFilled(order.id), (l) => renderOrderFilled(order, l));
    },
    orderFailed(userId: number, order: EventOrder): boolean {
      return push(userId, NoticeKeys.orderFailed(order.id), (l) => renderOrderFailed(order, l));
    },
    rulePaused(userId: number, rule: AutomationRule, shortfall: Shortfall | undefined): boolean {
      return push(userId, NoticeKeys.rulePaused(rule.id, rule.updatedAt), (l) => renderRulePaused(rule, shortfall, l, deps.now()));
    },
    ruleResumed(userId: number, rule: AutomationRule): boolean {
      return push(userId, NoticeKeys.ruleResumed(rule.id, rule.updatedAt), (l) => renderRuleResumed(rule, l));
    },
    /** `sameTimeIndex`: how many earlier firings of the rule have the same `createdAt`. */
    ruleFired(userId: number, rule: AutomationRule, firing: RuleFiring, sameTimeIndex: number): boolean {
      return push(userId, NoticeKeys.ruleFired(rule.id, firing, sameTimeIndex), (l) => renderRuleFired(rule, firing, l));
    },
    balanceLow(userId: number, balanceSun: bigint, thresholdSun: bigint, trip: number): boolean {
      return push(userId, NoticeKeys.balanceLow(userId, trip), (l) => renderBalanceLow(balanceSun, thresholdSun, l));
    },
    webhookPing(userId: number, endpointRowId: number, eventId: string): boolean {
      return push(userId, NoticeKeys.webhookPing(endpointRowId, eventId), (l) => renderWebhookPing(l));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
