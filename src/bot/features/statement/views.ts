/**
 * The statement card: the month (UTC), then one section per key (purchases, volumes, TRX paid, what
 * burning would have cost and the saving, the average price, the top addresses), with buttons to the
 * months before and after (never past the current one) and to the chart and CSV.
 */
import { InlineKeyboard } from "grammy";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";
import { addressHtml, type AddressLabels } from "../../../tron/address-names.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { averageSunPerUnit, isEmptyStatement, type KeyStatement, type Statement } from "../../../statements/statement.js";
import { monthCode, monthRange, sameMonth, shiftMonth, monthOf, type UtcMonth } from "../../../statements/month.js";
import { StatementButtons } from "./callbacks.js";

const b = (text: string) => `<b>${text}</b>`;

export const monthName = (month: UtcMonth, fmt: Formatter) => fmt.month(monthRange(month).from);

function average(paidSun: bigint, volume: bigint, fmt: Formatter): string | undefined {
  const sun = averageSunPerUnit(paidSun, volume);
  return sun === null ? undefined : code(fmt.amount(sun));
}

function keySection(key: KeyStatement, labels: AddressLabels, t: Translate, fmt: Formatter): string[] {
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

export function renderStatementText(statement: Statement, labels: AddressLabels, t: Translate, fmt: Formatter): string {
  const title = t("statement-title", { month: b(monthName(statement.month, fmt)) });
  if (statement.keys.length === 0) return [title, "", t("statement-no-keys")].join("\n");
  const sections = statement.keys.map((key) => keySection(key, labels, t, fmt).join("\n"));
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

/** ◀ the month before · the month after ▶ (up to the current month), then the chart and CSV when there is something. */
export function statementKeyboard(statement: Statement, now: number, t: Translate, fmt: Formatter): InlineKeyboard {
  const { month } = statement;
  const keyboard = new InlineKeyboard();
  if (statement.keys.length === 0) return keyboard.text(t("button-add-key"), SharedButtons.addKey.pack());
  const before = shiftMonth(month, -1);
  keyboard.text(`◀ ${monthName(before, fmt)}`, StatementButtons.month.pack({ month: monthCode(before) }));
  const current = monthOf(now);
  if (!sameMonth(month, current) && monthRange(month).from < monthRange(current).from) {
    const after = shiftMonth(month, 1);
    keyboard.text(`${monthName(after, fmt)} ▶`, StatementButtons.month.pack({ month: monthCode(after) }));
  }
  if (!isEmptyStatement(statement)) keyboard.row().text(t("statement-button-files"), StatementButtons.files.pack({ month: monthCode(month) }));
  return keyboard;
}
