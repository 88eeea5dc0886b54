/**
 * The texts of /refill, /renewal and /smart: a step (the kind's intro, the answers so far, the
 * question), Change's picker, and the last step before anything is created: the rule as it will be,
 * what one firing costs (the firing preview) next to the balance, and what happens from then on.
 */
import type { AutomationRule, FiringPreview } from "../../../marketplace/index.js";
import { kindIcon, kindLabel } from "../../../rules/labels.js";
import { statusLabel } from "../../../rules/card.js";
import { trxToSun } from "../../../tron/amounts.js";
import { shortfallOf } from "../../../rules/pricing.js";
import { perReferenceEnergy } from "../../../rules/price-cap.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import type { RuleEditArgs } from "../../flow/rule-edit.js";

export type AutomationKind = "refill" | "renewal" | "smart";

/**
 * What a flow asks, one step each; Change on the preview offers the same steps. The max price
 * ("cap") is optional: asked only from its own button on the preview.
 */
export type AutomationStep = "address" | "threshold" | "volume" | "duration" | "autoResume" | "cap";

/** The steps of each kind, in the order they are asked (bandwidth has no rules; smart decides volume and timing itself). */
export const AUTOMATION_STEPS: Record<AutomationKind, readonly AutomationStep[]> = {
  refill: ["address", "threshold", "volume", "duration", "autoResume"],
  renewal: ["address", "volume", "autoResume"],
  smart: ["address", "autoResume"],
};

export interface AutomationDraft {
  kind: AutomationKind;
  address: string;
  minimal?: bigint;
  volume?: bigint;
  duration?: string;
  autoResume: boolean;
  /** The most one firing may cost (SUN), checked by the bot (rules/price-cap.ts); null or absent: none. */
  capSun?: bigint | null;
}

/** The answers while the flow is asking: each step fills its own. */
export type AutomationAnswers = Partial<Omit<AutomationDraft, "kind">>;

/** The answers given, a line each, as the steps show them above their question and the preview lists them. */
export function answerLines(answers: AutomationAnswers, locale: TextLocale, except: readonly AutomationStep[] = []): string[] {
  const { t, fmt } = locale;
  const shown = (step: AutomationStep) => !except.includes(step);
  const lines: string[] = [];
  if (answers.address !== undefined && shown("address")) lines.push(t("rules-card-target", { address: code(answers.address) }));
  if (answers.minimal !== undefined && shown("threshold")) lines.push(t("rules-card-threshold", { volume: code(fmt.volume(answers.minimal)) }));
  if (answers.volume !== undefined && shown("volume")) lines.push(t("rules-card-volume", { volume: code(fmt.volume(answers.volume)) }));
  if (answers.duration !== undefined && shown("duration")) lines.push(t("rules-card-duration", { duration: fmt.duration(answers.duration, t) }));
  if (answers.autoResume !== undefined && shown("autoResume")) lines.push(autoResumeLine(answers.autoResume, t));
  if (typeof answers.capSun === "bigint" && shown("cap")) lines.push(capLine(answers.capSun, answers.volume ?? null, locale));
  return lines;
}

/** "Max price: 20 TRX a firing (5 TRX per 65,000 energy)". */
function capLine(capSun: bigint, volume: bigint | null, { t, fmt }: TextLocale): string {
  const per = perReferenceEnergy(capSun, volume);
  return t("rules-card-cap", { cap: code(fmt.trx(capSun)), per: per === undefined ? "" : t("notice-cap-per-65k", { price: code(fmt.trx(per)) }) });
}

function autoResumeLine(on: boolean, t: Translate): string {
  return t(on ? "rules-card-auto-resume-on" : "rules-card-auto-resume-off");
}

/** One step of the flow's message: what is being created (or `intro`: edited), what was answered (✓), the question. */
export function renderStep(kind: AutomationKind, answered: readonly string[], question: string, t: Translate, intro?: string): string {
  return [intro ?? t(`auto-intro-${kind}`), ...(answered.length > 0 ? ["", ...answered.map((a) => `✓ ${a}`)] : []), "", question].join("\n");
}

/** Change on the preview: which answer to ask again (the others are kept). */
export function renderChangePicker(kind: AutomationKind, answers: AutomationAnswers, locale: TextLocale): string {
  const { t } = locale;
  return [t(`auto-intro-${kind}`), "", ...answerLines(answers, locale), "", t("change-ask")].join("\n");
}

