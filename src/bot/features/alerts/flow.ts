/**
 * A new price alert: which energy (65,000 energy, one USDT transfer, for 1 hour or 1 day), then the
 * price under which to be told, in one message with Cancel on every step. Saved, it shows the
 * alerts card again.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { code } from "../../../format/html.js";
import { SUN_PER_TRX } from "../../../tron/amounts.js";
import { ONE_TRANSFER } from "../../../orders/presets.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { waitForTrx } from "../../flow/trx-or-off.js";
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

  const durations = new InlineKeyboard();
  for (const duration of ALERT_DURATIONS) durations.text(t("alert-what", { volume: ctx.fmt.volume(volume), duration: ctx.fmt.duration(duration, t) }), AlertButtons.duration.pack({ duration }));
  await flow.ask(ctx, t("alert-ask-what"), durations);
  const chosen = await flow.waitForButton(AlertButtons.duration.pattern);
  await chosen.ctx.answerCallbackQuery();
  const duration = AlertButtons.duration.unpack(chosen.data)!.duration;
  const what = t("alert-what", { volume: ctx.fmt.volume(volume), duration: ctx.fmt.duration(duration, t) });

  await flow.ask(ctx, t("alert-ask-price", { what }));
  const belowSun = await waitForTrx(ctx, flow, { bad: t("alert-bad-price"), maxSun: MAX_ALERT_PRICE_SUN });
  const saved = await external(conversation, async () => (await ctx.deps.store.priceAlerts.add(userId, { volume, duration, belowSun })) !== undefined);
  const note = saved ? t("alert-saved", { what, price: code(ctx.fmt.trx(belowSun)) }) : t("alert-too-many");
  await flow.finish(ctx, note, toAlerts);
}
