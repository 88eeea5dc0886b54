/**
 * The /keys message: every key with its label, fingerprint, default mark, date added and any scope
 * it was seen to lack, and per-key buttons (make default, rename, remove) that edit it in place.
 */
import { InlineKeyboard } from "grammy";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";

/** What is shown of a key: everything but the sealed secret (this is what conversations keep). */
export type KeyView = Omit<ApiKeyRow, "sealedKey">;

export function toKeyView({ sealedKey: _sealed, ...view }: ApiKeyRow): KeyView {
  return view;
}

export const KeysData = {
  back: "keys:back",
  makeDefault: (id: number) => `keys:def:${id}`,
  rename: (id: number) => `keys:ren:${id}`,
  remove: (id: number) => `keys:rm:${id}`,
  removeConfirmed: (id: number) => `keys:rmy:${id}`,
} as const;

/** "…1234": the only part of a key ever shown. */
export function fingerprintText(key: Pick<ApiKeyRow, "fingerprint">): string {
  return `…${key.fingerprint}`;
}

/** The label (escaped) or "no label". */
export function keyName(key: Pick<ApiKeyRow, "label">, t: Translate): string {
  return key.label ? escapeHtml(key.label) : t("keys-no-label");
}

export function missingScopes(key: Pick<ApiKeyRow, "missingScopes">): string[] {
  try {
    const parsed = JSON.parse(key.missingScopes) as unknown;
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

export function renderKeysList(keys: readonly KeyView[], t: Translate, fmt: Formatter, notice?: string): { text: string; keyboard: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  const head = notice ? `${notice}\n\n` : "";
  if (keys.length === 0) {
    keyboard.text(t("keys-button-add"), SharedButtons.addKey.pack());
    return { text: `${head}${t("keys-list-empty")}`, keyboard };
  }
  const items = keys.map((key, i) => {
    const fp = escapeHtml(fingerprintText(key));
    const lines = [`${i + 1}. <b>${keyName(key, t)}</b> <code>${fp}</code>${key.isDefault ? ` ${t("keys-default-badge")}` : ""}`];
    lines.push(`    ${t("keys-added-on", { date: fmt.date(key.createdAt) })}`);
    const missing = missingScopes(key);
    if (missing.length > 0) lines.push(`    ${t("keys-cannot", { scopes: missing.map(escapeHtml).join(", ") })}`);
    if (!key.isDefault) keyboard.text(t("keys-button-make-default", { fingerprint: fingerprintText(key) }), KeysData.makeDefault(key.id)).row();
    keyboard
      .text(t("keys-button-rename", { fingerprint: fingerprintText(key) }), KeysData.rename(key.id))
      .text(t("keys-button-remove", { fingerprint: fingerprintText(key) }), KeysData.remove(key.id))
      .row();
    return lines.join("\n");
  });
  keyboard.text(t("keys-button-add"), SharedButtons.addKey.pack());
  return { text: `${head}${t("keys-list-title")}\n\n${items.join("\n\n")}\n\n${t("keys-list-footer")}`, keyboard };
}

/** "Remove key …1234? This cannot be undone." with Yes / No. */
export function renderRemoveConfirm(key: KeyView, t: Translate): { text: string; keyboard: InlineKeyboard } {
  return {
    text: t("keys-remove-confirm", { name: keyName(key, t), fingerprint: escapeHtml(fingerprintText(key)) }),
    keyboard: new InlineKeyboard().text(t("keys-button-remove-yes"), KeysData.removeConfirmed(key.id)).text(t("button-no"), KeysData.back),
  };
}
