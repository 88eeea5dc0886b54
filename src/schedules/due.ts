/**
 * When a schedule is due: its days (weekdays, 0 = Sunday … 6 = Saturday), its wall-clock time
 * "HH:MM" and its time zone (an IANA name, or a fixed offset "UTC+05:30"), turned into instants with
 * Intl only (no time zone library). Daylight saving time:
 * - a time the clocks skip (02:30 on a spring-forward night) is due when it would have been, by the
 *   offset before the change: 03:30 local, the same instant a clock left unchanged would show 02:30;
 * - a time that happens twice (01:30 on a fall-back night) is due once, at the first of the two.
 * Pure.
 */

export interface DueRule {
  /** Weekdays as digits, 0 = Sunday … 6 = Saturday: "12345" for weekdays. */
  days: string;
  /** "HH:MM", 24-hour. */
  time: string;
  timeZone: string;
}

export const EVERY_DAY = "0123456";
export const WEEKDAYS = "12345";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** "UTC+05:30", "+3", "-0430", "GMT-2" → minutes east of UTC (undefined when not an offset or beyond ±14:00). */
export function parseOffset(text: string): number | undefined {
  const m = OFFSET.exec(text.trim());
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? "0");
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return undefined;
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** A fixed offset in its one stored spelling: "UTC+05:30", "UTC-03:00", "UTC" for zero. */
export function offsetZone(minutes: number): string {
  if (minutes === 0) return "UTC";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formats.set(timeZone, f);
  }
  return f;
}

/**
 * A time zone as the user typed it, in the spelling stored: an IANA name in its canonical case
 * ("europe/moscow" → "Europe/Moscow") or an offset ("+3" → "UTC+03:00"); undefined when neither.
 */
export function normaliseTimeZone(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^(utc|gmt|z)$/i.test(trimmed)) return "UTC";
  const offset = parseOffset(trimmed);
  if (offset !== undefined) return offsetZone(offset);
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,63}$/.test(trimmed)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Minutes east of UTC that `timeZone` is at the instant `at` (ms). */
export function zoneOffsetAt(timeZone: string, at: number): number {
  if (timeZone === "UTC") return 0;
  if (timeZone.startsWith("UTC")) return parseOffset(timeZone) ?? 0;
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(new Date(at))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / MINUTE_MS);
}

/** The local calendar date of `at` in `timeZone`, as a UTC midnight (ms). */
export function localDate(timeZone: string, at: number): number {
  const local = at + zoneOffsetAt(timeZone, at) * MINUTE_MS;
  return Math.floor(local / DAY_MS) * DAY_MS;
}

/** "HH:MM" → minutes after midnight; undefined when not a time of day. */
export function parseTime(text: string): number | undefined {
  const m = /^\s*(\d{1,2})\s*[:.h]\s*(\d{2})\s*$/i.exec(text) ?? /^\s*(\d{1,2})\s*$/.exec(text);
  if (!m) return undefined;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? "0");
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}

/** Minutes after midnight → "HH:MM". */
export function formatTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The instant the wall-clock time `minutes` of the local date `date` (a UTC midnight) happens in
 * `timeZone`: the first of two on a fall-back night; on a spring-forward night, a skipped time by
 * the offset before the change (so later by the size of the jump).
 */
export function wallTimeToInstant(timeZone: string, date: number, minutes: number): number {
  const wall = date + minutes * MINUTE_MS;
  const before = zoneOffsetAt(timeZone, wall - 12 * HOUR_MS);
  const after = zoneOffsetAt(timeZone, wall + 12 * HOUR_MS);
  const fits = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((at) => at + zoneOffsetAt(timeZone, at) * MINUTE_MS === wall);
  if (fits.length > 0) return Math.min(...fits);
  return wall - before * MINUTE_MS;
}

/** The due times of `rule` in (after, until], oldest first. */
export function dueTimesBetween(rule: DueRule, after: number, until: number): number[] {
  const minutes = parseTime(rule.time);
  if (minutes === undefined || until <= after) return [];
  const due: number[] = [];
  // local dates from the day before `after` to the day after `until`: every instant in between is covered
  for (let date = localDate(rule.timeZone, after) - DAY_MS; date <= localDate(rule.timeZone, until) + DAY_MS; date += DAY_MS) {
    if (!rule.days.includes(String(new Date(date).getUTCDay()))) continue;
    const at = wallTimeToInstant(rule.timeZone, date, minutes);
    if (at > after && at <= until) due.push(at);
  }
  return due;
}

/** The first due time of `rule` after `after` (within two weeks; undefined for a rule with no day). */
export function nextDueTime(rule: DueRule, after: number): number | undefined {
  return dueTimesBetween(rule, after, after + 15 * DAY_MS)[0];
}

/** The wall-clock date and time of `at` in `timeZone` ("2026-11-27 09:00") for cards and notices. */
export function localDateTime(timeZone: string, at: number): { date: string; time: string; weekday: number } {
  const local = new Date(at + zoneOffsetAt(timeZone, at) * MINUTE_MS);
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), weekday: local.getUTCDay() };
}
