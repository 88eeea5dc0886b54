/**
 * The texts of /refill, /renewal and /smart: a step (the kind's intro, the answers so far, the
 * question) and the last step before anything is created: the rule as it will be, what one firing
 * costs (the firing preview) next to the balance, and what happens from then on.
 */
import type { FiringPreview } from "../../../marketplace/index.js";
import { trxToSun } from "../../../tron/amounts.js";
import { shortfallOf } from "../../../rules/pricing.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";

export type AutomationKind = "refill" | "renewal" | "smart";

export interface AutomationDraft {
  kind: AutomationKind;
  address: string;
  minimal?: bigint;
  volume?: bigint;
  duration?: string;
  autoResume: boolean;
}

/** One step of the flow's message: what is being created, what was answered (✓), the question. */
export function renderStep(kind: AutomationKind, answered: readonly string[], question: string, t: Translate): string {
  return [t(`auto-intro-${kind}`), ...(answered.length > 0 ? ["", ...answered.map((a) => `✓ ${a}`)] : []), "", question].join("\n");
}

export function renderAutomationPreview(
  draft: AutomationDraft,
  preview: FiringPreview,
  balanceTrx: string,
  t: Translate,
  fmt: Formatter,
): { text: string; short: boolean } {
  const lines = [`<b>${t(`auto-preview-title-${draft.kind}`)}</b>`, "", t("rules-card-target", { address: code(draft.address) })];
  if (draft.minimal !== undefined) lines.push(t("rules-card-threshold", { volume: code(fmt.volume(draft.minimal)) }));
  if (draft.volume !== undefined) lines.push(t("rules-card-volume", { volume: code(fmt.volume(draft.volume)) }));
  if (draft.duration !== undefined) lines.push(t("rules-card-duration", { duration: fmt.duration(draft.duration, t) }));
  if (draft.kind === "renewal") lines.push(t("rules-card-renewal-schedule"));
  if (draft.kind === "smart") lines.push(t("rules-card-smart-schedule"));
  lines.push(t(draft.autoResume ? "rules-card-auto-resume-on" : "rules-card-auto-resume-off"), "");
  const { missingSun } = shortfallOf(trxToSun(preview.priceTrx), trxToSun(balanceTrx));
  // one number of decimals for every amount of the card
  const trx = fmt.trxCard([preview.priceTrx, preview.baseCostTrx, preview.commissionTrx, balanceTrx, missingSun]);
  lines.push(t("auto-preview-price", { price: code(trx(preview.priceTrx)), base: trx(preview.baseCostTrx), commission: trx(preview.commissionTrx) }));
  lines.push(t("auto-preview-balance", { balance: code(trx(balanceTrx)) }), "");
  const volume = draft.volume === undefined ? "" : fmt.volume(draft.volume);
  const minimal = draft.minimal === undefined ? "" : fmt.volume(draft.minimal);
  const duration = draft.duration === undefined ? "" : fmt.duration(draft.duration, t);
  lines.push(t(`auto-what-${draft.kind}`, { volume, minimal, duration }));
  if (missingSun > 0n) {
    const key = draft.kind === "refill" ? "auto-preview-short-refill" : "auto-preview-short-create";
    lines.push("", t(key, { missing: code(trx(missingSun)) }));
  }
  return { text: lines.join("\n"), short: missingSun > 0n };
}
