/**
 * The notice of one scheduled purchase's run: placed, skipped (and why) or failed, with the way to
 * the schedules; and its brief form for the user's group or channel (only what happened: no amount,
 * balance or button, the address by its saved name).
 */
import { InlineKeyboard } from "grammy";
import { code, escapeHtml } from "../format/html.js";
import { SharedButtons } from "../telegram/shared-buttons.js";
import { addressHtml, addressName } from "../tron/address-names.js";
import { trxToSun } from "../tron/amounts.js";
import { LATE_MS, type ScheduleRunNotice } from "../schedules/outcome.js";
import { localMoment, whatLabel } from "../schedules/summary.js";
import type { Notice, NoticeLocale } from "./render.js";

export function renderScheduleRun(run: ScheduleRunNotice, l: NoticeLocale): Notice {
  const { t, fmt } = l;
  const { schedule, outcome } = run;
  const vars = {
    what: whatLabel(schedule, l),
    address: addressHtml(schedule.targetAddress, l.labels),
    due: localMoment(schedule.timeZone, run.dueAt, fmt),
    zone: escapeHtml(schedule.timeZone),
  };
  const lines: string[] = [];
  if (outcome.kind === "placed") {
    let total: string;
    try {
      total = fmt.trx(trxToSun(outcome.totalTrx));
    } catch {
      total = escapeHtml(outcome.totalTrx);
    }
    lines.push(t("notice-schedule-placed", { ...vars, total: code(total), order: code(outcome.orderId) }));
  } else {
    lines.push(t(outcome.kind === "skipped" ? "notice-schedule-skipped" : "notice-schedule-failed", vars));
    const d = outcome.detail ?? {};
    switch (outcome.reason) {
      case "late":
        lines.push(t("notice-schedule-why-late", { minutes: LATE_MS / 60_000 }));
        break;
      case "balance":
        if (d.balanceSun !== undefined && d.totalSun !== undefined) {
          const trx = fmt.trx;
          lines.push(t("notice-schedule-why-balance", { balance: code(trx(d.balanceSun)), needed: code(trx(d.totalSun)) }));
        } else lines.push(t("notice-schedule-why-balance-unknown"));
        break;
      case "budget":
        if (d.spentSun !== undefined && d.budgetSun !== undefined) {
          const trx = fmt.trx;
          lines.push(t("notice-schedule-why-budget", { spent: code(trx(d.spentSun)), budget: code(trx(d.budgetSun)) }));
        }
        break;
      case "price":
        if (d.totalSun !== undefined && d.maxSun !== undefined) lines.push(t("notice-schedule-why-price", { price: code(fmt.trx(d.totalSun)), max: code(fmt.trx(d.maxSun)) }));
        break;
      case "cap":
        lines.push(t("notice-schedule-why-cap"));
        break;
      case "key":
        lines.push(t("notice-schedule-why-key"));
        break;
      case "unknown":
        lines.push(t("notice-schedule-why-unknown"));
        break;
      default:
        lines.push(t("notice-schedule-why-refused", { code: code(d.code ?? "—") }));
    }
  }
  if (run.nextAt !== undefined) lines.push(t("notice-schedule-next", { next: localMoment(schedule.timeZone, run.nextAt, fmt), zone: vars.zone }));
  const keyboard = new InlineKeyboard();
  if (outcome.kind !== "placed" && (outcome.reason === "balance" || outcome.reason === "cap")) keyboard.text(t("notice-schedule-balance"), SharedButtons.showBalance.pack());
  keyboard.text(t("notice-schedule-list"), SharedButtons.listSchedules.pack());
  return { text: lines.join("\n"), replyMarkup: keyboard };
}

/** A run in one line for the user's group or channel: placed, skipped or failed, for which address, and why in words. */
export function briefScheduleRun(run: ScheduleRunNotice, l: NoticeLocale): Notice {
  const { t } = l;
  const vars = { what: whatLabel(run.schedule, l), target: escapeHtml(addressName(run.schedule.targetAddress, l.labels)) };
  if (run.outcome.kind === "placed") return { text: t("notice-brief-schedule-placed", vars) };
  const reason = t(`schedule-reason-${run.outcome.reason}`);
  return { text: t(run.outcome.kind === "skipped" ? "notice-brief-schedule-skipped" : "notice-brief-schedule-failed", { ...vars, reason }) };
}
