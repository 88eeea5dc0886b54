/**
 * The one way a pushed notice is made: render it in the user's locale and put it in the outbox
 * under its dedupe key. Users who turned notices off get nothing (nothing is enqueued); a user who
 * blocked the bot gets the row stored as blocked by the outbox. `notifier.in(tx)` writes through a
 * transaction's repositories, so a notice is stored together with the event that caused it.
 */
import { createHash } from "node:crypto";
import type { Locale } from "../config.js";
import type { Repositories, Store } from "../store/index.js";
import type { NoticeRecipient } from "../store/outbox.js";
import type { AutomationRule, RuleFiring } from "../marketplace/index.js";
import type { Shortfall } from "../rules/pricing.js";
import { createFormatter } from "../format/formatter.js";
import { labelsOf } from "../tron/address-names.js";
import { userLocale } from "../i18n/locale.js";
import type { Translator } from "./translations.js";
import type { EventOrder } from "../orders/event-order.js";
import type { Runway } from "../orders/runway.js";
import type { Arrived } from "../orders/deposits.js";
import { renderStatementText, type StatementFiles } from "../statements/render.js";
import type { LoadedStatement } from "../statements/load.js";
import type { TextLocale } from "../format/formatter.js";
import { briefCap, briefOrder, briefPlain, briefRuleFired, briefRulePaused, briefRulesPaused, briefRuleResumed } from "./render-brief.js";
import { escapeHtml } from "../format/html.js";
import { monthIso, type UtcMonth } from "../statements/month.js";
import { renderBudgetReached, renderBudgetResumed, renderBudgetWarning, type BudgetKey, type BudgetSpend } from "./render-budget.js";
import { renderCapPaused, renderCapResumed, type CapPrice } from "./render-price-cap.js";
import { briefScheduleRun, renderScheduleRun } from "./render-schedule.js";
import type { ScheduleRunNotice } from "../schedules/outcome.js";
import {
  renderBalanceLow,
  renderDepositArrived,
  renderPriceAlert,
  renderOrderFailed,
  renderOrderFilled,
  renderRuleFired,
  renderRulePaused,
  renderRulesPaused,
  renderRuleResumed,
  renderSettledBrief,
  renderSettledCard,
  renderWebhookPing,
  type Notice,
  type NoticeLocale,
  type PriceAlertSubject,
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
  /** The edit of an order's card in a chat (once: an order settles once). */
  orderCard: (orderId: string, chatId: number) => `order:${orderId}:card@${chatId}`,
  rulePaused: (ruleId: string, version: string) => `rule:${ruleId}:paused:${version}`,
  /** Several rules paused in one look: the set of (rule, version), as one digest. */
  rulesPaused: (rules: ReadonlyArray<{ id: string; updatedAt: string }>) =>
    `rules:paused:${createHash("sha256").update(rules.map((r) => `${r.id}:${r.updatedAt}`).sort().join(",")).digest("hex").slice(0, 32)}`,
  ruleResumed: (ruleId: string, version: string) => `rule:${ruleId}:resumed:${version}`,
  /** A firing has no id: its time, volume and price, and its place among firings at that same time. */
  ruleFired: (ruleId: string, firing: RuleFiring, sameTimeIndex: number) =>
    `fire:${ruleId}:${firing.createdAt}:${firing.volume}:${firing.priceTrx}:${sameTimeIndex}`,
  balanceLow: (userId: number, trip: number) => `balance:${userId}:${trip}`,
  /** A key's balance snapshot moves by one version per deposit told. */
  depositArrived: (keyId: number, version: number) => `deposit:${keyId}:${version}`,
  /** An alert is told once per trip (it re-arms above the price). */
  priceAlert: (alertId: number, trip: number) => `price:${alertId}:${trip}`,
  webhookPing: (endpointRowId: number, eventId: string) => `ping:${endpointRowId}:${eventId}`,
  /** The user's group or channel for notices was lost: once per loss. */
  noticeChatLost: (userId: number, version: number) => `noticechat:${userId}:lost:${version}`,
  /** The monthly statement's notice: once per user and month, whichever replica or tick tells it (its chart and CSV: `:chart`, `:csv`). */
  monthlyStatement: (userId: number, month: UtcMonth) => `statement:${userId}:${monthIso(month)}`,
  /** A key's budget: warned once a month; reached once per month and amount; resumed once per set of rules paused for it. */
  budgetWarning: (keyId: number, month: string) => `budget:${keyId}:${month}:warned`,
  budgetReached: (keyId: number, mark: string) => `budget:${keyId}:reached:${mark}`,
  /** A rule's price cap: each pause counts one version; its resume is told under the same version. */
  capPaused: (ruleId: string, version: number) => `cap:${ruleId}:${version}:paused`,
  capResumed: (ruleId: string, version: number) => `cap:${ruleId}:${version}:resumed`,
  /** A scheduled purchase's run: once per schedule and due time, whichever replica or tick ran it. */
  scheduleRun: (scheduleId: number, dueAt: number) => `schedule:${scheduleId}:${dueAt}`,
  budgetResumed: (keyId: number, ruleIds: readonly string[]) =>
    `budget:${keyId}:resumed:${createHash("sha256").update([...ruleIds].sort().join(",")).digest("hex").slice(0, 32)}`,
} as const;

