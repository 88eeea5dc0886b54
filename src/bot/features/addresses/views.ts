/**
 * How saved addresses read: a button for an address wherever the bot asks for one (its label first,
 * when it has one), the /addresses list with each address's live energy, an address's card, and
 * what a label may be. Pure: the callers pass their locale and what the checker answered.
 */
import type { AddressCheck } from "../../../marketplace/index.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";
import type { PageWindow } from "../../ui/paging.js";

export const MAX_ADDRESS_LABEL = 24;

export type LabelCheck = { ok: true; label: string } | { ok: false; reason: "empty" | "long" | "markup" };

/**
 * A label is one line of 1–24 characters with no markup: tags, entities and backticks would read
 * as formatting (or break it) wherever the label is shown.
 */
export function checkAddressLabel(text: string): LabelCheck {
  const label = text.trim().replace(/\s+/g, " ");
  if (label.length === 0) return { ok: false, reason: "empty" };
  if ([...label].length > MAX_ADDRESS_LABEL) return { ok: false, reason: "long" };
  if (/[<>`]|&#?\w+;|\p{Cc}|(?!\u200d)\p{Cf}/u.test(label)) return { ok: false, reason: "markup" };
  return { ok: true, label };
}

/** "⚡ 65,000 energy" from the checker, or a dash when it could not say. */
function energyText(check: AddressCheck | null, { t, fmt }: TextLocale): string {
  return check ? t("addresses-energy", { energy: fmt.volume(check.energyAvailable) }) : t("addresses-energy-unknown");
}

function nameOf(entry: Pick<SavedAddress, "label">, t: Translate): string {
  return entry.label ? `<b>${escapeHtml(entry.label)}</b>` : t("addresses-no-label");
}

export function renderAddressList(
  page: PageWindow & { items: SavedAddress[] },
  checks: ReadonlyArray<AddressCheck | null>,
  locale: TextLocale,
  note?: string,
): string {
  const { t } = locale;
  const lines = note ? [note, ""] : [];
  lines.push(t("addresses-title", { page: page.page, pages: page.pages }), "");
  page.items.forEach((entry, i) => {
    lines.push(`${page.offset + 1 + i}. ${nameOf(entry, t)} ${code(entry.address)}`, `    ${energyText(checks[i] ?? null, locale)}`);
  });
  lines.push("", t("addresses-hint"));
  return lines.join("\n");
}

export function renderAddressCard(entry: SavedAddress, check: AddressCheck | null, locale: TextLocale): string {
  const { t, fmt } = locale;
  const lines = [nameOf(entry, t), code(entry.address), "", energyText(check, locale)];
  if (check) lines.push(t("addresses-bandwidth", { bandwidth: fmt.volume(check.bandwidthAvailable) }));
  lines.push(t("addresses-used-at", { time: fmt.dateTime(entry.usedAt) }));
  return lines.join("\n");
}
