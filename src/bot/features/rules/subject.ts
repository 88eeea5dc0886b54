/**
 * What a button of the rules menus is about, carried in its payload: a verb (what the tap does),
 * the list page (where the card's Back returns), the rule and the firings page.
 *
 * The verb travels too, so a tap on a card drawn before the rule changed (a double tap on Pause, a
 * rule cancelled elsewhere) still does what its label said, and the marketplace's answer (409: an
 * "already paused" note with the card as it stands) is what the user sees.
 *
 * Packed by the callback codec's payloads: `<verb letter>:<page>`, `…:<rule id>` (a compact uuid)
 * and `…:<firings page>`, each checked to fit beside the menus' ids within Telegram's 64 bytes.
 */
import { definePayload } from "../../../telegram/callback-codec.js";

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

const MENUS = ["rules", "rule", "rule-x", "rule-f"];
const LIST = definePayload({ verb: "word", page: "int" }, { menus: MENUS });
const RULE = definePayload({ verb: "word", page: "int", id: "compactUuid" }, { menus: MENUS });
const FIRES = definePayload({ verb: "word", page: "int", id: "compactUuid", fires: "int" }, { menus: MENUS });

/** The list page up to 999 and the firings page up to 9 (as many as the menus show). */
const inRange = (subject: RuleSubject) => subject.page >= 0 && subject.page <= 999 && (subject.fires === undefined || (subject.fires >= 0 && subject.fires <= 9));

export function packSubject(subject: RuleSubject): string {
  if (!inRange(subject)) throw new Error(`rules payload out of range: page ${subject.page}, firings page ${subject.fires}`);
  const verb = LETTERS[subject.verb];
  if (subject.id === undefined) return LIST.pack({ verb, page: subject.page });
  if (subject.fires === undefined) return RULE.pack({ verb, page: subject.page, id: subject.id });
  return FIRES.pack({ verb, page: subject.page, id: subject.id, fires: subject.fires });
}

/** The subject, or undefined for a payload that is not one (a forged or foreign tap). */
export function parseSubject(payload: string): RuleSubject | undefined {
  const read: { verb: string; page: number; id?: string; fires?: number } | undefined = FIRES.unpack(payload) ?? RULE.unpack(payload) ?? LIST.unpack(payload);
  const verb = read && VERBS.get(read.verb);
  if (!read || !verb || (verb !== "list" && read.id === undefined)) return undefined;
  const subject: RuleSubject = { verb, page: read.page };
  if (read.id !== undefined) subject.id = read.id;
  if (read.fires !== undefined) subject.fires = read.fires;
  return inRange(subject) ? subject : undefined;
}
