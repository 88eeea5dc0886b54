/**
 * A new price alert: which energy (65,000 energy, one USDT transfer, for 1 hour or 1 day), then the
 * price under which to be told, in one message with Cancel on every step. Saved, it shows the
 * alerts card again.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { SUN_PER_TRX } from "../../../tron/amounts.js";
import { ONE_TRANSFER } from "../../../orders/presets.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep, type Shows } from "../../flow/step.js";
import { trxStep } from "../../flow/steps.js";
import { AlertButtons } from "./callbacks.js";

export const PRICE_ALERT_CONVERSATION = "price-alert";
/** What an alert can watch: one USDT transfer's energy for the durations people buy most. */
export const ALERT_DURATIONS = ["1h", "1d"] as const;
const MAX_ALERT_PRICE_SUN = 100_000n * SUN_PER_TRX;

export async function priceAlertConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const { t } = ctx.locale;
  const volume = ONE_TRANSFER.volume;
  const toAlerts = new InlineKeyboard().text(t("alert-button-list"), SharedButtons.listPriceAlerts.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: toAlerts });

  // an alert watches one USDT transfer's energy: its button reads as the answer does
  const watched: Shows<string> = (duration, locale) => locale.t("alert-what", { volume: locale.fmt.volume(volume), duration: locale.fmt.duration(duration, locale.t) });
  const durations = new InlineKeyboard();
  for (const duration of ALERT_DURATIONS) durations.text(watched(duration, ctx.locale), AlertButtons.duration.pack({ duration }));
  const { value: duration, shown: what } = await runStep(flow, ctx, {
    question: t("alert-ask-what"),
    keyboard: durations,
    buttons: AlertButtons.duration.pattern,
    tap: (data) => ({ value: AlertButtons.duration.unpack(data)!.duration }),
    answerTap: true,
    shown: watched,
  });

  const price = await runStep(flow, ctx, { question: t("alert-ask-price", { what }), ...trxStep({ bad: t("alert-bad-price"), maxSun: MAX_ALERT_PRICE_SUN }) });
  const belowSun = price.value;
  const saved = await external(conversation, async () => (await ctx.deps.store.priceAlerts.add(userId, { volume, duration, belowSun })) !== undefined);
  const note = saved ? t("alert-saved", { what, price: price.shown }) : t("alert-too-many");
  await flow.finish(ctx, note, toAlerts);
}