/** What a notice is written through: the store, or a transaction's repositories. */
type NoticeRepos = Pick<Repositories, "outbox" | "orderCards" | "recentAddresses" | "noticeChats" | "orders" | "teamDesks">;

/** A notice's form for the user's group or channel (render-brief.ts); none: it stays in the private chat. */
type Brief = ((l: NoticeLocale) => Notice) | undefined;

export function createNotifier(deps: NotifierDeps): Notifier {
  // one per notifier, shared by the transaction-bound ones `in(tx)` makes for each delivery
  const locales = new Map<string, NoticeLocale>();
  // the same rule as the chat's answers: /language, else Telegram's language (kept with the user)
  const localeFor = (user: Pick<NoticeRecipient, "language" | "languageCode">): NoticeLocale => {
    const locale = userLocale(user.language, user.languageCode, deps.defaultLocale);
    let l = locales.get(locale);
    if (!l) {
      l = { t: (key, vars) => deps.translator.t(locale, key, vars), fmt: createFormatter(locale) };
      locales.set(locale, l);
    }
    return l;
  };
  return notifierOn(deps, () => deps.store, localeFor, (fn) => deps.store.transaction(fn));
}

/** Runs `fn` with repositories whose writes commit together (a transaction, or the one the notifier writes through). */
type Atomically = <R>(fn: (repos: NoticeRepos) => Promise<R>) => Promise<R>;

/** What the statement's notice is made of, in the recipient's language (statements/load.ts and render.ts). */
export type MakeStatement = (locale: TextLocale) => Promise<{ loaded: LoadedStatement; files: StatementFiles | undefined }>;