/** The rule being edited as a draft: today's answers, the edit's defaults. */
export function draftOfRule(rule: RuleEditArgs): AutomationDraft {
  const big = (value: string | null) => (value === null ? undefined : BigInt(value));
  const draft: AutomationDraft = { kind: rule.kind, address: rule.address, autoResume: rule.autoResume };
  // only the kind's own steps: a smart rule's volume (about 131k) is the provider's, not an answer
  const steps = AUTOMATION_STEPS[rule.kind];
  if (steps.includes("threshold") && rule.minimal !== null) draft.minimal = big(rule.minimal);
  if (steps.includes("volume") && rule.volume !== null) draft.volume = big(rule.volume);
  if (steps.includes("duration") && rule.duration !== null) draft.duration = rule.duration;
  draft.capSun = rule.capSun === null ? null : BigInt(rule.capSun);
  return draft;
}

/** A rule already on the draft's address (not cancelled): what the preview warns about. */
export type OtherRule = Pick<AutomationRule, "type" | "status">;

export function renderAutomationPreview(
  draft: AutomationDraft,
  preview: FiringPreview,
  balanceTrx: string,
  locale: TextLocale,
  others: readonly OtherRule[] = [],
  /** An edit: the rule as it is today (and its firing price today, when it could be read), shown above the new one. */
  replacing?: { old: AutomationDraft; priceTrx: string | null; paused: boolean },
): { text: string; short: boolean } {
  const { t, fmt } = locale;
  const settings = (rule: AutomationDraft) => {
    const lines = answerLines(rule, locale, ["autoResume"]);
    if (rule.kind === "renewal") lines.push(t("rules-card-renewal-schedule"));
    if (rule.kind === "smart") lines.push(t("rules-card-smart-schedule"));
    lines.push(autoResumeLine(rule.autoResume, t));
    return lines;
  };
  const { missingSun } = shortfallOf(trxToSun(preview.priceTrx), trxToSun(balanceTrx));
  const trx = fmt.trx;
  const lines = [`<b>${t(replacing ? `auto-edit-preview-title-${draft.kind}` : `auto-preview-title-${draft.kind}`)}</b>`, ""];
  if (replacing) {
    lines.push(`<b>${t("auto-edit-today")}</b>`, ...settings(replacing.old));
    if (replacing.priceTrx !== null) lines.push(t("auto-edit-today-price", { price: code(trx(replacing.priceTrx)) }));
    // a new rule starts active: a paused rule edited would run again, which must not come as a surprise
    if (replacing.paused) lines.push(t("auto-edit-was-paused"));
    lines.push("", `<b>${t("auto-edit-after")}</b>`);
  }
  lines.push(...settings(draft));
  // the max price is optional: offered here (its button is under the preview), checked every minute once set
  if (typeof draft.capSun === "bigint") {
    lines.push(t("rules-card-cap-between"));
    if (trxToSun(preview.priceTrx) > draft.capSun) lines.push(t("auto-preview-cap-above"));
  } else {
    lines.push(t("auto-preview-no-cap"));
  }
  lines.push("");
  lines.push(t("auto-preview-price", { price: code(trx(preview.priceTrx)), base: trx(preview.baseCostTrx), commission: trx(preview.commissionTrx) }));
  lines.push(t("auto-preview-balance", { balance: code(trx(balanceTrx)) }), "");
  const volume = draft.volume === undefined ? "" : fmt.volume(draft.volume);
  const minimal = draft.minimal === undefined ? "" : fmt.volume(draft.minimal);
  const duration = draft.duration === undefined ? "" : fmt.duration(draft.duration, t);
  lines.push(t(`auto-what-${draft.kind}`, { volume, minimal, duration }));
  if (missingSun > 0n) {
    const key = draft.kind === "refill" ? "auto-preview-short-refill" : "auto-preview-short-create";
    lines.push("", t(key, { missing: code(trx(missingSun, { up: true })) }));
  }
  if (others.length > 0) {
    // two rules on one address each buy energy on their own: a second one is rarely meant
    const rules = fmt.list(others.map((r) => t("auto-preview-overlap-rule", { kind: `${kindIcon(r)} ${kindLabel(r, t)}`, status: statusLabel(r, t) })));
    lines.push("", t("auto-preview-overlap", { rules, count: others.length }));
  }
  if (replacing) lines.push("", t(typeof draft.capSun === "bigint" ? "auto-edit-how-cap" : "auto-edit-how"));
  return { text: lines.join("\n"), short: missingSun > 0n };
}
