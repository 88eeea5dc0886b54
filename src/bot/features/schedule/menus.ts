/**
 * The /schedule card: the user's scheduled purchases, each with what it buys for which address,
 * when (days, time, zone), its next run (or "paused") and how its last run went; under it a
 * ⏸/▶️ and a ✖️ per schedule, and New schedule while there are fewer than MAX_SCHEDULES. Changes in place.
 */
import type { BotContext } from "../../context.js";
import type { TextLocale } from "../../../format/formatter.js";
import { addressHtml, type AddressLabels } from "../../../tron/address-names.js";
import { code } from "../../../format/html.js";
import { MAX_SCHEDULES, type ScheduleRow, type ScheduleRunRow } from "../../../store/schedules.js";
import { nextDueTime } from "../../../schedules/due.js";
import { localMoment, whatLabel, whenLabel } from "../../../schedules/summary.js";
import { createCardMenu, payloadOf } from "../../ui/menu.js";
import { definePayload } from "../../../telegram/callback-codec.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { addressLabels } from "../../ui/address-labels.js";
import { SCHEDULE_CONVERSATION } from "./flow.js";

interface Listed {
  schedule: ScheduleRow;
  last: ScheduleRunRow | undefined;
}

function lastRunLine(run: ScheduleRunRow, schedule: ScheduleRow, { t, fmt }: TextLocale): string {
  const at = localMoment(schedule.timeZone, run.dueAt, fmt);
  const state = run.state === "placed" || run.state === "skipped" || run.state === "failed" ? run.state : "running";
  const reason = run.reason ? t(`schedule-reason-${run.reason}`) : "";
  return t(`schedule-last-${state}`, { at, reason });
}

function scheduleLines(item: Listed, n: number, now: number, locale: TextLocale, labels: AddressLabels): string[] {
  const { t, fmt } = locale;
  const { schedule, last } = item;
  const next = schedule.paused ? undefined : nextDueTime(schedule, now);
  const head = t(schedule.paused ? "schedule-line-paused" : "schedule-line", {
    n,
    what: whatLabel(schedule, locale),
    address: addressHtml(schedule.targetAddress, labels),
    when: whenLabel(schedule, locale),
  });
  const lines = [head];
  if (next !== undefined) lines.push(t("schedule-line-next", { next: localMoment(schedule.timeZone, next, fmt) }));
  if (schedule.maxSun !== null) lines.push(t("schedule-line-max", { max: code(fmt.trx(BigInt(schedule.maxSun))) }));
  if (schedule.notify === "failures") lines.push(t("schedule-line-failures-only"));
  if (last) lines.push(lastRunLine(last, schedule, locale));
  return lines;
}

async function listed(ctx: BotContext): Promise<Listed[]> {
  if (!ctx.from) return [];
  const { store } = ctx.deps;
  const rows = await store.schedules.listByUser(ctx.from.id);
  return Promise.all(rows.map(async (schedule) => ({ schedule, last: (await store.schedules.latestRuns(schedule.id, 1))[0] })));
}

function cardText(items: Listed[], now: number, locale: TextLocale, labels: AddressLabels): string {
  const { t } = locale;
  if (items.length === 0) return [t("schedule-title"), t("schedule-none")].join("\n");
  return [t("schedule-title"), ...items.flatMap((item, i) => ["", ...scheduleLines(item, i + 1, now, locale, labels)]), "", t("schedule-how")].join("\n");
}

/** A schedule's buttons carry its id. */
const SCHEDULE_PAYLOAD = definePayload({ id: "int" }, { menus: ["schedules"] });
const scheduleIdOf = (ctx: BotContext) => SCHEDULE_PAYLOAD.unpack(payloadOf(ctx))?.id;

export const schedulesMenu = createCardMenu("schedules", { onOutdated: (ctx) => showSchedules(ctx) }).dynamic(async (ctx, range) => {
  const items = await listed(ctx);
  items.forEach(({ schedule }, i) => {
    const n = i + 1;
    range.text({ text: ctx.t(schedule.paused ? "schedule-button-resume" : "schedule-button-pause", { n }), payload: SCHEDULE_PAYLOAD.pack({ id: schedule.id }) }, async (ctx) => {
      const id = scheduleIdOf(ctx);
      const row = id === undefined ? undefined : await ctx.deps.store.schedules.get(id);
      if (id === undefined || !row || row.userId !== ctx.from?.id) return showSchedules(ctx, { toast: ctx.t("schedule-gone") });
      await ctx.deps.store.schedules.setPaused(row.userId, id, !row.paused, ctx.deps.now());
      await showSchedules(ctx, { toast: ctx.t(row.paused ? "schedule-resumed" : "schedule-paused", { n }) });
    });
    range.text({ text: ctx.t("schedule-button-delete", { n }), payload: SCHEDULE_PAYLOAD.pack({ id: schedule.id }) }, async (ctx) => {
      const id = scheduleIdOf(ctx);
      const removed = ctx.from && id !== undefined ? await ctx.deps.store.schedules.remove(ctx.from.id, id) : false;
      await showSchedules(ctx, { toast: ctx.t(removed ? "schedule-deleted" : "schedule-gone") });
    });
    range.row();
  });
  if (items.length < MAX_SCHEDULES) range.text(ctx.t("schedule-button-new"), (ctx) => enterFlow(ctx, SCHEDULE_CONVERSATION));
});

/** The schedules card: in the tapped message, else a new one. */
export async function showSchedules(ctx: BotContext, options: ShowOptions = {}): Promise<void> {
  const items = await listed(ctx);
  const text = cardText(items, ctx.deps.now(), ctx.locale, await addressLabels(ctx));
  await showView(ctx, { text, keyboard: schedulesMenu }, options);
}
