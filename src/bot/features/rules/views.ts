/**
 * The texts of /rules: the list (grouped active → paused → cancelled, then any status the bot does
 * not know, newest first within a group, a page at a time), the cancel confirmation and a rule's
 * firings. The buttons are the menus' (menus.ts); the card's text is shared (src/rules/card.ts).
 */
import { addressHtml, type AddressLabels } from "../../../tron/address-names.js";
import { kindIcon, kindLabel } from "../../../rules/labels.js";
import { pauseReasonLabel, settingsParts } from "../../../rules/card.js";
import { ruleStatusKind, type AutomationRule, type RuleFiring, type RuleStatusKind } from "../../../marketplace/index.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { pageOf, type PageWindow } from "../../ui/paging.js";

export const RULES_PAGE_SIZE = 8;
export const FIRES_PAGE_SIZE = 10;
/** The marketplace keeps a rule's last 50 firings. */
const MAX_FIRES = 50;

const GROUP_ORDER: readonly RuleStatusKind[] = ["active", "paused", "cancelled", "unknown"];

function timeOf(createdAt: string): number {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Grouped by status in GROUP_ORDER, newest first inside each group (ties keep the server's order). */
export function orderRules(rules: readonly AutomationRule[]): AutomationRule[] {
  const indexed = rules.map((rule, index) => ({ rule, index, group: GROUP_ORDER.indexOf(ruleStatusKind(rule.status)) }));
  indexed.sort((a, b) => a.group - b.group || timeOf(b.rule.createdAt) - timeOf(a.rule.createdAt) || a.index - b.index);
  return indexed.map((e) => e.rule);
}

/** One page of the ordered list: the rules on it and where it is (1-based). */
export function rulesPage(rules: readonly AutomationRule[], requested: number): PageWindow & { items: AutomationRule[] } {
  return pageOf(orderRules(rules), requested, RULES_PAGE_SIZE);
}

function ruleLines(rule: AutomationRule, n: number, locale: TextLocale, labels?: AddressLabels): string[] {
  const { t, fmt } = locale;
  const details = [...settingsParts(rule, locale), t("rules-part-spent", { amount: fmt.trx(rule.spentTrx) })];
  // a cancelled rule never runs again: how it would resume is beside the point
  if (ruleStatusKind(rule.status) !== "cancelled") details.push(t(rule.autoResume ? "rules-part-auto-resume-on" : "rules-part-auto-resume-off"));
  const lines = [`${n}. ${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> ${addressHtml(rule.targetAddress, labels)}`, `    ${details.join(" · ")}`];
  const reason = ruleStatusKind(rule.status) === "paused" ? pauseReasonLabel(rule, t) : undefined;
  if (reason) lines.push(`    ⏸ ${reason}`);
  return lines;
}

export function renderRulesList(rules: readonly AutomationRule[], requestedPage: number, locale: TextLocale, labels?: AddressLabels): string {
  const { t } = locale;
  if (rules.length === 0) return `${t("rules-list-title")}\n\n${t("rules-list-empty")}`;
  const page = rulesPage(rules, requestedPage);
  const counts = new Map<RuleStatusKind, number>();
  for (const rule of rules) counts.set(ruleStatusKind(rule.status), (counts.get(ruleStatusKind(rule.status)) ?? 0) + 1);
  const lines = [t("rules-list-title")];
  let group: RuleStatusKind | undefined;
  page.items.forEach((rule, i) => {
    const status = ruleStatusKind(rule.status);
    if (status !== group) {
      group = status;
      lines.push("", `<b>${t(`rules-group-${status}`, { count: counts.get(status) ?? 0 })}</b>`);
    }
    lines.push(...ruleLines(rule, page.offset + i + 1, locale, labels));
  });
  if (page.pages > 1) lines.push("", t("rules-list-page", { page: page.page, pages: page.pages }));
  lines.push("", t("rules-list-footer"));
  return lines.join("\n");
}

/** The "are you sure" step before a cancel, which is final. */
export function renderCancelConfirm(rule: AutomationRule, t: Translate): string {
  return [`${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${code(rule.targetAddress)}`, "", t("rules-cancel-confirm")].join("\n");
}

/** Newest first, at most the 50 the marketplace keeps. */
function newestFirst(fires: readonly RuleFiring[]): RuleFiring[] {
  return fires
    .map((fire, index) => ({ fire, index }))
    .sort((a, b) => timeOf(b.fire.createdAt) - timeOf(a.fire.createdAt) || a.index - b.index)
    .slice(0, MAX_FIRES)
    .map((e) => e.fire);
}

/** One page of a rule's firings, newest first. */
export function firesPage(fires: readonly RuleFiring[], requested: number): PageWindow & { items: RuleFiring[] } {
  return pageOf(newestFirst(fires), requested, FIRES_PAGE_SIZE);
}

export function renderRuleFires(rule: AutomationRule, fires: readonly RuleFiring[], requestedPage: number, { t, fmt }: TextLocale): string {
  const page = firesPage(fires, requestedPage);
  const lines = [`${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${code(rule.targetAddress)}`, "", `<b>${t("rules-fires-title")}</b>`];
  if (page.total === 0) return [...lines, t("rules-fires-empty")].join("\n");
  lines.push(t("rules-fires-intro", { count: page.total, max: MAX_FIRES }), "");
  const trx = fmt.trx;
  page.items.forEach((fire, i) => {
    const parts = [t("rules-part-volume", { volume: fmt.volume(fire.volume) })];
    if (fire.duration !== null) parts.push(fmt.duration(fire.duration, t));
    parts.push(code(trx(fire.priceTrx)));
    lines.push(`${page.offset + i + 1}. ${fmt.dateTime(fire.createdAt)} — ${parts.join(" · ")}`);
  });
  if (page.pages > 1) lines.push("", t("rules-list-page", { page: page.page, pages: page.pages }));
  return lines.join("\n");
}