function notifierOn(deps: NotifierDeps, repos: () => NoticeRepos, localeFor: (user: NoticeRecipient) => NoticeLocale, atomically: Atomically): Notifier {
  /** Renders and enqueues; false when the user is unknown, has notices off, or the key was used. */
  async function push(userId: number, dedupeKey: string, render: (l: NoticeLocale) => Notice, brief?: Brief): Promise<boolean> {
    return pushTo(userId, await repos().outbox.recipient(userId), dedupeKey, render, undefined, brief);
  }

  /** The recipient's locale, with the names of their saved addresses (an address they named reads by its name). */
  async function noticeLocale(userId: number, user: NoticeRecipient): Promise<NoticeLocale> {
    return { ...localeFor(user), labels: labelsOf(await repos().recentAddresses.entries(userId)) };
  }

  /** `push` for a recipient already looked up; `replyToMessageId`: a message of their chat the notice answers. */
  async function pushTo(
    userId: number,
    user: NoticeRecipient | undefined,
    dedupeKey: string,
    render: (l: NoticeLocale) => Notice,
    replyToMessageId?: number,
    brief?: Brief,
  ): Promise<boolean> {
    if (!user || !user.noticesEnabled) return false;
    const l = await noticeLocale(userId, user);
    const notice = render(l);
    const { outbox, noticeChats } = repos();
    // the user's group or channel, while the bot and the user administer it (the sender checks it again before each send)
    const chat = await noticeChats.live(userId);
    const there = chat && (chat.full ? { text: notice.text } : brief?.(l));
    let added = false;
    if (chat && there) {
      // no buttons there: a button in a group acts for whoever taps it
      added = await outbox.enqueue({ chatId: chat.chatId, dedupeKey: `${dedupeKey}@${chat.chatId}`, text: there.text }, deps.now());
    }
    // the private copy: sent, or held back for the case where the group's copy cannot be delivered
    const held = chat !== undefined && there !== undefined && !chat.alsoPrivate;
    added =
      (await outbox.enqueue(
        { chatId: user.chatId, dedupeKey: `${dedupeKey}@${user.chatId}`, text: notice.text, replyMarkup: notice.replyMarkup, replyToMessageId, held },
        deps.now(),
      )) || added;
    if (added) deps.onEnqueued?.();
    return added;
  }

  /**
   * The order's card, if one was shown in the user's chat (store.orderCards), is edited to say how
   * the order ended: an edit through the outbox like any notice, whether or not the user wants
   * notices (it is their own card, not a push). Once per order: the place is forgotten. Returns the
   * card's message id when its edit was enqueued. A card in another chat is left for its own user's
   * report: two people whose keys share an account both hear of the order, and each redraws only the
   * card in their own chat, in their own language.
   */
  async function updateCard(userId: number, user: NoticeRecipient, order: EventOrder, kind: "filled" | "failed"): Promise<number | undefined> {
    const { outbox, orderCards } = repos();
    const place = await orderCards.takeIn(order.id, user.chatId);
    if (!place) return undefined;
    const card = renderSettledCard(order, kind, await noticeLocale(userId, user), place.order);
    const added = await outbox.enqueue(
      { chatId: place.chatId, editMessageId: place.messageId, dedupeKey: NoticeKeys.orderCard(order.id, place.chatId), text: card.text, replyMarkup: card.replyMarkup },
      deps.now(),
    );
    if (!added) return undefined;
    deps.onEnqueued?.();
    return place.messageId;
  }

  /**
   * An order placed from a team desk (/team: its intent's chat is the desk's group, with the desk's
   * key): everyone in the group hears of it, in one line with no charge, key or balance.
   */
  async function deskNotice(userId: number, user: NoticeRecipient, order: EventOrder, kind: "filled" | "failed", key: string): Promise<void> {
    const { orders, teamDesks, outbox } = repos();
    const intent = await orders.getByOrderId(order.id);
    if (!intent || intent.chatId >= 0 || intent.userId !== userId) return;
    const desk = await teamDesks.forChat(intent.chatId);
    if (!desk || desk.keyId !== intent.keyId || desk.userId !== userId) return;
    const text = briefOrder(order, kind, await noticeLocale(userId, user)).text;
    if (await outbox.enqueue({ chatId: desk.chatId, dedupeKey: `${key}@${desk.chatId}`, text }, deps.now())) deps.onEnqueued?.();
  }

  /**
   * Editing the card notifies nobody, so the notice is still pushed, as a brief reply to the card it
   * follows (one line: the card has the details and its own buttons).
   */
  async function settled(userId: number, order: EventOrder, kind: "filled" | "failed"): Promise<boolean> {
    const user = await repos().outbox.recipient(userId);
    if (!user) return false;
    const card = await updateCard(userId, user, order, kind);
    const key = kind === "filled" ? NoticeKeys.orderFilled(order.id) : NoticeKeys.orderFailed(order.id);
    // replying to its card, the notice says only what happened: the card shows the rest, with its buttons
    await deskNotice(userId, user, order, kind, key);
    const render = (l: NoticeLocale) => (kind === "filled" ? renderOrderFilled(order, l) : renderOrderFailed(order, l));
    // a full notice in the group or channel is the whole notice, not the reply to a card it does not have
    const brief = (l: NoticeLocale) => briefOrder(order, kind, l);
    if (card !== undefined) return pushTo(userId, user, key, (l) => renderSettledBrief(order, kind, l), card, brief);
    return pushTo(userId, user, key, render, undefined, brief);
  }

  return {
    /** The same notifier, writing through a transaction's repositories. */
    in(tx: NoticeRepos): Notifier {
      return notifierOn(deps, () => tx, localeFor, (fn) => fn(tx));
    },
    orderFilled(userId: number, order: EventOrder): Promise<boolean> {
      return settled(userId, order, "filled");
    },
    orderFailed(userId: number, order: EventOrder): Promise<boolean> {
      return settled(userId, order, "failed");
    },
    rulePaused(userId: number, rule: AutomationRule, shortfall: Shortfall | undefined): Promise<boolean> {
      return push(userId, NoticeKeys.rulePaused(rule.id, rule.updatedAt), (l) => renderRulePaused(rule, shortfall, l, deps.now()), (l) => briefRulePaused(rule, l));
    },
    /** Several rules paused in one look at a key: one notice listing them (one rule: rulePaused's own notice). */
    rulesPaused(userId: number, paused: ReadonlyArray<{ rule: AutomationRule; shortfall: Shortfall | undefined }>): Promise<boolean> {
      if (paused.length === 1) return this.rulePaused(userId, paused[0]!.rule, paused[0]!.shortfall);
      return push(userId, NoticeKeys.rulesPaused(paused.map((p) => p.rule)), (l) => renderRulesPaused(paused, l, deps.now()), (l) => briefRulesPaused(paused.map((p) => p.rule), l));
    },
    ruleResumed(userId: number, rule: AutomationRule): Promise<boolean> {
      return push(userId, NoticeKeys.ruleResumed(rule.id, rule.updatedAt), (l) => renderRuleResumed(rule, l), (l) => briefRuleResumed(rule, l));
    },
    /** `sameTimeIndex`: how many earlier firings of the rule have the same `createdAt`. */
    ruleFired(userId: number, rule: AutomationRule, firing: RuleFiring, sameTimeIndex: number): Promise<boolean> {
      return push(userId, NoticeKeys.ruleFired(rule.id, firing, sameTimeIndex), (l) => renderRuleFired(rule, firing, l), (l) => briefRuleFired(rule, firing, l));
    },
    balanceLow(userId: number, balanceSun: bigint, thresholdSun: bigint, trip: number, runway: Runway = {}): Promise<boolean> {
      return push(userId, NoticeKeys.balanceLow(userId, trip), (l) => renderBalanceLow(balanceSun, thresholdSun, runway, l), (l) => briefPlain("balance-low", l));
    },
    depositArrived(userId: number, keyId: number, version: number, arrived: Arrived, balanceSun: bigint, runway: Runway = {}): Promise<boolean> {
      return push(userId, NoticeKeys.depositArrived(keyId, version), (l) => renderDepositArrived(arrived, balanceSun, runway, l), (l) => briefPlain("deposit", l));
    },
    priceAlert(userId: number, alertId: number, trip: number, alert: PriceAlertSubject, priceSun: bigint, address?: string): Promise<boolean> {
      return push(userId, NoticeKeys.priceAlert(alertId, trip), (l) => renderPriceAlert(alert, priceSun, address, l), (l) => briefPlain("price-alert", l));
    },
    budgetWarning(userId: number, keyId: number, key: BudgetKey, spend: BudgetSpend): Promise<boolean> {
      return push(userId, NoticeKeys.budgetWarning(keyId, spend.month), (l) => renderBudgetWarning(key, spend, l), (l) => briefPlain("budget-warning", l));
    },
    /** `mark`: the month and budget told (orders/budget.ts reachedMark). */
    budgetReached(userId: number, keyId: number, mark: string, key: BudgetKey, spend: BudgetSpend, paused: readonly AutomationRule[]): Promise<boolean> {
      return push(userId, NoticeKeys.budgetReached(keyId, mark), (l) => renderBudgetReached(key, spend, paused, l), (l) => briefPlain("budget-reached", l));
    },
    budgetResumed(userId: number, keyId: number, key: BudgetKey, resumed: readonly AutomationRule[]): Promise<boolean> {
      return push(userId, NoticeKeys.budgetResumed(keyId, resumed.map((r) => `${r.id}:${r.updatedAt}`)), (l) => renderBudgetResumed(key, resumed, l), (l) => briefPlain("budget-resumed", l));
    },
    /**
     * The month's statement as /statement shows it: the card's text, then the chart by day (PNG) and
     * the CSV, as three notices of the private chat (in that order: a chat's notices leave oldest
     * first), stored together or not at all. Once per user and month: a statement already told is
     * not made again. Never in a group or channel (the books are the user's own). `make` loads and
     * draws it in the recipient's language, only when it is to be told.
     */
    async monthlyStatement(userId: number, month: UtcMonth, make: MakeStatement): Promise<boolean> {
      const user = await repos().outbox.recipient(userId);
      if (!user || !user.noticesEnabled) return false;
      const key = NoticeKeys.monthlyStatement(userId, month);
      const at = (part: string) => `${key}${part}@${user.chatId}`;
      if (await repos().outbox.getByDedupeKey(at(""))) return false;
      const l = await noticeLocale(userId, user);
      const { loaded, files } = await make(l);
      const text = renderStatementText(loaded.statement, loaded.labels, l);
      const now = deps.now();
      const added = await atomically(async ({ outbox }) => {
        if (!(await outbox.enqueue({ chatId: user.chatId, dedupeKey: at(""), text }, now))) return false;
        if (files?.chart) {
          const { bytes, name, caption } = files.chart;
          await outbox.enqueue({ chatId: user.chatId, dedupeKey: at(":chart"), text: caption, file: { kind: "photo", name, bytes } }, now);
        }
        if (files) {
          const { bytes, name, caption } = files.csv;
          await outbox.enqueue({ chatId: user.chatId, dedupeKey: at(":csv"), text: caption, file: { kind: "document", name, bytes } }, now);
        }
        return true;
      });
      if (added) deps.onEnqueued?.();
      return added;
    },
    capPaused(userId: number, rule: AutomationRule, version: number, seen: CapPrice): Promise<boolean> {
      return push(userId, NoticeKeys.capPaused(rule.id, version), (l) => renderCapPaused(rule, seen, l), (l) => briefCap(rule, true, l));
    },
    capResumed(userId: number, rule: AutomationRule, version: number, seen: CapPrice): Promise<boolean> {
      return push(userId, NoticeKeys.capResumed(rule.id, version), (l) => renderCapResumed(rule, seen, l), (l) => briefCap(rule, false, l));
    },
    scheduleRun(userId: number, run: ScheduleRunNotice): Promise<boolean> {
      return push(userId, NoticeKeys.scheduleRun(run.schedule.id, run.dueAt), (l) => renderScheduleRun(run, l), (l) => briefScheduleRun(run, l));
    },
    webhookPing(userId: number, endpointRowId: number, eventId: string): Promise<boolean> {
      return push(userId, NoticeKeys.webhookPing(endpointRowId, eventId), (l) => renderWebhookPing(l));
    },
    noticeChatLost(userId: number, title: string, version: number): Promise<boolean> {
      return push(userId, NoticeKeys.noticeChatLost(userId, version), (l) => ({ text: l.t("notice-chat-lost", { chat: escapeHtml(title) }) }));
    },
  };
}

