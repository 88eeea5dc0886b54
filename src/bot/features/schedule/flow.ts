/**
 * A new scheduled purchase, in one message with Cancel on every step: the address (a saved one or
 * typed), the energy (USDT-transfer presets or a typed volume, within the marketplace's range), the
 * duration (from /orders/options), the days (every day, weekdays or chosen days), the time (HH:MM),
 * the time zone (a few buttons, or an IANA name or a UTC offset typed), whether to be told of every
 * run or of failures only, and the most one run may cost (today's price shown; or no limit). Then a
 * preview: what it buys, when it next runs and today's price against the balance; Save stores it (with the user's default key), and the schedules card follows.
 * A wrong answer is asked again with the reason, changing nothing.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import type { Translate } from "../../../format/formatter.js";
import { clipped, code } from "../../../format/html.js";
import { labelledAddress, offeredAddresses } from "../../../tron/address-names.js";
import { resourceOptions, volumePresets } from "../../../orders/request.js";
import { previewMoney } from "../../../orders/preview-money.js";
import { EVERY_DAY, WEEKDAYS, formatTime, nextDueTime, normaliseTimeZone, parseTime } from "../../../schedules/due.js";
import { localMoment, WEEK_ORDER, weekdayName, whatLabel, whenLabel } from "../../../schedules/summary.js";
import type { ScheduleNotify } from "../../../store/schedules.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep, type Parsed } from "../../flow/step.js";
import { multiSelectStep } from "../../flow/multi-select.js";
import { addressStep, durationStep, volumeStep } from "../../flow/steps.js";
import { volumePresetKeyboard } from "../../ui/order-steps.js";
import { askTrxOrOff } from "../../flow/trx-or-off.js";
import { SUN_PER_TRX } from "../../../tron/amounts.js";
import { ScheduleStep } from "./callbacks.js";

export const SCHEDULE_CONVERSATION = "schedule";

/** The zones offered as buttons besides the one the user chose last. */
/** The largest maximum price per run that can be typed. */
const MAX_RUN_SUN = 100_000n * SUN_PER_TRX;

const OFFERED_ZONES = ["UTC", "Europe/Moscow", "Asia/Shanghai", "Europe/London", "America/New_York"] as const;

type Ctx = ConversationContext;

