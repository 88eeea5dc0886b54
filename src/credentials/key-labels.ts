/** How a stored key is named wherever it is shown: its fingerprint, and its button in a list of keys (the chat, a statement). */
import type { ApiKeyRow } from "../store/api-keys.js";
import type { Translate } from "../format/formatter.js";

/** "…1234": the only part of a key ever shown. */
export function fingerprintText(key: Pick<ApiKeyRow, "fingerprint">): string {
  return `…${key.fingerprint}`;
}

/** A key's button in a list of keys (button labels are plain text, not HTML). */
export function keyButtonLabel(key: Pick<ApiKeyRow, "label" | "fingerprint" | "isDefault">, t: Translate): string {
  return `${key.isDefault ? "⭐ " : ""}${key.label || t("keys-no-label")} ${fingerprintText(key)}`;
}
