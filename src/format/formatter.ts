/**
 * The one formatter for amounts, volumes, durations and dates. TRX goes from decimal strings or
 * SUN bigints to text without floats; volumes get the locale's thousands separators. Output is
 * HTML-safe: a value shown raw because it was not recognised is escaped.
 */
import { SUN_PER_TRX, trxToSun } from "../tron/amounts.js";
import { toBigInt } from "../tron/volume.js";
import { parseDuration } from "../tron/duration.js";
import { escapeHtml } from "./html.js";

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export interface Formatter {
  readonly locale: string;
  /**
   * "1,234.5 TRX": from a TRX decimal string or SUN. Up to 6 decimals, trailing zeros trimmed (min 2).
   * `about`: an estimate (an average, a projection), rounded half-up to 0.01 TRX unless that is 0.
   */
  trx(value: string | bigint, options?: { unit?: boolean; about?: boolean }): string;
  /**
   * TRX for one card: every amount with the same number of decimals, as many as the most precise of
   * `amounts` needs (2 to 6), so "10.00" and "0.125" read as "10.000" and "0.125" side by side.
   */
  trxCard(amounts: ReadonlyArray<string | bigint>): (value: string | bigint, options?: { unit?: boolean }) => string;
  /** "131,000" from an int64 wire value. */
  volume(value: bigint | number | string): string;
  /** Any integer with separators. */
  integer(value: bigint | number): string;
  /** "1 day", "3 hours"; the raw value when unrecognised. */
  duration(value: string, t: Translate): string;
  /** "21 Nov 2026, 14:05 UTC". */
  dateTime(iso: string | number | Date): string;
  date(iso: string | number | Date): string;
  /** "November 2026", "ноябрь 2026 г.", "2026年11月": a month in UTC (a statement's). */
  month(at: number | Date): string;
  percent(value: string): string;
  /** "1,234.57" from a decimal string (USDT amounts, SUN-per-unit averages): no floats, half-up rounding. */
  decimal(value: string, options?: { minFraction?: number; maxFraction?: number }): string;
  /** "A, B and C" (or with `"or"`: "A, B or C") in the locale's words and punctuation. */
  list(items: readonly string[], type?: "and" | "or"): string;
}

function toSun(value: string | bigint): bigint {
  return typeof value === "bigint" ? value : trxToSun(value);
}

/** The SUN part of an amount as TRX decimals, trailing zeros trimmed ("5" for 0.5 TRX, "" for 3 TRX). */
function fractionOf(sun: bigint): string {
  const abs = sun < 0n ? -sun : sun;
  return (abs % SUN_PER_TRX).toString().padStart(6, "0").replace(/0+$/, "");
}

const SUN_PER_CENT = SUN_PER_TRX / 100n;

/** An estimate to the nearest 0.01 TRX, half away from zero; kept exact when it would round to 0. */
function aboutCents(sun: bigint): bigint {
  const abs = sun < 0n ? -sun : sun;
  const rounded = ((abs + SUN_PER_CENT / 2n) / SUN_PER_CENT) * SUN_PER_CENT;
  if (rounded === 0n) return sun;
  return sun < 0n ? -rounded : rounded;
}

const formatters = new Map<string, Formatter>();

/** Formatters are cached per locale: building Intl formatters costs more than handling an update. */
export function createFormatter(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = buildFormatter(locale);
    formatters.set(locale, formatter);
  }
  return formatter;
}

function buildFormatter(locale: string): Formatter {
  const intLocale = locale === "zh" ? "zh-CN" : locale;
  const ints = new Intl.NumberFormat(intLocale, { useGrouping: true, maximumFractionDigits: 0 });
  const decimalSeparator = new Intl.NumberFormat(intLocale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  const dateTimeFmt = new Intl.DateTimeFormat(intLocale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const dateFmt = new Intl.DateTimeFormat(intLocale, { dateStyle: "medium", timeZone: "UTC" });
  const monthFmt = new Intl.DateTimeFormat(intLocale, { month: "long", year: "numeric", timeZone: "UTC" });
  const percentFmt = new Intl.NumberFormat(intLocale, { maximumFractionDigits: 1 });
  const listFmt = new Intl.ListFormat(intLocale, { type: "conjunction" });
  const orListFmt = new Intl.ListFormat(intLocale, { type: "disjunction" });
  const trxCard: Formatter["trxCard"] = (amounts) => {
    const decimals = Math.max(2, ...amounts.map((a) => fractionOf(toSun(a)).length));
    return (value, options) => {
      const sun = toSun(value);
      const abs = sun < 0n ? -sun : sun;
      // nothing is "0.00", never "0.0000" beside a more precise amount
      const text = `${sun < 0n ? "-" : ""}${ints.format(abs / SUN_PER_TRX)}${decimalSeparator}${fractionOf(sun).padEnd(sun === 0n ? 2 : decimals, "0")}`;
      return options?.unit === false ? text : `${text} TRX`;
    };
  };

  return {
    locale,
    trx: (value, options) => {
      const sun = options?.about ? aboutCents(toSun(value)) : value;
      return trxCard([sun])(sun, options);
    },
    trxCard,
    volume(value) {
      return ints.format(toBigInt(value));
    },
    integer(value) {
      return ints.format(value);
    },
    duration(value, t) {
      const parts = parseDuration(value);
      return parts ? t(`duration-${parts.unit}`, { count: parts.count }) : escapeHtml(value);
    },
    dateTime(iso) {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? escapeHtml(String(iso)) : `${dateTimeFmt.format(d)} UTC`;
    },
    date(iso) {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? escapeHtml(String(iso)) : dateFmt.format(d);
    },
    month(at) {
      return monthFmt.format(at);
    },
    percent(value) {
      const n = Number(value);
      return Number.isFinite(n) ? `${percentFmt.format(n)}%` : escapeHtml(value);
    },
    decimal(value, options) {
      const match = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(value);
      if (!match) return escapeHtml(value);
      const [, sign, whole, fraction = ""] = match;
      const max = options?.maxFraction ?? 6;
      const min = Math.min(options?.minFraction ?? 0, max);
      // Scale to `max` decimals as one bigint, rounding half up on the first dropped digit.
      let scaled = BigInt(whole! + fraction.slice(0, max).padEnd(max, "0"));
      if ((fraction[max] ?? "0") >= "5") scaled += 1n;
      const unit = 10n ** BigInt(max);
      let digits = max === 0 ? "" : (scaled % unit).toString().padStart(max, "0").replace(/0+$/, "");
      if (digits.length < min) digits = digits.padEnd(min, "0");
      const negative = sign === "-" && scaled !== 0n;
      return `${negative ? "-" : ""}${ints.format(scaled / unit)}${digits ? `${decimalSeparator}${digits}` : ""}`;
    },
    list(items, type = "and") {
      return (type === "or" ? orListFmt : listFmt).format(items);
    },
  };
}
