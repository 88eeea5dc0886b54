/**
 * /rules: all the user's rules in one message, grouped active → paused → cancelled (then any
 * status the bot does not know), newest first within a group, a page at a time, with one button
 * per rule that opens its card.
 */
import { kindIcon, kindLabel } from "../../rules/labels.js";
import { InlineKeyboard } from "grammy";
import { ruleStatusKind, type AutomationRule, type RuleStatusKind } from "../../marketplace/index.js";
import { shortAddress } from "../../tron/address.js";
import type { Formatter, Translate } from "../../format/formatter.js";
import { code } from "../../format/html.js";
import { RuleActions, pauseReasonLabel, settingsParts } from "./rule-card.js";

export const RULES_PAGE_SIZE = 8;

const GROUP_ORDER: readonly RuleStatusKind[] = ["active", "paused", "cancelled", "unknown"];

function createdAtMs(rule: AutomationRule): number {
  const ms = Date.parse(rule.createdAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Grouped by status in GROUP_ORDER, newest first inside each group (ties keep the server's order). */
export function orderRules(rules: readonly AutomationRule[]): AutomationRule[] {
  const indexed = rules.map((rule, index) => ({ rule, index, group: GROUP_ORDER.indexOf(ruleStatusKind(rule.status)) }));
  indexed.sort((a, b) => a.group - b.group || createdAtMs(b.rule) - createdAtMs(a.rule) || a.index - b.index);
  return indexed.map((e) => e.rule);
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / RULES_PAGE_SIZE));
}

export function clampPage(page: number, total: number): number {
  return Math.min(Math.max(0, Math.trunc(page) || 0), pageCount(total) - 1);
}

function ruleLines(rule: AutomationRule, n: number, t: Translate, fmt: Formatter): string[] {
  const details = [...settingsParts(rule, t, fmt), t("rules-part-spent", { amount: fmt.trx(rule.spentTrx) })];
  details.push(t(rule.autoResume ? "rules-part-auto-resume-on" : "rules-part-auto-resume-off"));
  const lines = [`${n}. ${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> ${code(rule.targetAddress)}`, `    ${details.join(" · ")}`];
  const reason = ruleStatusKind(rule.status) === "paused" ? pauseReasonLabel(rule, t) : undefined;
  if (reason) lines.push(`    ⏸ ${reason}`);
  return lines;
}

export interface RenderedList {
  text: string;
  keyboard: InlineKeyboard;
  /** The page actually shown (clamped). */
  page: number;
}

export function renderRulesList(rules: readonly AutomationRule[], requestedPage: number, t: Translate, fmt: Formatter): RenderedList {
  const keyboard = new InlineKeyboard();
  if (rules.length === 0) {
    keyboard.text(t("button-refresh"), RuleActions.page(0));
    return { text: `${t("rules-list-title")}\n\n${t("rules-list-empty")}`, keyboard, page: 0 };
  }
  const ordered = orderRules(rules);
  const pages = pageCount(ordered.length);
  const page = clampPage(requestedPage, ordered.length);
  const first = page * RULES_PAGE_SIZE;
  const shown = ordered.slice(first, first + RULES_PAGE_SIZE);
  const counts = new Map<RuleStatusKind, number>();
  for (const rule of ordered) counts.set(ruleStatusKind(rule.status), (counts.get(ruleStatusKind(rule.status)) ?? 0) + 1);

  const lines = [t("rules-list-title")];
  let group: RuleStatusKind | undefined;
  shown.forEach((rule, i) => {
    const status = ruleStatusKind(rule.status);
    if (status !== group) {
      group = status;
      lines.push("", `<b>${t(`rules-group-${status}`, { count: counts.get(status) ?? 0 })}</b>`);
    }
    lines.push(...ruleLines(rule, first + i + 1, t, fmt));
    keyboard.text(`${first + i + 1}. ${kindIcon(rule)} ${shortAddress(rule.targetAddress)}`, RuleActions.open(rule.id));
    if (i % 2 === 1) keyboard.row();
  });
  if (shown.length % 2 === 1) keyboard.row();
  if (pages > 1) {
    lines.push("", t("rules-list-page", { page: page + 1, pages }));
    if (page > 0) keyboard.text(t("button-prev"), RuleActions.page(page - 1));
    if (page < pages - 1) keyboard.text(t("button-next"), RuleActions.page(page + 1));
  }
  keyboard.text(t("button-refresh"), RuleActions.page(page));
  lines.push("", t("rules-list-footer"));
  return { text: lines.join("\n"), keyboard, page };
}
