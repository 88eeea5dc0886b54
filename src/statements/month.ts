/**
 * A calendar month in UTC, the span of a statement: its bounds in ms, the months around it, and a
 * short code (202611) that fits a button's callback data.
 */
export interface UtcMonth {
  year: number;
  /** 1 … 12. */
  month: number;
}

const FIRST_YEAR = 2000;
const LAST_YEAR = 9999;

export function monthOf(ms: number): UtcMonth {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

export function shiftMonth(m: UtcMonth, delta: number): UtcMonth {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** [from, until) in ms since the epoch. */
export function monthRange(m: UtcMonth): { from: number; until: number } {
  return { from: Date.UTC(m.year, m.month - 1, 1), until: Date.UTC(m.year, m.month, 1) };
}

export function daysIn(m: UtcMonth): number {
  return new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
}

/** 2026-11: the month's ISO form, in file names and dedupe keys. */
export function monthIso(m: UtcMonth): string {
  return `${m.year}-${String(m.month).padStart(2, "0")}`;
}

/** 202611: the month in a button. */
export function monthCode(m: UtcMonth): number {
  return m.year * 100 + m.month;
}

/** The month of a code from a button; undefined for anything that is not one. */
export function parseMonthCode(code: number): UtcMonth | undefined {
  const year = Math.floor(code / 100);
  const month = code % 100;
  if (!Number.isInteger(code) || year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return undefined;
  return { year, month };
}

export const sameMonth = (a: UtcMonth, b: UtcMonth): boolean => a.year === b.year && a.month === b.month;
