/**
 * The text (HTML) and buttons of every pushed notice, in the recipient's locale. Pushes are sent
 * from outside any handler, so buttons are a plain InlineKeyboard (a Menu cannot render here).
 * Fields an event did not carry are left out of the card rather than shown empty.
 */
import { untilUtcMidnight } from "../format/utc-day.js";
import { kindIcon, kindLabel } from "../rules/labels.js";
import { InlineKeyboard } from "grammy";
import { orderStatusKind, type AutomationRule, type RuleFiring } from "../marketplace/index.js";
import type { TextLocale, Translate } from "../format/formatter.js";
import { code, escapeHtml, tronscanTxUrl } from "../format/html.js";
import { SharedButtons } from "../telegram/shared-buttons.js";
import type { Shortfall } from "../rules/pricing.js";
import type { EventOrder } from "../orders/event-order.js";
import { shortAddress, TRON_ADDRESS_SHAPE } from "../tron/address.js";
import { runwayLines, type Runway } from "../orders/runway.js";
import type { Arrived } from "../orders/deposits.js";
import { sunToTrx } from "../tron/amounts.js";
import { renderOrderCard, settledOrder, type CardSnapshot } from "../orders/card.js";
import { addressHtml, type AddressLabels } from "../tron/address-names.js";

export interface Notice {
  text: string;
  replyMarkup?: InlineKeyboard;
}

export interface NoticeLocale extends TextLocale {
  /** The names of the recipient's saved addresses: an address they named reads by its name. */
  labels?: AddressLabels;
}

function resourceName(resource: string, t: Translate): string {
  const r = resource.toLowerCase();
  return r === "energy" || r === "bandwidth" ? t(`notice-resource-${r}`) : escapeHtml(resource);
}

/** "131,000 energy for 1 day", or the order id when the event did not say what was bought. */
export function orderWhat(order: EventOrder, { t, fmt }: NoticeLocale): string {
  if (order.volume === undefined || order.resource === undefined) return t("notice-order-what-id", { order: code(order.id) });
  const vars = { volume: fmt.volume(order.volume), resource: resourceName(order.resource, t) };
  return order.duration === undefined
    ? t("notice-order-what-no-duration", vars)
    : t("notice-order-what", { ...vars, duration: fmt.duration(order.duration, t) });
}

/** The first line of a settled order's notice: "✅ Order filled: 131,000 energy for 1 hour". */
function orderHeadline(order: EventOrder, kind: "filled" | "failed", l: NoticeLocale): string {
  return l.t(kind === "filled" ? "notice-order-filled" : "notice-order-failed", { what: orderWhat(order, l) });
}

export function renderOrderFilled(order: EventOrder, l: NoticeLocale): Notice {
  const { t, fmt } = l;
  const lines = [orderHeadline(order, "filled", l)];
  if (order.targetAddress) lines.push(t("notice-line-target", { address: addressHtml(order.targetAddress, l.labels) }));
  if (order.totalTrx) lines.push(t("notice-line-charged", { amount: code(fmt.trx(order.totalTrx)) }));
  if (order.txId) lines.push(t("notice-line-tx", { tx: code(order.txId), url: escapeHtml(tronscanTxUrl(order.txId)) }));
  return { text: lines.join("\n"), replyMarkup: orderButtons(order, t) };
}

/** The order's card, and the same address, volume and duration again (a fresh preview). */
function orderButtons(order: EventOrder, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("notice-button-open-order"), SharedButtons.openOrder.pack({ id: order.id }))
    .text(t("notice-button-buy-again"), SharedButtons.buyAgain.pack({ order: order.id }));
}

/**
 * An order card left open in the chat, brought up to date when its order settles: the card as it
 * was shown, with the new status and transaction, and the card's own buttons (Refresh, Buy again,
 * My orders), as plain buttons a push can draw. What happened is said once, by the brief notice
 * that replies to the card (renderSettledBrief). A place kept without the order (before this was
 * stored) gets the notice's own lines.
 */
export function renderSettledCard(order: EventOrder, kind: "filled" | "failed", l: NoticeLocale, shown?: CardSnapshot): Notice {
  const replyMarkup = cardButtons(order, l.t);
  const card = shown && settledCardText(order, kind, l, shown);
  if (card === undefined) return { text: (kind === "filled" ? renderOrderFilled(order, l) : renderOrderFailed(order, l)).text, replyMarkup };
  return { text: card, replyMarkup };
}

/** The buttons of an order's card (orders feature), as plain callbacks: Refresh redraws the card in place. */
function cardButtons(order: EventOrder, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("button-refresh"), SharedButtons.openOrder.pack({ id: order.id }))
    .text(t("order-button-buy-again"), SharedButtons.buyAgain.pack({ order: order.id }))
    .row()
    .text(t("orders-button-list"), SharedButtons.listOrders.pack());
}

/**
 * The notice that answers a card brought up to date: what happened in one line (and, for a failure,
 * that the TRX came back); the card above has the rest and the buttons.
 */
export function renderSettledBrief(order: EventOrder, kind: "filled" | "failed", l: NoticeLocale): Notice {
  const headline = orderHeadline(order, kind, l);
  return { text: kind === "filled" ? headline : `${headline}\n${refundLine(order, l)}` };
}

