/**
 * One automation rule as a card: what it does, its state (with the pause reason explained), what it
 * has spent; and the transitions the spec's state table allows from its state (active → pause,
 * cancel; paused → resume, cancel; cancelled → none). Shared by the rule card in /rules and the
 * result of the creation flows.
 */
import { addressHtml, type AddressLabels } from "../tron/address-names.js";
import { kindIcon, kindLabel } from "./labels.js";
import { pauseReasonKind, ruleKind, ruleStatusKind, type AutomationRule, type RuleStatusKind } from "../marketplace/index.js";
import type { TextLocale, Translate } from "../format/formatter.js";
import { code } from "../format/html.js";
import { perReferenceEnergy } from "./price-cap.js";

export type RuleTransition = "pause" | "resume" | "cancel";

const TRANSITIONS: Record<RuleStatusKind, readonly RuleTransition[]> = {
  active: ["pause", "cancel"],
  paused: ["resume", "cancel"],
  cancelled: [],
  // a status the bot does not know: offer nothing the server may refuse
  unknown: [],
};

/** What the state table allows from the rule's state, whatever the spelling of the status. */
export function ruleTransitions(rule: Pick<AutomationRule, "status">): readonly RuleTransition[] {
  return TRANSITIONS[ruleStatusKind(rule.status)];
}

const STATUS_ICON: Record<RuleStatusKind, string> = { active: "🟢", paused: "⏸", cancelled: "✖️", unknown: "❔" };

/** "🟢 active", "⏸ paused"; a status this bot does not know is shown as the server wrote it. */
export function statusLabel(rule: Pick<AutomationRule, "status">, t: Translate): string {
  const status = ruleStatusKind(rule.status);
  const text = status === "unknown" ? t("rules-status-unknown", { status: code(rule.status) }) : t(`rules-status-${status}`);
  return `${STATUS_ICON[status]} ${text}`;
}

/** Why the rule is paused, in words (never the API's System / User); undefined when there is no reason. */
export function pauseReasonLabel(rule: Pick<AutomationRule, "pauseReason">, t: Translate): string | undefined {
  const reason = pauseReasonKind(rule.pauseReason);
  if (reason === null) return undefined;
  return reason === "other" ? t("rules-pause-other", { reason: code(rule.pauseReason ?? "") }) : t(`rules-pause-${reason}`);
}

/** Threshold, volume and duration, each only where the rule has one. */
export function settingsParts(rule: AutomationRule, { t, fmt }: TextLocale): string[] {
  const parts: string[] = [];
  if (rule.minimal !== null) parts.push(t("rules-part-threshold", { volume: fmt.volume(rule.minimal) }));
  if (rule.volume !== null) parts.push(t("rules-part-volume", { volume: fmt.volume(rule.volume) }));
  if (rule.duration !== null) parts.push(t("rules-part-duration", { duration: fmt.duration(rule.duration, t) }));
  return parts;
}

/** The cap on the card: per firing (and per 65,000 energy when the rule has a volume), and what a minute between checks allows. */
function capLines(rule: AutomationRule, capSun: bigint, { t, fmt }: TextLocale): string[] {
  const per = perReferenceEnergy(capSun, rule.volume);
  const trx = fmt.trx;
  const perText = per === undefined ? "" : t("notice-cap-per-65k", { price: code(trx(per)) });
  return [t("rules-card-cap", { cap: code(trx(capSun)), per: perText }), t("rules-card-cap-between")];
}

/** What the bot keeps of a rule: paused for its key's monthly budget (orders/budget.ts), its price cap (rules/price-cap.ts). */
export interface RuleMarks {
  pausedForBudget?: boolean;
  cap?: { capSun: bigint; pausedAbove: boolean };
}

/** The card's text; `note` (what just happened) goes above it. */
export function renderRuleCard(rule: AutomationRule, locale: TextLocale, note?: string, labels?: AddressLabels, marks: RuleMarks = {}): string {
  const { t, fmt } = locale;
  const kind = ruleKind(rule.type);
  const status = ruleStatusKind(rule.status);
  const lines: string[] = [];
  if (note) lines.push(note, "");
  lines.push(`${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${statusLabel(rule, t)}`);
  lines.push(t("rules-card-target", { address: addressHtml(rule.targetAddress, labels) }));
  if (rule.minimal !== null) lines.push(t("rules-card-threshold", { volume: code(fmt.volume(rule.minimal)) }));
  if (rule.volume !== null) lines.push(t("rules-card-volume", { volume: code(fmt.volume(rule.volume)) }));
  if (rule.duration !== null) lines.push(t("rules-card-duration", { duration: fmt.duration(rule.duration, t) }));
  if (kind === "renewal") lines.push(t("rules-card-renewal-schedule"));
  if (kind === "smart") lines.push(t("rules-card-smart-schedule"));
  const reason = pauseReasonLabel(rule, t);
  const { pausedForBudget = false, cap } = marks;
  if (status === "paused" && cap?.pausedAbove) lines.push(t("rules-card-cap-paused"));
  else if (status === "paused" && pausedForBudget) lines.push(t("rules-card-paused-for-budget"));
  else if (status === "paused" && reason) lines.push(t("rules-card-pause-reason", { reason }));
  if (cap && status !== "cancelled") lines.push(...capLines(rule, cap.capSun, locale));
  // a cancelled rule never runs again: how it would resume is beside the point
  if (status !== "cancelled") lines.push(t(rule.autoResume ? "rules-card-auto-resume-on" : "rules-card-auto-resume-off"));
  lines.push(t("rules-card-spent", { amount: code(fmt.trx(rule.spentTrx)) }));
  lines.push(t("rules-card-created", { date: fmt.dateTime(rule.createdAt) }));
  if (rule.updatedAt !== rule.createdAt) lines.push(t("rules-card-updated", { date: fmt.dateTime(rule.updatedAt) }));
  lines.push(t("rules-card-id", { id: code(rule.id) }));
  if (status === "cancelled") lines.push("", t("rules-card-cancelled-final"));
  return lines.join("\n");
}
