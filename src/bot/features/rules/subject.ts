/**
 * What a button of the rules menus is about, carried in its payload: a verb (what the tap does),
 * the list page (where the card's Back returns), the rule and the firings page.
 *
 * The verb travels too, so a tap on a card drawn before the rule changed (a double tap on Pause, a
 * rule cancelled elsewhere) still does what its label said, and the marketplace's answer (409: an
 * "already paused" note with the card as it stands) is what the user sees.
 *
 * The rule id goes without its dashes: the menu plugin puts the menu id, the button's position and
 * a hash of up to 12 bytes around the payload, all within Telegram's 64 bytes (the longest payload
 * here is 39 bytes, so menu ids of up to 6 characters fit).
 */
export type RuleVerb = "list" | "open" | "pause" | "resume" | "ask" | "cancel" | "fires" | "cap" | "edit";

export interface RuleSubject {
  verb: RuleVerb;
  /** The list page, 1-based. */
  page: number;
  /** Every verb but `list` is about one rule. */
  id?: string;
  /** The firings page, 1-based (verb `fires`). */
  fires?: number;
}

const LETTERS: Record<RuleVerb, string> = { list: "l", open: "o", pause: "p", resume: "r", ask: "a", cancel: "c", fires: "f", cap: "m", edit: "e" };
const VERBS = new Map(Object.entries(LETTERS).map(([verb, letter]) => [letter, verb as RuleVerb]));
const PATTERN = /^([a-z])(\d{1,3})(?:\.([0-9a-fA-F]{32})(?:\.(\d))?)?$/;
const UUID = /^([0-9a-fA-F]{8})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{12})$/;

export function packSubject(subject: RuleSubject): string {
  let payload = `${LETTERS[subject.verb]}${subject.page}`;
  if (subject.id !== undefined) {
    const parts = UUID.exec(subject.id);
    if (!parts) throw new Error("rule ids are uuids");
    payload += `.${parts.slice(1).join("")}`;
    if (subject.fires !== undefined) payload += `.${subject.fires}`;
  }
  if (!PATTERN.test(payload)) throw new Error(`rules payload out of range: ${payload}`);
  return payload;
}

/** The subject, or undefined for a payload that is not one (a forged or foreign tap). */
export function parseSubject(payload: string): RuleSubject | undefined {
  const match = PATTERN.exec(payload);
  const verb = match && VERBS.get(match[1]!);
  if (!match || !verb) return undefined;
  const hex = match[3];
  if (verb !== "list" && hex === undefined) return undefined;
  const subject: RuleSubject = { verb, page: Number(match[2]) };
  if (hex !== undefined) subject.id = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  if (match[4] !== undefined) subject.fires = Number(match[4]);
  return subject;
}
