/** The 1st-of-month notice: the month's statement is ready, with the button that brings it (card, chart and CSV) into the chat. */
import { InlineKeyboard } from "grammy";
import { SharedButtons } from "../telegram/shared-buttons.js";
import { monthCode, monthRange, type UtcMonth } from "../statements/month.js";
import type { Notice, NoticeLocale } from "./render.js";

export function renderMonthlyStatement(month: UtcMonth, { t, fmt }: NoticeLocale): Notice {
  const name = `<b>${fmt.month(monthRange(month).from)}</b>`;
  const keyboard = new InlineKeyboard().text(t("notice-statement-button"), SharedButtons.getStatement.pack({ month: monthCode(month) }));
  return { text: t("notice-statement", { month: name }), replyMarkup: keyboard };
}
