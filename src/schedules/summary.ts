/**
 * How a schedule reads, in the chat's card and in its run notices alike: "Weekdays at 09:00
 * (Europe/Moscow)", "131,000 energy · 1 hour", the next run's local date and time. Pure.
 */
import type { Formatter, TextLocale } from "../format/formatter.js";
import { escapeHtml } from "../format/html.js";
import { EVERY_DAY, WEEKDAYS, zoneOffsetAt } from "./due.js";

/** Sunday 2026-11-29, a known Sunday: weekday `d` is this date plus d days. */
const A_SUNDAY = Date.UTC(2026, 10, 29);
/** Monday first, as calendars in the bot's languages show a week. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

function intlLocale(fmt: Formatter): string {
  return fmt.locale === "zh" ? "zh-CN" : fmt.locale;
}

/** The short name of weekday `day` (0 = Sunday) in the formatter's language: "Mon", "пн", "周一". */
export function weekdayName(day: number, fmt: Formatter): string {
  return new Intl.DateTimeFormat(intlLocale(fmt), { weekday: "short", timeZone: "UTC" }).format(new Date(A_SUNDAY + day * 86_400_000));
}

/** "every day", "weekdays" or the days in week order: "Mon, Wed and Fri". */
export function daysLabel(days: string, { t, fmt }: TextLocale): string {
  const sorted = WEEK_ORDER.filter((d) => days.includes(String(d)));
  if (sorted.length === 7 || days === EVERY_DAY) return t("schedule-days-every");
  if (sorted.length === 5 && WEEKDAYS.split("").every((d) => days.includes(d))) return t("schedule-days-weekdays");
  return fmt.list(sorted.map((d) => weekdayName(d, fmt)));
}

/** When a schedule runs: "weekdays at 09:00 (Europe/Moscow)". */
export function whenLabel(schedule: { days: string; time: string; timeZone: string }, locale: TextLocale): string {
  return locale.t("schedule-when", { days: daysLabel(schedule.days, locale), time: schedule.time, zone: escapeHtml(schedule.timeZone) });
}

/** What a schedule buys: "131,000 energy · 1 hour". */
export function whatLabel(schedule: { volume: string | bigint; duration: string }, { t, fmt }: TextLocale): string {
  return t("schedule-what", { volume: fmt.volume(schedule.volume), duration: fmt.duration(schedule.duration, t) });
}

/** An instant as the schedule's zone shows it: "Mon 30 Nov, 09:00". */
export function localMoment(timeZone: string, at: number, fmt: Formatter): string {
  const shifted = new Date(at + zoneOffsetAt(timeZone, at) * 60_000);
  return new Intl.DateTimeFormat(intlLocale(fmt), { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }).format(shifted);
}
