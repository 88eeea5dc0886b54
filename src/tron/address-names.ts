/**
 * The names a user gives their saved addresses: how a named address reads ("Main wallet · TM93…Nt3"),
 * and how a typed name (alone, or at the start of a command line) is read back as the address.
 */
import { shortAddress } from "./address.js";
import { escapeHtml } from "../format/html.js";

/** A saved address and the name its owner gave it (null: none). */
export interface NamedAddress {
  address: string;
  label: string | null;
}

/** `label · TXyz…abcd`, or the short address alone. */
export function labelledAddress(entry: NamedAddress): string {
  return entry.label ? `${entry.label} · ${shortAddress(entry.address)}` : shortAddress(entry.address);
}

const normalised = (text: string): string => text.trim().replace(/\s+/g, " ").toLocaleLowerCase();

/** The saved address a typed answer names by its label (case-insensitive, spaces as typed), if any. */
export function addressByLabel(saved: readonly NamedAddress[], text: string): string | undefined {
  const wanted = normalised(text);
  return saved.find((e) => e.label !== null && e.label.toLocaleLowerCase() === wanted)?.address;
}

/** A name in quotes at the start of a line: "Main wallet", 'Main wallet', «Биржа», “钱包”. */
const QUOTED = /^(?:"([^"]+)"|'([^']+)'|«([^»]+)»|“([^”]+)”|„([^“”]+)[“”])(?=\s|$)/;

/**
 * The address a command line starts with when it starts with a saved name: a quoted name, or else
 * the longest run of leading words that is a name (so "Main wallet 2" is Main wallet, not Main,
 * when both are names). `rest` is what follows the name.
 */
export function leadingNamedAddress(saved: readonly NamedAddress[], text: string): { address: string; rest: string } | undefined {
  if (!saved.some((e) => e.label !== null)) return undefined;
  const line = text.trim();
  const quoted = QUOTED.exec(line);
  if (quoted) {
    const address = addressByLabel(saved, quoted.slice(1).find((g) => g !== undefined)!);
    if (address !== undefined) return { address, rest: line.slice(quoted[0].length).trim() };
  }
  const words = line.split(/\s+/).filter(Boolean);
  for (let count = words.length; count > 0; count--) {
    const address = addressByLabel(saved, words.slice(0, count).join(" "));
    if (address !== undefined) return { address, rest: words.slice(count).join(" ") };
  }
  return undefined;
}

/** The addresses a step offers as buttons: the newest `max` saved ones, with the one being changed first when it is not among them. */
export function offeredAddresses(saved: readonly NamedAddress[], previous: string | undefined, max: number): NamedAddress[] {
  const newest = saved.slice(0, max);
  if (previous === undefined || newest.some((e) => e.address === previous)) return newest;
  return [saved.find((e) => e.address === previous) ?? { address: previous, label: null }, ...newest.slice(0, max - 1)];
}

/** The names of a user's saved addresses, by address (only the named ones). */
export type AddressLabels = ReadonlyMap<string, string>;

export function labelsOf(saved: readonly NamedAddress[]): AddressLabels {
  return new Map(saved.flatMap((e) => (e.label ? [[e.address, e.label] as const] : [])));
}

/**
 * An address in a card or a line (HTML): its name first when the user saved one ("Main wallet ·
 * <code>TM93…</code>"), the address copyable; `short` shows "TM93…Nt3" instead of all of it.
 */
export function addressHtml(address: string, labels?: AddressLabels, options: { short?: boolean } = {}): string {
  const shown = `<code>${escapeHtml(options.short ? shortAddress(address) : address)}</code>`;
  const label = labels?.get(address);
  return label ? `${escapeHtml(label)} · ${shown}` : shown;
}

/** Plain text for a narrow button: the address's name when it has one, else "TM93…Nt3". */
export function addressName(address: string, labels?: AddressLabels): string {
  return labels?.get(address) ?? shortAddress(address);
}
