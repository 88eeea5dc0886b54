/**
 * The balance-alert prompt (from the settings card, in its message): a TRX threshold, one notice
 * when the balance falls below it, not repeated until it recovers; "off" (or Alert off) clears it.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { code } from "../../../format/html.js";
import { parseTypedTrx, SUN_PER_TRX } from "../../../tron/amounts.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { askTrxOrOff } from "../../flow/trx-or-off.js";
import { SettingsButtons } from "./callbacks.js";

export const ALERT_CONVERSATION = "settings-alert";
const MAX_ALERT_SUN = 1_000_000_000n * SUN_PER_TRX;

/** A typed threshold: "50", "12.5", "12,5", "50 TRX". Undefined when it is not a positive TRX amount. */
export function parseAlertAmount(text: string): bigint | undefined {
  return parseTypedTrx(text, MAX_ALERT_SUN);
}

export async function alertConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const { t } = ctx.locale;
  const backToSettings = new InlineKeyboard().text(t("settings-button-open"), SettingsButtons.open.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: backToSettings });
  const sun = await askTrxOrOff(ctx, flow, {
    question: t("settings-alert-ask"),
    off: { label: t("settings-button-alert-clear"), button: SettingsButtons.alertOff },
    offWord: t("settings-alert-off-word"),
    bad: t("settings-alert-bad"),
    maxSun: MAX_ALERT_SUN,
  });
  // A new threshold re-arms the alert.
  await external(conversation, () => ctx.deps.store.users.update(userId, { balanceAlertSun: sun === null ? null : sun.toString(), balanceAlertTripped: false }));
  const note = sun === null ? t("settings-alert-cleared") : t("settings-alert-set", { amount: code(ctx.fmt.trx(sun)) });
  // The card itself is a menu, which a conversation can't draw: a button brings it back.
  await flow.finish(ctx, note, backToSettings);
}
