/**
 * How saved addresses read: a button for an address wherever the bot asks for one (its label first,
 * when it has one), the /addresses list with each address's live energy, an address's card, and
 * what a label may be. Pure: the callers pass t, fmt and what the checker answered.
 */
import type { AddressCheck } from "../../../marketplace/index.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { shortAddress } from "../../../tron/address.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";
import type { PageWindow } from "../../ui/paging.js";

export const MAX_ADDRESS_LABEL = 24;

/** The text of an address's button: `label · TXyz…abcd`, or the short address alone. */
export function addressChoiceText(entry: Pick<SavedAddress, "address" | "label">): string {
  return entry.label ? `${entry.label} · ${shortAddress(entry.address)}` : shortAddress(entry.address);
}

type Named = Pick<SavedAddress, "address" | "label">;

/** The addresses a step offers as buttons: the newest `max` saved ones, with the one being changed first when it is not among them. */
export function offeredAddresses(saved: readonly Named[], previous: string | undefined, max: number): Named[] {
  const newest = saved.slice(0, max);
  if (previous === undefined || newest.some((e) => e.address === previous)) return newest;
  return [saved.find((e) => e.address === previous) ?? { address: previous, label: null }, ...newest.slice(0, max - 1)];
}

/** The saved address a typed answer names by its label (case-insensitive), if any. */
export function addressByLabel(saved: ReadonlyArray<Pick<SavedAddress, "address" | "label">>, text: string): string | undefined {
  const wanted = text.trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return saved.find((e) => e.label !== null && e.label.toLocaleLowerCase() === wanted)?.address;
}

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
function energyText(check: AddressCheck | null, t: Translate, fmt: Formatter): string {
  return check ? t("addresses-energy", { energy: fmt.volume(check.energyAvailable) }) : t("addresses-energy-unknown");
}

function nameOf(entry: Pick<SavedAddress, "label">, t: Translate): string {
  return entry.label ? `<b>${escapeHtml(entry.label)}</b>` : t("addresses-no-label");
}

export function renderAddressList(
  page: PageWindow & { items: SavedAddress[] },
  checks: ReadonlyArray<AddressCheck | null>,
  t: Translate,
  fmt: Formatter,
  note?: string,
): string {
  const lines = note ? [note, ""] : [];
  lines.push(t("addresses-title", { page: page.page, pages: page.pages }), "");
  page.items.forEach((entry, i) => {
    lines.push(`${page.offset + 1 + i}. ${nameOf(entry, t)} ${code(entry.address)}`, `    ${energyText(checks[i] ?? null, t, fmt)}`);
  });
  lines.push("", t("addresses-hint"));
  return lines.join("\n");
}

export function renderAddressCard(entry: SavedAddress, check: AddressCheck | null, t: Translate, fmt: Formatter): string {
  const lines = [nameOf(entry, t), code(entry.address), "", energyText(check, t, fmt)];
  if (check) lines.push(t("addresses-bandwidth", { bandwidth: fmt.volume(check.bandwidthAvailable) }));
  lines.push(t("addresses-used-at", { time: fmt.dateTime(entry.usedAt) }));
  return lines.join("\n");
}