function refundLine(order: EventOrder, { t, fmt }: NoticeLocale): string {
  return order.totalTrx ? t("notice-order-refunded", { amount: code(fmt.trx(order.totalTrx)) }) : t("notice-order-refunded-unknown");
}

/** The card as it was shown, with the order's new status and transaction; undefined when the stored order cannot be read. */
function settledCardText(order: EventOrder, kind: "filled" | "failed", l: NoticeLocale, shown: CardSnapshot): string | undefined {
  // the event's status where it says the same as the event (else a failure shown as "Expired"
  // would read as unknown and still charged on the card)
  const status = order.status !== undefined && orderStatusKind(order.status) === kind ? order.status : kind === "filled" ? "Filled" : "Failed";
  try {
    return renderOrderCard(settledOrder(shown, { status, txId: order.txId }), l, l.labels);
  } catch {
    // a stored order that cannot be read must not fail the settlement it is written in
    return undefined;
  }
}

export function renderOrderFailed(order: EventOrder, l: NoticeLocale): Notice {
  const { t } = l;
  const lines = [orderHeadline(order, "failed", l)];
  if (order.targetAddress) lines.push(t("notice-line-target", { address: addressHtml(order.targetAddress, l.labels) }));
  lines.push(refundLine(order, l));
  return { text: lines.join("\n"), replyMarkup: buyAfterFailure(order, t) };
}

/** What a failed order's notice offers: the same resource (never energy for bandwidth), for the same address when known. */
function buyAfterFailure(order: EventOrder, t: Translate): InlineKeyboard {
  const resource = order.resource?.toLowerCase();
  if (resource === "bandwidth" || resource === "energy") {
    const label = t(`button-buy-${resource}`);
    return order.targetAddress && TRON_ADDRESS_SHAPE.test(order.targetAddress)
      ? new InlineKeyboard().text(label, SharedButtons.buyResourceFor.pack({ resource, address: order.targetAddress }))
      : new InlineKeyboard().text(label, SharedButtons.buyEnergy.pack());
  }
  return new InlineKeyboard().text(t("button-buy-energy"), SharedButtons.buyEnergy.pack());
}

export type RuleLike = Pick<AutomationRule, "id" | "type" | "targetAddress" | "autoResume">;

export function ruleVars(rule: RuleLike, { t, labels }: NoticeLocale) {
  return { rule: `${kindIcon(rule)} ${kindLabel(rule, t)}`, address: addressHtml(rule.targetAddress, labels) };
}

/**
 * A rule paused by the marketplace. When the balance does cover the next firing, the balance was not
 * the cause: the key's daily spend limit (which the marketplace reports as the same System pause) is.
 * `shortfall` is left out when it could not be read.
 */
export function renderRulePaused(rule: RuleLike, shortfall: Shortfall | undefined, l: NoticeLocale, now: number): Notice {
  const { t, fmt } = l;
  const autoResume = t(rule.autoResume ? "notice-rule-auto-resume-on" : "notice-rule-auto-resume-off");
  const trx = fmt.trx;
  if (shortfall && shortfall.missingSun === 0n) {
    const vars = { ...ruleVars(rule, l), price: code(trx(shortfall.priceSun)), balance: code(trx(shortfall.balanceSun)), ...untilUtcMidnight(now) };
    return { text: [t("notice-rule-paused-limit", vars), autoResume].join("\n"), replyMarkup: openRuleButton(rule, t) };
  }
  const lines = [t("notice-rule-paused", ruleVars(rule, l))];
  if (shortfall) {
    const amounts = { price: code(trx(shortfall.priceSun)), balance: code(trx(shortfall.balanceSun)), missing: code(trx(shortfall.missingSun, { up: true })) };
    lines.push(t("notice-rule-paused-need", amounts));
  }
  lines.push(autoResume);
  const keyboard = new InlineKeyboard().text(t("button-deposit"), SharedButtons.showDeposit.pack()).text(t("notice-button-open-rule"), SharedButtons.openRule.pack({ id: rule.id }));
  return { text: lines.join("\n"), replyMarkup: keyboard };
}

/**
 * Several rules paused in one look at a key (issue 30 item 15): one notice listing them, not one
 * each. What is missing is for the next firing of every one of them; when the balance covers that,
 * the key's daily spend limit is the likely cause, as for one rule.
 */
