/** A UTC month ("2026-11") in the locale's words: "November 2026", "ноябрь 2026 г.", "2026年11月". */
export function monthName(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.parse(`${month}-01T00:00:00Z`));
}