export async function scheduleConversation(conversation: BotConversation, ctx: Ctx): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined || !ctx.chat) return;
  const effect = <T>(task: () => T | Promise<T>) => external(conversation, task);
  const toList = new InlineKeyboard().text(ctx.t("schedule-button-list"), SharedButtons.listSchedules.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: toList });
  let current = ctx;
  const t: Translate = (k, v) => current.t(k, v);
  const fail = (err: unknown) => flow.finishWithError(current, err);

  // the user's default key: its options now, and the key the schedule will buy with
  let setup: { keyId: number; limits: NonNullable<ReturnType<typeof resourceOptions>> | undefined };
  try {
    setup = await effect(() =>
      withUserClient(ctx.deps, userId, async (client, key) => ({ keyId: key.id, limits: resourceOptions(await client.orderOptions(), "energy") })),
    );
  } catch (err) {
    await fail(err);
    return;
  }
  const limits = setup.limits;
  if (!limits || limits.durations.length === 0) {
    await flow.finish(current, t("schedule-energy-unavailable"), toList);
    return;
  }

  // ── Address ──
  const saved = await effect(() => ctx.deps.store.recentAddresses.entries(userId));
  const addresses = new InlineKeyboard();
  for (const entry of offeredAddresses(saved, undefined, 5)) addresses.text(labelledAddress(entry), ScheduleStep.address.pack({ address: entry.address })).row();
  const addressAnswer = await runStep(
    flow,
    current,
    addressStep({
      question: t(saved.length > 0 ? "schedule-ask-address-saved" : "schedule-ask-address"),
      keyboard: addresses,
      buttons: ScheduleStep.address.pattern,
      saved,
      fromTap: (data) => ScheduleStep.address.unpack(data)?.address,
      invalid: (text) => t("schedule-address-invalid", { text }),
    }),
  );
  current = addressAnswer.ctx;
  const target = addressAnswer.value;
  const shownAddress = addressAnswer.shown;

  // ── Volume ──
  const range = { min: current.fmt.volume(limits.minVolume), max: current.fmt.volume(limits.maxVolume) };
  const volumes = volumePresetKeyboard(volumePresets("energy", limits), undefined, current.locale, (volume) => ScheduleStep.volume.pack({ volume }));
  const volumeAnswer = await runStep(
    flow,
    current,
    volumeStep({
      question: t("schedule-ask-volume", { address: shownAddress, ...range }),
      keyboard: volumes,
      buttons: ScheduleStep.volume.pattern,
      range: limits,
      fromTap: (data) => ScheduleStep.volume.unpack(data),
      unreadable: () => t("schedule-volume-bad", range),
      outOfRange: () => t("schedule-volume-bad", range),
    }),
  );
  current = volumeAnswer.ctx;
  const volume = volumeAnswer.value.volume;

  // ── Duration ──
  const durationAnswer = await runStep(
    flow,
    current,
    durationStep({
      question: t("schedule-ask-duration", { volume: volumeAnswer.shown }),
      durations: limits.durations,
      buttons: ScheduleStep.duration.pattern,
      pack: (index) => ScheduleStep.duration.pack({ index }),
      fromTap: (data) => ScheduleStep.duration.unpack(data)?.index,
      locale: current.locale,
      shown: (duration, locale) => whatLabel({ volume, duration }, locale),
    }),
  );
  current = durationAnswer.ctx;
  const duration = durationAnswer.value;
  const what = durationAnswer.shown;

  // ── Days: every day, weekdays, or chosen ──
  const daySets = new InlineKeyboard()
    .text(t("schedule-button-every-day"), ScheduleStep.days.pack({ set: "every" }))
    .text(t("schedule-button-weekdays"), ScheduleStep.days.pack({ set: "weekdays" }))
    .row()
    .text(t("schedule-button-choose-days"), ScheduleStep.days.pack({ set: "choose" }));
  const setAnswer = await runStep<string>(flow, current, {
    question: t("schedule-ask-days", { what }),
    keyboard: daySets,
    buttons: ScheduleStep.days.pattern,
    // "" (any other set): the days are chosen
    tap: (data) => ({ value: ({ every: EVERY_DAY, weekdays: WEEKDAYS } as Record<string, string>)[ScheduleStep.days.unpack(data)?.set ?? ""] ?? "" }),
  });
  current = setAnswer.ctx;
  let days = setAnswer.value;
  if (days === "") {
    const chosenDays = multiSelectStep<number, string>({
      question: t("schedule-ask-choose-days"),
      options: WEEK_ORDER,
      keyboard: (chosen) => {
        const keyboard = new InlineKeyboard();
        for (const d of WEEK_ORDER) keyboard.text(`${chosen.has(d) ? "✅ " : ""}${weekdayName(d, current.fmt)}`, ScheduleStep.day.pack({ day: d }));
        return keyboard.row().text(t("schedule-button-days-done"), ScheduleStep.daysDone.pack());
      },
      buttons: new RegExp(`${ScheduleStep.day.pattern.source}|${ScheduleStep.daysDone.pattern.source}`),
      toggled: (data) => ScheduleStep.day.unpack(data)?.day,
      done: (chosen) => [...chosen].sort().join(""),
      none: t("schedule-days-none"),
    });
    ({ value: days, ctx: current } = await runStep(flow, current, chosenDays));
  }

  // ── Time ──
  const timeAnswer = await runStep<string>(flow, current, {
    question: t("schedule-ask-time"),
    text: (text) => {
      const minutes = parseTime(text);
      return minutes !== undefined ? { value: formatTime(minutes) } : { reason: t("schedule-time-bad", { text: clipped(text, 32) }) };
    },
  });
  current = timeAnswer.ctx;
  const time = timeAnswer.value;

  // ── Time zone ──
  const mine = await effect(async () => (await ctx.deps.store.schedules.listByUser(userId)).at(-1)?.timeZone ?? null);
  const zones = [...new Set([...(mine ? [mine] : []), ...OFFERED_ZONES])];
  const zoneButtons = new InlineKeyboard();
  zones.forEach((zone, index) => {
    zoneButtons.text(zone, ScheduleStep.zone.pack({ index }));
    if (index % 2 === 1) zoneButtons.row();
  });
  const zoneOf = (timeZone: string | undefined, text: string): Parsed<string> =>
    timeZone !== undefined ? { value: timeZone } : { reason: t("schedule-zone-bad", { text: clipped(text, 64) }) };
  const zoneAnswer = await runStep(flow, current, {
    question: t("schedule-ask-zone", { time }),
    keyboard: zoneButtons,
    buttons: ScheduleStep.zone.pattern,
    tap: (data) => zoneOf(zones[ScheduleStep.zone.unpack(data)?.index ?? -1], ""),
    text: (text) => zoneOf(normaliseTimeZone(text), text),
  });
  current = zoneAnswer.ctx;
  const timeZone = zoneAnswer.value;

  // ── Notices ──
  const notifyButtons = new InlineKeyboard()
    .text(t("schedule-button-notify-all"), ScheduleStep.notify.pack({ mode: "all" }))
    .row()
    .text(t("schedule-button-notify-failures"), ScheduleStep.notify.pack({ mode: "failures" }));
  const notifyAnswer = await runStep<ScheduleNotify>(flow, current, {
    question: t("schedule-ask-notify"),
    keyboard: notifyButtons,
    buttons: ScheduleStep.notify.pattern,
    tap: (data) => ({ value: ScheduleStep.notify.unpack(data)?.mode === "failures" ? "failures" : "all" }),
  });
  current = notifyAnswer.ctx;
  const notify = notifyAnswer.value;

  // ── Today's price, then the most a run may cost ──
  const rule = { days, time, timeZone };
  const now = await effect(() => ctx.deps.now());
  const next = nextDueTime(rule, now);
  let money: ReturnType<typeof previewMoney>;
  try {
    money = await effect(async () =>
      previewMoney(await withUserClient(ctx.deps, userId, (client) => client.previewOrder({ resource: "energy", volume, days: duration, target }), { keyId: setup.keyId })),
    );
  } catch (err) {
    await fail(err);
    return;
  }
  const maxSun = await askTrxOrOff(current, flow, {
    question: t("schedule-ask-max", { price: code(current.fmt.trx(money.totalSun)) }),
    off: { label: t("schedule-button-no-max"), button: ScheduleStep.noMax },
    offWord: t("schedule-max-off-word"),
    bad: t("schedule-max-bad"),
    maxSun: MAX_RUN_SUN,
  });

  // ── Preview: what, when next, today's price against the balance and the maximum; Save ──
  const trx = current.fmt.trx;
  const lines = [
    t("schedule-preview-title"),
    t("schedule-preview-what", { what, address: shownAddress }),
    t("schedule-preview-when", { when: whenLabel(rule, current.locale) }),
    next === undefined ? "" : t("schedule-preview-next", { next: localMoment(timeZone, next, current.fmt) }),
    t("schedule-preview-price", { price: code(trx(money.totalSun)), balance: code(trx(money.balanceSun)) }),
    maxSun === null ? "" : t("schedule-preview-max", { max: code(trx(maxSun)) }),
    t(notify === "all" ? "schedule-preview-notify-all" : "schedule-preview-notify-failures"),
    money.balanceSun < money.totalSun ? t("schedule-preview-short") : "",
    maxSun !== null && money.totalSun > maxSun ? t("schedule-preview-above-max") : "",
  ].filter(Boolean);
  await flow.ask(current, lines.join("\n"), new InlineKeyboard().text(t("schedule-button-save"), ScheduleStep.save.pack()));
  const saveReply = await flow.waitForButton(ScheduleStep.save.pattern);
  current = saveReply.ctx;
  await current.answerCallbackQuery();
  const stored = await effect(async () => {
    const row = await ctx.deps.store.schedules.add(
      { userId, keyId: setup.keyId, resource: "energy", targetAddress: target, volume, duration, days, time, timeZone, notify, maxSun },
      ctx.deps.now(),
    );
    return row !== undefined;
  });
  await flow.finish(current, stored ? t("schedule-saved", { what, address: shownAddress, when: whenLabel(rule, current.locale) }) : t("schedule-too-many"), toList);
}