export function renderRulesPaused(paused: ReadonlyArray<{ rule: RuleLike; shortfall: Shortfall | undefined }>, l: NoticeLocale, now: number): Notice {
  const { t, fmt } = l;
  const priced = paused.every((p) => p.shortfall !== undefined);
  const priceSun = paused.reduce((sum, p) => sum + (p.shortfall?.priceSun ?? 0n), 0n);
  const balanceSun = paused.find((p) => p.shortfall)?.shortfall?.balanceSun;
  const missingSun = balanceSun === undefined || priceSun <= balanceSun ? 0n : priceSun - balanceSun;
  const trx = fmt.trx;
  const lines = [t("notice-rules-paused", { count: paused.length })];
  for (const { rule, shortfall } of paused) {
    const vars = { ...ruleVars(rule, l), autoResume: rule.autoResume ? "on" : "off" };
    lines.push(shortfall ? t("notice-rules-paused-line", { ...vars, price: code(trx(shortfall.priceSun)) }) : t("notice-rules-paused-line-unpriced", vars));
  }
  if (priced && balanceSun !== undefined) {
    lines.push(
      missingSun > 0n
        ? t("notice-rules-paused-need", { missing: code(trx(missingSun, { up: true })), price: code(trx(priceSun)), balance: code(trx(balanceSun)) })
        : t("notice-rules-paused-limit", { price: code(trx(priceSun)), balance: code(trx(balanceSun)), ...untilUtcMidnight(now) }),
    );
  }
  const keyboard = new InlineKeyboard().text(t("button-deposit"), SharedButtons.showDeposit.pack()).text(t("notice-button-rules"), SharedButtons.listRules.pack());
  return { text: lines.join("\n"), replyMarkup: keyboard };
}

export function renderRuleResumed(rule: RuleLike, l: NoticeLocale): Notice {
  return { text: l.t("notice-rule-resumed", ruleVars(rule, l)), replyMarkup: openRuleButton(rule, l.t) };
}

/** A firing told as it happened, with the rule's card (where it can be paused) a tap away. */
export function renderRuleFired(rule: RuleLike, firing: RuleFiring, l: NoticeLocale): Notice {
  const { t, fmt } = l;
  return {
    text: t("notice-rule-fired", { ...ruleVars(rule, l), volume: fmt.volume(firing.volume), price: code(fmt.trx(firing.priceTrx)) }),
    // the rule, and a way to stop it firing again at once
    replyMarkup: openRuleButton(rule, t).text(t("rules-button-pause"), SharedButtons.pauseRule.pack({ id: rule.id })),
  };
}

export function openRuleButton(rule: Pick<RuleLike, "id">, t: Translate): InlineKeyboard {
  return new InlineKeyboard().text(t("notice-button-open-rule"), SharedButtons.openRule.pack({ id: rule.id }));
}

export function renderBalanceLow(balanceSun: bigint, thresholdSun: bigint, runway: Runway, { t, fmt }: NoticeLocale): Notice {
  const trx = fmt.trx;
  return {
    text: [t("notice-balance-low", { balance: code(trx(balanceSun)), threshold: code(trx(thresholdSun)) }), ...runwayLines(runway, { t, fmt })].join("\n"),
    replyMarkup: new InlineKeyboard().text(t("button-deposit"), SharedButtons.showDeposit.pack()),
  };
}

/**
 * A deposit seen by the balance watcher: what arrived (TRX and/or USDT), the TRX balance now and how
 * far it goes, with the buttons to spend it or see the balance.
 */
export function renderDepositArrived(arrived: Arrived, balanceSun: bigint, runway: Runway, { t, fmt }: NoticeLocale): Notice {
  const trx = fmt.trx;
  const lines: string[] = [];
  if (arrived.trxSun > 0n) lines.push(t("notice-deposit-trx", { amount: code(trx(arrived.trxSun)), balance: code(trx(balanceSun)) }));
  if (arrived.usdtUnits > 0n) lines.push(t("notice-deposit-usdt", { amount: code(`${fmt.amount(sunToTrx(arrived.usdtUnits))} USDT`) }));
  return {
    text: [...lines, ...(arrived.trxSun > 0n ? runwayLines(runway, { t, fmt }) : [])].join("\n"),
    replyMarkup: new InlineKeyboard().text(t("button-buy-energy"), SharedButtons.buyEnergy.pack()).text(t("button-balance"), SharedButtons.showBalance.pack()),
  };
}

/** What a price alert is on and under, as the notice and the /alert card say it. */
export interface PriceAlertSubject {
  volume: bigint;
  duration: string;
  belowSun: bigint;
}

/**
 * A price alert reached: the price now and the alert's, with a button to buy that energy for the
 * user's latest address at that price (or to start a purchase), and the way to the alerts.
 */
export function renderPriceAlert(alert: PriceAlertSubject, priceSun: bigint, address: string | undefined, { t, fmt }: NoticeLocale): Notice {
  const trx = fmt.trx;
  const what = { volume: fmt.volume(alert.volume), duration: fmt.duration(alert.duration, t) };
  const keyboard = new InlineKeyboard();
  if (address) keyboard.text(t("notice-price-alert-buy", { address: shortAddress(address), price: trx(priceSun) }), SharedButtons.buyPreset.pack({ address, volume: alert.volume, duration: alert.duration }));
  else keyboard.text(t("button-buy-energy"), SharedButtons.buyEnergy.pack());
  keyboard.row().text(t("notice-price-alert-list"), SharedButtons.listPriceAlerts.pack());
  return { text: t("notice-price-alert", { ...what, price: code(trx(priceSun)), below: code(trx(alert.belowSun)) }), replyMarkup: keyboard };
}

export function renderWebhookPing({ t }: NoticeLocale): Notice {
  return { text: t("notice-webhook-ping") };
}
