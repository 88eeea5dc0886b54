/**
 * The statement card's buttons: the months before and after (never past the current one) and the
 * chart and CSV. Its text is the statement's own (src/statements/render.ts), shared with the notice
 * on the 1st.
 */
import { InlineKeyboard } from "grammy";
import type { TextLocale } from "../../../format/formatter.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isEmptyStatement, type Statement } from "../../../statements/statement.js";
import { monthCode, monthRange, sameMonth, shiftMonth, monthOf } from "../../../statements/month.js";
import { monthName } from "../../../statements/render.js";
import { StatementButtons } from "./callbacks.js";

export { monthName, renderStatementText } from "../../../statements/render.js";

/** ◀ the month before · the month after ▶ (up to the current month), then the chart and CSV when there is something. */
export function statementKeyboard(statement: Statement, now: number, { t, fmt }: TextLocale): InlineKeyboard {
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
