/**
 * Scheduled purchases' due times (schedules/due.ts): the user's time zone (IANA or a fixed offset),
 * weekdays and chosen days, and daylight saving time (a skipped time runs once, an hour later; a
 * repeated time runs once, at the first).
 */
import { describe, expect, it } from "vitest";
import { dueTimesBetween, nextDueTime, normaliseTimeZone, parseTime, wallTimeToInstant, zoneOffsetAt, EVERY_DAY, WEEKDAYS } from "../../src/schedules/due.js";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("schedule due times", () => {
  it("every weekday at 09:00 in Moscow (UTC+3, no DST): Monday to Friday at 06:00 UTC, never the weekend", () => {
    const rule = { days: WEEKDAYS, time: "09:00", timeZone: "Europe/Moscow" };
    // Friday 2026-11-27 … Tuesday 2026-12-01
    const due = dueTimesBetween(rule, at("2026-11-27T00:00:00Z"), at("2026-12-01T23:59:00Z")).map(iso);
    expect(due).toEqual(["2026-11-27T06:00:00.000Z", "2026-11-30T06:00:00.000Z", "2026-12-01T06:00:00.000Z"]);
  });

  it("the window is (after, until]: a time at `after` is not due again, one at `until` is", () => {
    const rule = { days: EVERY_DAY, time: "09:00", timeZone: "UTC" };
    expect(dueTimesBetween(rule, at("2026-11-27T09:00:00Z"), at("2026-11-28T09:00:00Z")).map(iso)).toEqual(["2026-11-28T09:00:00.000Z"]);
    expect(dueTimesBetween(rule, at("2026-11-27T09:00:00Z"), at("2026-11-28T08:59:59Z"))).toEqual([]);
  });

  it("chosen days in a zone ahead of UTC: Sunday 00:30 in Tokyo is Saturday 15:30 UTC", () => {
    const rule = { days: "0", time: "00:30", timeZone: "Asia/Tokyo" };
    expect(nextDueTime(rule, at("2026-11-26T00:00:00Z"))).toBe(at("2026-11-28T15:30:00Z"));
  });

  it("a zone behind UTC: Monday 22:00 in New York (EST) is Tuesday 03:00 UTC", () => {
    const rule = { days: "1", time: "22:00", timeZone: "America/New_York" };
    expect(iso(nextDueTime(rule, at("2026-11-26T00:00:00Z"))!)).toBe("2026-12-01T03:00:00.000Z");
  });

  it("fixed offsets: UTC+05:30 and UTC-03:00", () => {
    expect(iso(nextDueTime({ days: EVERY_DAY, time: "09:00", timeZone: "UTC+05:30" }, at("2026-11-26T00:00:00Z"))!)).toBe("2026-11-26T03:30:00.000Z");
    expect(iso(nextDueTime({ days: EVERY_DAY, time: "09:00", timeZone: "UTC-03:00" }, at("2026-11-26T00:00:00Z"))!)).toBe("2026-11-26T12:00:00.000Z");
  });

  it("summer and winter time: 09:00 in Berlin is 07:00 UTC in July and 08:00 UTC in November", () => {
    const rule = { days: EVERY_DAY, time: "09:00", timeZone: "Europe/Berlin" };
    expect(iso(nextDueTime(rule, at("2026-07-01T00:00:00Z"))!)).toBe("2026-07-01T07:00:00.000Z");
    expect(iso(nextDueTime(rule, at("2026-11-26T00:00:00Z"))!)).toBe("2026-11-26T08:00:00.000Z");
  });

  it("DST spring forward (Berlin, 2026-03-29 02:00 → 03:00): 02:30 does not exist and runs once, at 03:30 local (01:30 UTC)", () => {
    const rule = { days: EVERY_DAY, time: "02:30", timeZone: "Europe/Berlin" };
    const due = dueTimesBetween(rule, at("2026-03-28T00:00:00Z"), at("2026-03-30T23:00:00Z")).map(iso);
    expect(due).toEqual(["2026-03-28T01:30:00.000Z", "2026-03-29T01:30:00.000Z", "2026-03-30T00:30:00.000Z"]);
    expect(zoneOffsetAt("Europe/Berlin", at("2026-03-29T01:30:00Z"))).toBe(120);
  });

  it("DST fall back (New York, 2026-11-01 02:00 → 01:00): 01:30 happens twice and runs once, at the first (05:30 UTC)", () => {
    const rule = { days: EVERY_DAY, time: "01:30", timeZone: "America/New_York" };
    const due = dueTimesBetween(rule, at("2026-10-31T00:00:00Z"), at("2026-11-02T12:00:00Z")).map(iso);
    expect(due).toEqual(["2026-10-31T05:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });

  it("the local date decides the weekday, not UTC's: Monday 08:00 in Auckland is Sunday in UTC", () => {
    const rule = { days: "1", time: "08:00", timeZone: "Pacific/Auckland" };
    const next = nextDueTime(rule, at("2026-11-26T00:00:00Z"))!;
    expect(iso(next)).toBe("2026-11-29T19:00:00.000Z"); // NZDT is UTC+13
    expect(new Date(next).getUTCDay()).toBe(0);
  });

  it("wall time to instant round-trips on ordinary days", () => {
    expect(iso(wallTimeToInstant("Asia/Shanghai", at("2026-11-26T00:00:00Z"), 9 * 60))).toBe("2026-11-26T01:00:00.000Z");
  });

  it("time zones as typed: IANA in any case, offsets in several spellings; nonsense refused", () => {
    expect(normaliseTimeZone("europe/moscow")).toBe("Europe/Moscow");
    expect(normaliseTimeZone("Asia/Shanghai")).toBe("Asia/Shanghai");
    expect(normaliseTimeZone("+3")).toBe("UTC+03:00");
    expect(normaliseTimeZone("UTC+5:30")).toBe("UTC+05:30");
    expect(normaliseTimeZone("GMT-04")).toBe("UTC-04:00");
    expect(normaliseTimeZone("utc")).toBe("UTC");
    expect(normaliseTimeZone("UTC+15")).toBeUndefined();
    expect(normaliseTimeZone("Mars/Olympus")).toBeUndefined();
    expect(normaliseTimeZone("9am")).toBeUndefined();
  });

  it("times as typed: 09:00, 9:00, 9.30, 21; 24:00 and 9:75 refused", () => {
    expect(parseTime("09:00")).toBe(540);
    expect(parseTime("9:00")).toBe(540);
    expect(parseTime("9.30")).toBe(570);
    expect(parseTime("21")).toBe(1260);
    expect(parseTime("24:00")).toBeUndefined();
    expect(parseTime("9:75")).toBeUndefined();
    expect(parseTime("soon")).toBeUndefined();
  });

  it("a rule with no day is never due", () => {
    expect(nextDueTime({ days: "", time: "09:00", timeZone: "UTC" }, at("2026-11-26T00:00:00Z"))).toBeUndefined();
  });
});
