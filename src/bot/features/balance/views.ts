/** The /balance card: TRX and USDT, how far the TRX goes (runway), with Deposit, Buy energy and Refresh. */
import { runwayLines, type Runway } from "../../../orders/runway.js";
import { InlineKeyboard } from "grammy";
import type { Balance } from "../../../marketplace/index.js";
import type { TextLocale } from "../../../format/formatter.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { BalanceRefresh } from "./callbacks.js";

export function renderBalance(balance: Balance, runway: Runway, locale: TextLocale, at: number): { text: string; keyboard: InlineKeyboard } {
  const { t, fmt } = locale;
  // the line names the currency: the amount is not followed by it again ("TRX: 12.50", not "TRX: 12.50 TRX")
  const usdt = fmt.amount(balance.usdtTrc20);
  const ahead = runwayLines(runway, locale);
  const text = [
    t("balance-title"),
    "",
    t("balance-trx", { amount: `<code>${fmt.trx(balance.trx, { unit: false })}</code>` }),
    t("balance-usdt", { amount: `<code>${usdt}</code>` }),
    ...(ahead.length > 0 ? ["", ...ahead] : []),
    "",
    t("balance-updated", { time: fmt.dateTime(at) }),
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(t("button-deposit"), SharedButtons.showDeposit.pack())
    .text(t("button-buy-energy"), SharedButtons.buyEnergy.pack())
    .row()
    .text(t("button-refresh"), BalanceRefresh.pack());
  return { text, keyboard };
}
