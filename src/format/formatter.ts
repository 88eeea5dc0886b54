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

/**
 * The one locale object: what a card, a notice or a view is written with, the recipient's words
 * (`t`) and formats (`fmt`) in one locale. The chat's is `ctx.locale`; the notifier makes one per
 * recipient (notices/render.ts' NoticeLocale adds their address names).
 */
export interface TextLocale {
  t: Translate;
  fmt: Formatter;
}

/**
 * How an amount is rounded to its decimals: `up` for an amount the user has to have (what is
 * missing), so that depositing what is shown is always enough; otherwise half away from zero.
 */
export interface AmountOptions {
  up?: boolean;
}

export interface Formatter {
  readonly locale: string;
  /**
   * "1,029.30 TRX", "4.29 TRX", "0.61 TRX", "0.00012 TRX", "0 TRX": from a TRX decimal string or
   * SUN, by the one precision rule of `amount`. `about`: an estimate (an average, a projection),
   * rounded to 0.01 TRX first unless that is 0. `unit: false` leaves out " TRX" (a line that names
   * the currency already).
   */
  trx: (value: string | bigint, options?: AmountOptions & { unit?: boolean; about?: boolean }) => string;
  /**
   * Any amount given as a decimal string (USDT, a price in SUN per unit), by the one precision rule
   * (PRECISION in formatter.ts): from 1 up two decimals ("1,029.30"); below 1 as many as two
   * significant digits take, two to six ("0.61", "0.50", "0.0025"); zero is "0". No floats; the
   * raw text (escaped) when it is not a number.
   */
  amount: (value: string, options?: AmountOptions) => string;
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
  /** "A, B and C" (or with `"or"`: "A, B or C") in the locale's words and punctuation. */
  list(items: readonly string[], type?: "and" | "or"): string;
}

function toSun(value: string | bigint): bigint {
  return typeof value === "bigint" ? value : trxToSun(value);
}

/**
 * The one precision rule for amounts, by magnitude: from 1 up, 2 decimals (cents are what a person
 * reads in "1,029.30 TRX"); below 1, enough decimals for 2 significant digits, at least 2 and at
 * most 6 (the SUN, and a USDT unit): "0.61", "0.0025", "0.000001"; zero is "0", never "0.0000".
 * Decimals past 2 that round to zero are dropped ("0.050" is "0.05").
 */
const PRECISION = { fromOne: 2, significant: 2, min: 2, max: 6 } as const;

/**
 * `units` (an amount × 10^scale, sign apart) as [whole, decimals] by PRECISION, rounded half away
 * from zero, or up (away from zero) with `up`.
 */
function byPrecision(units: bigint, scale: number, up: boolean): { whole: bigint; digits: string } | null {
  if (units === 0n) return null;
  const one = 10n ** BigInt(scale);
  let decimals: number = PRECISION.fromOne;
  if (units < one) {
    // leading zeros of the fraction: 0.0025 (scale 6: 002500) has 2
    const zeros = scale - units.toString().length;
    decimals = Math.min(PRECISION.max, Math.max(PRECISION.min, zeros + PRECISION.significant));
  }
  let kept = units;
  if (decimals < scale) {
    const drop = 10n ** BigInt(scale - decimals);
    const rest = units % drop;
    kept = units / drop + (up ? (rest > 0n ? 1n : 0n) : rest * 2n >= drop ? 1n : 0n);
  } else {
    kept = units * 10n ** BigInt(decimals - scale);
  }
  if (kept === 0n) return null;
  const unit = 10n ** BigInt(decimals);
  const digits = (kept % unit).toString().padStart(decimals, "0").replace(/0+$/, "").padEnd(PRECISION.min, "0");
  return { whole: kept / unit, digits };
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

/** Integers each locale's formatter keeps formatted: a few hundred kilobytes at most. */
const GROUPED_KEPT = 4_096;

/**
 * `format` with what it returned kept, by value, up to GROUPED_KEPT values (then forgotten at once,
 * as the translations' kept texts are). ICU formats an integer at about 10 µs under load, and the
 * integers a card shows repeat from card to card and chat to chat: the volumes and limits of an
 * address check, the presets' prices to the cent, the transfers they cover.
 */
function keptFormatted(format: (value: bigint | number) => string): (value: bigint | number) => string {
  const kept = new Map<bigint | number, string>();
  return (value) => {
    let text = kept.get(value);
    if (text === undefined) {
      if (kept.size >= GROUPED_KEPT) kept.clear();
      text = format(value);
      kept.set(value, text);
    }
    return text;
  };
}

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
  const intsFmt = new Intl.NumberFormat(intLocale, { useGrouping: true, maximumFractionDigits: 0 });
  const grouped = keptFormatted((value) => intsFmt.format(value));
  const decimalSeparator = new Intl.NumberFormat(intLocale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  const dateTimeFmt = new Intl.DateTimeFormat(intLocale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const dateFmt = new Intl.DateTimeFormat(intLocale, { dateStyle: "medium", timeZone: "UTC" });
  const monthFmt = new Intl.DateTimeFormat(intLocale, { month: "long", year: "numeric", timeZone: "UTC" });
  const percentFmt = new Intl.NumberFormat(intLocale, { maximumFractionDigits: 1 });
  const listFmt = new Intl.ListFormat(intLocale, { type: "conjunction" });
  /** The last minute `dateTime` formatted (its format shows no seconds). */
  let lastMinute = { minute: Number.NaN, text: "" };
  const orListFmt = new Intl.ListFormat(intLocale, { type: "disjunction" });
  /** `units` × 10^-scale by PRECISION, with the locale's separators; "0" for nothing. */
  const scaled = (units: bigint, scale: number, options?: AmountOptions): string => {
    const negative = units < 0n;
    const shown = byPrecision(negative ? -units : units, scale, options?.up === true);
    if (!shown) return "0";
    return `${negative ? "-" : ""}${grouped(shown.whole)}${decimalSeparator}${shown.digits}`;
  };

  return {
    locale,
    trx: (value, options) => {
      const sun = toSun(value);
      const text = scaled(options?.about ? aboutCents(sun) : sun, 6, options);
      return options?.unit === false ? text : `${text} TRX`;
    },
    amount: (value, options) => {
      const match = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(value);
      if (!match) return escapeHtml(value);
      const [, sign, whole, fraction = ""] = match;
      return scaled(BigInt(`${sign}${whole}${fraction}`), fraction.length, options);
    },
    volume(value) {
      return grouped(toBigInt(value));
    },
    integer(value) {
      return grouped(value);
    },
    duration(value, t) {
      const parts = parseDuration(value);
      return parts ? t(`duration-${parts.unit}`, { count: parts.count }) : escapeHtml(value);
    },
    dateTime(iso) {
      const at = new Date(iso).getTime();
      if (Number.isNaN(at)) return escapeHtml(String(iso));
      // to the minute, so one minute's cards ("checked at", "updated") format it once: ICU's date
      // formatting is the dearest call of a card (about 20 µs under load)
      const minute = Math.floor(at / 60_000);
      if (minute !== lastMinute.minute) lastMinute = { minute, text: `${dateTimeFmt.format(at)} UTC` };
      return lastMinute.text;
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
    list(items, type = "and") {
      return (type === "or" ? orListFmt : listFmt).format(items);
    },
  };
}