export interface Notifier {
  in(tx: NoticeRepos): Notifier;
  orderFilled(userId: number, order: EventOrder): Promise<boolean>;
  orderFailed(userId: number, order: EventOrder): Promise<boolean>;
  rulePaused(userId: number, rule: AutomationRule, shortfall: Shortfall | undefined): Promise<boolean>;
  rulesPaused(userId: number, paused: ReadonlyArray<{ rule: AutomationRule; shortfall: Shortfall | undefined }>): Promise<boolean>;
  ruleResumed(userId: number, rule: AutomationRule): Promise<boolean>;
  ruleFired(userId: number, rule: AutomationRule, firing: RuleFiring, sameTimeIndex: number): Promise<boolean>;
  balanceLow(userId: number, balanceSun: bigint, thresholdSun: bigint, trip: number, runway?: Runway): Promise<boolean>;
  depositArrived(userId: number, keyId: number, version: number, arrived: Arrived, balanceSun: bigint, runway?: Runway): Promise<boolean>;
  priceAlert(userId: number, alertId: number, trip: number, alert: PriceAlertSubject, priceSun: bigint, address?: string): Promise<boolean>;
  webhookPing(userId: number, endpointRowId: number, eventId: string): Promise<boolean>;
  /** The user's notice chat was lost (`version`: its store/notice-chats.ts version): told once, in the private chat. */
  noticeChatLost(userId: number, title: string, version: number): Promise<boolean>;
  scheduleRun(userId: number, run: ScheduleRunNotice): Promise<boolean>;
  capPaused(userId: number, rule: AutomationRule, version: number, seen: CapPrice): Promise<boolean>;
  capResumed(userId: number, rule: AutomationRule, version: number, seen: CapPrice): Promise<boolean>;
  monthlyStatement(userId: number, month: UtcMonth, make: MakeStatement): Promise<boolean>;
  budgetWarning(userId: number, keyId: number, key: BudgetKey, spend: BudgetSpend): Promise<boolean>;
  budgetReached(userId: number, keyId: number, mark: string, key: BudgetKey, spend: BudgetSpend, paused: readonly AutomationRule[]): Promise<boolean>;
  budgetResumed(userId: number, keyId: number, key: BudgetKey, resumed: readonly AutomationRule[]): Promise<boolean>;
}
