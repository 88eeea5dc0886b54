/**
 * One automation rule as a card: what it does, its state (with the pause reason explained), what it
 * has spent; and the buttons the spec's state table allows (active → Pause, Cancel; paused →
 * Resume, Cancel; cancelled → none), plus Fires, Refresh and Back.
 */
import { kindIcon, kindLabel } from "../../rules/labels.js";
import { InlineKeyboard } from "grammy";
import {
  pauseReasonKind,
  ruleKind,
  ruleStatusKind,
  type AutomationRule,
  type RuleStatusKind,
} from "../../marketplace/index.js";
import type { Formatter, Translate } from "../../format/formatter.js";
import { code, escapeHtml } from "../../format/html.js";

/** Callback data of the rules feature (a uuid is 36 characters: every one fits in 64 bytes). */
export const RuleActions = {
  page: (page: number) => `rule:l:${page}`,
  open: (id: string) => `rule:o:${id}`,
  pause: (id: string) => `rule:p:${id}`,
  resume: (id: string) => `rule:r:${id}`,
  askCancel: (id: string) => `rule:x:${id}`,
  cancel: (id: string) => `rule:xx:${id}`,
  fires: (id: string, page: number) => `rule:f:${id}:${page}`,
} as const;

const STATUS_ICON: Record<RuleStatusKind, string> = { active: "🟢", paused: "⏸", cancelled: "✖️", unknown: "❔" };


export function statusLabel(rule: Pick<AutomationRule, "status">, t: Translate): string {
  const status = ruleStatusKind(rule.status);
  const text = status === "unknown" ? escapeHtml(rule.status) : t(`rules-status-${status}`);
  return `${STATUS_ICON[status]} ${text}`;
}

/** "System: the balance ran out" / "User: you paused it"; undefined when there is no reason. */
export function pauseReasonLabel(rule: Pick<AutomationRule, "pauseReason">, t: Translate): string | undefined {
  const reason = pauseReasonKind(rule.pauseReason);
  if (reason === null) return undefined;
  return reason === "other" ? escapeHtml(rule.pauseReason ?? "") : t(`rules-pause-${reason}`);
}

/** Threshold, volume and duration, each only where the rule has one. */
export function settingsParts(rule: AutomationRule, t: Translate, fmt: Formatter): string[] {
  const parts: string[] = [];
  if (rule.minimal !== null) parts.push(t("rules-part-threshold", { volume: fmt.volume(rule.minimal) }));
  if (rule.volume !== null) parts.push(t("rules-part-volume", { volume: fmt.volume(rule.volume) }));
  if (rule.duration !== null) parts.push(t("rules-part-duration", { duration: fmt.duration(rule.duration, t) }));
  return parts;
}

export interface RenderedCard {
  text: string;
  keyboard: InlineKeyboard;
}

export function renderRuleCard(
  rule: AutomationRule,
  t: Translate,
  fmt: Formatter,
  options: { note?: string; backPage?: number } = {},
): RenderedCard {
  const kind = ruleKind(rule.type);
  const status = ruleStatusKind(rule.status);
  const lines: string[] = [];
  if (options.note) lines.push(options.note, "");
  lines.push(`${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${statusLabel(rule, t)}`);
  lines.push(t("rules-card-target", { address: code(rule.targetAddress) }));
  if (rule.minimal !== null) lines.push(t("rules-card-threshold", { volume: code(fmt.volume(rule.minimal)) }));
  if (rule.volume !== null) lines.push(t("rules-card-volume", { volume: code(fmt.volume(rule.volume)) }));
  if (rule.duration !== null) lines.push(t("rules-card-duration", { duration: fmt.duration(rule.duration, t) }));
  if (kind === "renewal") lines.push(t("rules-card-renewal-schedule"));
  if (kind === "smart") lines.push(t("rules-card-smart-schedule"));
  const reason = pauseReasonLabel(rule, t);
  if (status === "paused" && reason) lines.push(t("rules-card-pause-reason", { reason }));
  lines.push(t(rule.autoResume ? "rules-card-auto-resume-on" : "rules-card-auto-resume-off"));
  lines.push(t("rules-card-spent", { amount: code(fmt.trx(rule.spentTrx)) }));
  lines.push(t("rules-card-created", { date: fmt.dateTime(rule.createdAt) }));
  if (rule.updatedAt !== rule.createdAt) lines.push(t("rules-card-updated", { date: fmt.dateTime(rule.updatedAt) }));
  lines.push(t("rules-card-id", { id: code(rule.id) }));
  if (status === "cancelled") lines.push("", t("rules-card-cancelled-final"));

  const keyboard = new InlineKeyboard();
  if (status === "active") keyboard.text(t("rules-button-pause"), RuleActions.pause(rule.id));
  if (status === "paused") keyboard.text(t("rules-button-resume"), RuleActions.resume(rule.id));
  if (status === "active" || status === "paused") keyboard.text(t("rules-button-cancel"), RuleActions.askCancel(rule.id)).row();
  keyboard.text(t("rules-button-fires"), RuleActions.fires(rule.id, 0)).text(t("button-refresh"), RuleActions.open(rule.id)).row();
  keyboard.text(t("button-back"), RuleActions.page(options.backPage ?? 0));
  return { text: lines.join("\n"), keyboard };
}

/** The "are you sure" step before a cancel, which is final. */
export function renderCancelConfirm(rule: AutomationRule, t: Translate): RenderedCard {
  const text = [
    `${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${code(rule.targetAddress)}`,
    "",
    t("rules-cancel-confirm"),
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(t("rules-button-cancel-confirm"), RuleActions.cancel(rule.id))
    .row()
    .text(t("rules-button-keep"), RuleActions.open(rule.id));
  return { text, keyboard };
}
