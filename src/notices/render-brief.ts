/**
 * The notices a group or channel gets (issue 33): only what happened, in one line, with no key,
 * balance, amount paid or deposit address, and no buttons (a button there would act for whoever
 * taps it). "Full notices" on the user's notice chat sends the private text instead (notifier.ts).
 * A notice with no brief form (a statement, a webhook test) stays in the private chat.
 */
import type { EventOrder } from "../orders/event-order.js";
import type { RuleFiring } from "../marketplace/index.js";
import { addressName } from "../tron/address-names.js";
import { escapeHtml } from "../format/html.js";
import { orderWhat, ruleVars, type Notice, type NoticeLocale, type RuleLike } from "./render.js";

export function briefOrder(order: EventOrder, kind: "filled" | "failed", l: NoticeLocale): Notice {
  const what = orderWhat(order, l);
  if (!order.targetAddress) return { text: l.t(kind === "filled" ? "notice-brief-order-filled" : "notice-brief-order-failed", { what }) };
  // its name when the user saved one ("Main wallet"), else the address shortened
  const target = escapeHtml(addressName(order.targetAddress, l.labels));
  return { text: l.t(kind === "filled" ? "notice-brief-order-filled-for" : "notice-brief-order-failed-for", { what, target }) };
}

export function briefRulePaused(rule: RuleLike, l: NoticeLocale): Notice {
  return { text: l.t("notice-brief-rule-paused", ruleVars(rule, l)) };
}

export function briefRulesPaused(rules: readonly RuleLike[], l: NoticeLocale): Notice {
  return { text: [l.t("notice-brief-rules-paused", { count: rules.length }), ...rules.map((r) => l.t("notice-budget-rule-line", ruleVars(r, l)))].join("\n") };
}

export function briefRuleResumed(rule: RuleLike, l: NoticeLocale): Notice {
  return { text: l.t("notice-brief-rule-resumed", ruleVars(rule, l)) };
}

export function briefRuleFired(rule: RuleLike, firing: RuleFiring, l: NoticeLocale): Notice {
  return { text: l.t("notice-brief-rule-fired", { ...ruleVars(rule, l), volume: l.fmt.volume(firing.volume) }) };
}

/** Notices about money with nothing to say but that they happened. */
export function briefPlain(key: "balance-low" | "deposit" | "price-alert" | "budget-warning" | "budget-reached" | "budget-resumed", l: NoticeLocale): Notice {
  return { text: l.t(`notice-brief-${key}`) };
}

export function briefCap(rule: RuleLike, paused: boolean, l: NoticeLocale): Notice {
  return { text: l.t(paused ? "notice-brief-cap-paused" : "notice-brief-cap-resumed", ruleVars(rule, l)) };
}
