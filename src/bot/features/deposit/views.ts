/** The /deposit caption: network, the address as copyable code, and the minimum per currency. */
import { InlineKeyboard } from "grammy";
import type { DepositAddress } from "../../../marketplace/index.js";
import type { Formatter, TextLocale } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";

/** Telegram's limit for a copy_text button. */
const MAX_COPY_TEXT = 256;

function minimum(entry: DepositAddress["minimums"][number], fmt: Formatter): string {
  const currency = entry.currency.trim();
  const amount = currency.toUpperCase() === "TRX" ? fmt.trx(entry.amount) : `${fmt.amount(entry.amount)} ${escapeHtml(currency)}`;
  return `<b>${amount}</b>`;
}

export function renderDeposit(deposit: DepositAddress, { t, fmt }: TextLocale): { caption: string; keyboard: InlineKeyboard } {
  const lines = [
    t("deposit-title"),
    "",
    t("deposit-network", { network: `<b>${escapeHtml(deposit.network)}</b>` }),
    t("deposit-address", { address: code(deposit.address) }),
  ];
  if (deposit.minimums.length > 0) lines.push(t("deposit-minimums", { minimums: deposit.minimums.map((m) => minimum(m, fmt)).join(" · ") }));
  lines.push("", t("deposit-note", { network: escapeHtml(deposit.network) }));
  const keyboard = new InlineKeyboard();
  if (deposit.address.length > 0 && deposit.address.length <= MAX_COPY_TEXT) keyboard.copyText(t("deposit-button-copy"), deposit.address);
  keyboard.text(t("button-balance"), SharedButtons.showBalance.pack());
  return { caption: lines.join("\n"), keyboard };
}
