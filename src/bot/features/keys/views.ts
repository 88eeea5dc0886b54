/**
 * What the keys feature shows: the /keys list (every key with its label, fingerprint, default
 * mark, date added and what it is known unable to do), a key's card, the remove confirmation.
 * Pure text; the buttons are the menus of menus.ts.
 */
import type { ApiKeyRow } from "../../../store/api-keys.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { escapeHtml } from "../../../format/html.js";
import { lowestMissing, type KeyScope } from "../../../credentials/scopes.js";
import { fingerprintText } from "../../marketplace/key-labels.js";
import { budgetPercent, type KeyBudget } from "../../../orders/budget.js";
import { code } from "../../../format/html.js";
import { monthName } from "../../../format/month.js";

export { fingerprintText, keyButtonLabel } from "../../marketplace/key-labels.js";

/** What is shown of a key: everything but the sealed secret (this is what conversations keep). */
export type KeyView = Omit<ApiKeyRow, "sealedKey">;

export function toKeyView({ sealedKey: _sealed, ...view }: ApiKeyRow): KeyView {
  return view;
}


/** A new key checked and stored: which one, whether it became the default, and what it can do when that is known. */
export function keySavedText(key: Pick<ApiKeyRow, "fingerprint" | "isDefault">, t: Translate, scope?: KeyScope): string {
  const saved = t("keys-saved", { fingerprint: escapeHtml(fingerprintText(key)), default: key.isDefault ? "yes" : "no" });
  return scope ? `${saved}\n${t("keys-access", { scope })}` : saved;
}

/** The label (escaped) or "no label". */
export function keyName(key: Pick<ApiKeyRow, "label">, t: Translate): string {
  return key.label ? escapeHtml(key.label) : t("keys-no-label");
}


/** A key's lines: name, fingerprint and default mark; date added; scopes it lacks. */
function keyLines(key: KeyView, { t, fmt }: TextLocale): string[] {
  const fp = escapeHtml(fingerprintText(key));
  const lines = [`<b>${keyName(key, t)}</b> <code>${fp}</code>${key.isDefault ? ` ${t("keys-default-badge")}` : ""}`];
  lines.push(`    ${t("keys-added-on", { date: fmt.date(key.createdAt) })}`);
  const lacks = lowestMissing(key);
  if (lacks) lines.push(`    ${t("keys-cannot", { lacks })}`);
  return lines;
}

const withNote = (note: string | undefined, text: string) => (note ? `${note}\n\n${text}` : text);

export function keysListText(keys: readonly KeyView[], locale: TextLocale, note?: string): string {
  const { t } = locale;
  if (keys.length === 0) return withNote(note, t("keys-list-empty"));
  const items = keys.map((key, i) => `${i + 1}. ${keyLines(key, locale).join("\n")}`);
  return withNote(note, `${t("keys-list-title")}\n\n${items.join("\n\n")}\n\n${t("keys-list-footer")}`);
}

export function keyCardText(key: KeyView, locale: TextLocale, note?: string, budget?: KeyBudget): string {
  return withNote(note, [`🔑 ${keyLines(key, locale).join("\n")}`, "", ...budgetLines(budget, locale)].join("\n"));
}

/** The key's monthly budget on its card: spent of budget this UTC month, reached, and what it is not (the daily spend limit). */
function budgetLines(budget: KeyBudget | undefined, { t, fmt }: TextLocale): string[] {
  if (!budget) return [t("keys-budget-none"), t("keys-budget-explain")];
  const trx = fmt.trx;
  const lines = [
    t("keys-budget-line", { spent: code(trx(budget.spentSun)), budget: code(trx(budget.budgetSun)), percent: budgetPercent(budget.spentSun, budget.budgetSun), month: monthName(budget.month, fmt.locale) }),
  ];
  if (budget.standing === "reached" || budget.pausedRules > 0) lines.push(t("keys-budget-reached-line", { paused: budget.pausedRules }));
  lines.push(t("keys-budget-explain"));
  return lines;
}

/** "Remove key …1234? This cannot be undone." */
export function removeConfirmText(key: KeyView, t: Translate): string {
  return t("keys-remove-confirm", { name: keyName(key, t), fingerprint: escapeHtml(fingerprintText(key)) });
}
