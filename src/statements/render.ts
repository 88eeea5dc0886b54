/**
 * A statement as the user reads it, in their language: the card's text (the month in UTC, then one
 * section per key: purchases, volumes, TRX paid, what burning would have cost and the saving, the
 * average price, the top addresses) and its two files, the chart by day (PNG) and the CSV. Shared by
 * /statement in the chat and the statement's notice on the 1st, which sends the same three.
 */
import type { Formatter, TextLocale, Translate } from "../format/formatter.js";
import { code, escapeHtml } from "../format/html.js";
import { addressHtml, type AddressLabels } from "../tron/address-names.js";
import { renderDailyChart, type DailyChartInput } from "../charts/daily-chart.js";
import { averageSunPerUnit, isEmptyStatement, type KeyStatement, type Statement } from "./statement.js";
import { daysIn, monthIso, monthRange, type UtcMonth } from "./month.js";
import { statementCsv } from "./csv.js";
import type { LoadedStatement } from "./load.js";

const b = (text: string) => `<b>${text}</b>`;

export const monthName = (month: UtcMonth, fmt: Formatter) => fmt.month(monthRange(month).from);

function average(paidSun: bigint, volume: bigint, fmt: Formatter): string | undefined {
  const sun = averageSunPerUnit(paidSun, volume);
  return sun === null ? undefined : code(fmt.amount(sun));
}

function keySection(key: KeyStatement, labels: AddressLabels, { t, fmt }: TextLocale): string[] {
  const lines = [`🔑 ${b(escapeHtml(key.label))}`];
  if (key.lines.length === 0) {
    lines.push(t("statement-key-nothing"));
  } else {
    const s = key.totals;
    const trx = fmt.trx;
    lines.push(
      t("statement-purchases", { orders: b(fmt.integer(s.orders)), firings: b(fmt.integer(s.firings)) }),
      t("statement-volumes", { energy: code(fmt.volume(s.energy)), bandwidth: code(fmt.volume(s.bandwidth)) }),
      t("statement-paid", { trx: b(trx(s.paidSun)) }),
    );
    if (s.burnKnown > 0) {
      lines.push(
        t("statement-burn", { trx: code(trx(s.burnSun)), saved: b(trx(s.burnSun - s.burnPaidSun)), known: fmt.integer(s.burnKnown), count: fmt.integer(s.orders + s.firings) }),
      );
    } else {
      lines.push(t("statement-burn-unknown"));
    }
    const energyAverage = average(s.energyPaidSun, s.energy, fmt);
    const bandwidthAverage = average(s.bandwidthPaidSun, s.bandwidth, fmt);
    if (energyAverage) lines.push(t("statement-average-energy", { sun: energyAverage }));
    if (bandwidthAverage) lines.push(t("statement-average-bandwidth", { sun: bandwidthAverage }));
    lines.push(t("statement-top"));
    for (const top of key.top) {
      lines.push(t("statement-top-line", { address: addressHtml(top.address, labels, { short: true }), count: top.purchases, trx: fmt.trx(top.paidSun) }));
    }
  }
  if (key.firingsMissing) lines.push(t("statement-firings-missing"));
  return lines;
}

/** Telegram's limit for a message's text. */
const MAX_TEXT = 4096;

export function renderStatementText(statement: Statement, labels: AddressLabels, locale: TextLocale): string {
  const { t, fmt } = locale;
  const title = t("statement-title", { month: b(monthName(statement.month, fmt)) });
  if (statement.keys.length === 0) return [title, "", t("statement-no-keys")].join("\n");
  const sections = statement.keys.map((key) => keySection(key, labels, locale).join("\n"));
  const footer = t(isEmptyStatement(statement) ? "statement-empty" : "statement-note");
  // many keys: the last ones give way to a line that says so (every purchase is still in the CSV)
  let shown = sections.length;
  const text = () => {
    const more = shown < sections.length ? [t("statement-more-keys", { count: sections.length - shown })] : [];
    return [title, ...sections.slice(0, shown), ...more, footer].join("\n\n");
  };
  while (shown > 1 && text().length > MAX_TEXT) shown--;
  return text();
}

const DAY_MS = 86_400_000;

/** The chart's series: the month's days, energy above and bandwidth below. */
export function statementChartInput(statement: Statement, t: Translate): DailyChartInput {
  const { month } = statement;
  return {
    energy: statement.energyDaily,
    bandwidth: statement.bandwidthDaily,
    lastDay: monthRange(month).from + (daysIn(month) - 1) * DAY_MS,
    titles: { energy: t("statement-chart-energy"), bandwidth: t("statement-chart-bandwidth") },
  };
}

/** A file of the statement: its bytes, its name and its caption (plain text). */
export interface StatementFile {
  bytes: Buffer;
  name: string;
  caption: string;
}

export interface StatementFiles {
  /** Undefined when it could not be drawn (no canvas on this machine): the CSV still goes. */
  chart?: StatementFile;
  csv: StatementFile;
}

/**
 * The chart (drawn by `draw`, default the shared daily chart; a failure is handed to `chartFailed`)
 * and the CSV. Nothing for a month without a purchase: the card says so.
 */
export async function statementFiles(
  { statement, labels }: LoadedStatement,
  { t, fmt }: TextLocale,
  chartFailed: (err: unknown) => void,
  draw: (input: DailyChartInput) => Promise<Buffer> = renderDailyChart,
): Promise<StatementFiles | undefined> {
  if (isEmptyStatement(statement)) return undefined;
  const { month } = statement;
  const name = monthName(month, fmt);
  let chart: StatementFile | undefined;
  try {
    chart = { bytes: await draw(statementChartInput(statement, t)), name: `statement-${monthIso(month)}.png`, caption: t("statement-chart-caption", { month: name }) };
  } catch (err) {
    chartFailed(err);
  }
  const csv = { bytes: Buffer.from(statementCsv(statement, labels), "utf8"), name: `statement-${monthIso(month)}.csv`, caption: t("statement-csv-caption", { month: name }) };
  return chart ? { chart, csv } : { csv };
}

