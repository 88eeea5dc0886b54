/**
 * The notices of a key's monthly budget (the bot's own, not the marketplace's daily spend limit):
 * 80% spent, reached (with the rules paused for it), and the rules resumed once it allows them.
 */
import { InlineKeyboard } from "grammy";
import type { AutomationRule } from "../marketplace/index.js";
import type { ApiKeyRow } from "../store/api-keys.js";
import { code, escapeHtml } from "../format/html.js";
import { monthName } from "../format/month.js";
import { kindIcon, kindLabel } from "../rules/labels.js";
import { SharedButtons } from "../telegram/shared-buttons.js";
import { budgetPercent } from "../orders/budget.js";
import type { Notice, NoticeLocale } from "./render.js";

export type BudgetKey = Pick<ApiKeyRow, "label" | "fingerprint">;
type BudgetRule = Pick<AutomationRule, "id" | "type" | "targetAddress">;

export interface BudgetSpend {
  month: string;
  budgetSun: bigint;
  spentSun: bigint;
}

function keyName(key: BudgetKey): string {
  const fingerprint = `<code>…${escapeHtml(key.fingerprint)}</code>`;
  return key.label ? `<b>${escapeHtml(key.label)}</b> ${fingerprint}` : fingerprint;
}

function spendVars(key: BudgetKey, spend: BudgetSpend, { fmt }: NoticeLocale) {
  const trx = fmt.trx;
  return {
    key: keyName(key),
    spent: code(trx(spend.spentSun)),
    budget: code(trx(spend.budgetSun)),
    percent: budgetPercent(spend.spentSun, spend.budgetSun),
    month: monthName(spend.month, fmt.locale),
  };
}

function ruleLines(rules: readonly BudgetRule[], { t }: NoticeLocale): string[] {
  return rules.map((rule) => t("notice-budget-rule-line", { rule: `${kindIcon(rule)} ${kindLabel(rule, t)}`, address: code(rule.targetAddress) }));
}

const keysButton = (l: NoticeLocale) => new InlineKeyboard().text(l.t("button-my-keys"), SharedButtons.listKeys.pack());

export function renderBudgetWarning(key: BudgetKey, spend: BudgetSpend, l: NoticeLocale): Notice {
  return { text: [l.t("notice-budget-warning", spendVars(key, spend, l)), l.t("notice-budget-not-daily-limit")].join("\n"), replyMarkup: keysButton(l) };
}

export function renderBudgetReached(key: BudgetKey, spend: BudgetSpend, paused: readonly BudgetRule[], l: NoticeLocale): Notice {
  const lines = [l.t("notice-budget-reached", spendVars(key, spend, l))];
  if (paused.length > 0) lines.push(l.t("notice-budget-paused", { count: paused.length }), ...ruleLines(paused, l));
  lines.push(l.t("notice-budget-orders-ask"), l.t("notice-budget-resume-when"), l.t("notice-budget-not-daily-limit"));
  return { text: lines.join("\n"), replyMarkup: keysButton(l).text(l.t("notice-button-rules"), SharedButtons.listRules.pack()) };
}

export function renderBudgetResumed(key: BudgetKey, resumed: readonly BudgetRule[], l: NoticeLocale): Notice {
  const lines = [l.t("notice-budget-resumed", { key: keyName(key), count: resumed.length }), ...ruleLines(resumed, l)];
  return { text: lines.join("\n"), replyMarkup: new InlineKeyboard().text(l.t("notice-button-rules"), SharedButtons.listRules.pack()) };
}
