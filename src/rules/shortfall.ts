/**
 * A 402 with the numbers: the shared "balance too low" sentence, then what one firing costs, the
 * balance, and what is missing (all SUN bigints), and a Deposit button.
 */
import { InlineKeyboard } from "grammy";
import { SharedButtons } from "../telegram/shared-buttons.js";
import type { Shortfall } from "./pricing.js";
import type { TextLocale } from "../format/formatter.js";
import { code } from "../format/html.js";

export function renderShortfall(shortfall: Shortfall, { t, fmt }: TextLocale): { text: string; keyboard: InlineKeyboard } {
  // The balance may have moved since the refusal: without a gap, only the two numbers are shown.
  const trx = fmt.trx;
  const line = t(shortfall.missingSun > 0n ? "rules-shortfall" : "rules-shortfall-price", {
    price: code(trx(shortfall.priceSun)),
    balance: code(trx(shortfall.balanceSun)),
    missing: code(trx(shortfall.missingSun, { up: true })),
  });
  return {
    text: `${t("error-insufficient-balance")}\n\n${line}`,
    keyboard: new InlineKeyboard().text(t("button-deposit"), SharedButtons.showDeposit.pack()),
  };
}
