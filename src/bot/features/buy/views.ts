/**
 * The preview card shown before anything is spent: price, base cost, commission, the activation fee
 * (when there is one), the burn cost and savings for energy, the balance and the balance after.
 * Without enough balance the card offers Deposit instead of Confirm.
 */
import { InlineKeyboard } from "grammy";
import type { OrderPreview } from "../../../marketplace/index.js";
import { trxToSun } from "../../../tron/amounts.js";
import type { BuyRequest } from "../../../orders/request.js";
import { BuyData } from "./callbacks.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code, escapeHtml } from "../../../format/html.js";

export interface PreviewMoney {
  priceSun: bigint;
  activationSun: bigint;
  /** What the order takes from the balance: price plus activation. */
  totalSun: bigint;
  balanceSun: bigint;
  afterSun: bigint;
}

export function previewMoney(preview: Pick<OrderPreview, "priceTrx" | "activationTrx" | "balanceTrx">): PreviewMoney {
  const priceSun = trxToSun(preview.priceTrx);
  const activationSun = trxToSun(preview.activationTrx);
  const totalSun = priceSun + activationSun;
  const balanceSun = trxToSun(preview.balanceTrx);
  return { priceSun, activationSun, totalSun, balanceSun, afterSun: balanceSun - totalSun };
}

export function resourceLabel(resource: string, t: Translate): string {
  return resource === "energy" || resource === "bandwidth" ? t(`buy-resource-${resource}`) : escapeHtml(resource);
}

export function renderOrderPreview(
  input: { request: BuyRequest; preview: OrderPreview; intentId: string },
  t: Translate,
  fmt: Formatter,
): { text: string; keyboard: InlineKeyboard } {
  const { request, preview, intentId } = input;
  const money = previewMoney(preview);
  const lines = [
    t("buy-preview-title", { resource: resourceLabel(request.resource, t) }),
    t("buy-preview-address", { address: code(request.address) }),
    t("buy-preview-volume", { volume: code(fmt.volume(request.volume)), duration: fmt.duration(request.duration, t) }),
    "",
    t("buy-preview-price", { price: code(fmt.trx(money.priceSun)) }),
    t("buy-preview-breakdown", { base: fmt.trx(preview.baseCostTrx), commission: fmt.trx(preview.commissionTrx) }),
  ];
  if (money.activationSun !== 0n) lines.push(t("buy-preview-activation", { fee: code(fmt.trx(money.activationSun)) }));
  if (request.resource === "energy" && trxToSun(preview.burnCostTrx) > 0n) {
    lines.push(t("buy-preview-burn", { burn: fmt.trx(preview.burnCostTrx), savings: fmt.percent(preview.savingsPercent) }));
  }
  lines.push(t("buy-preview-total", { total: code(fmt.trx(money.totalSun)) }), "");
  lines.push(t("buy-preview-balance", { balance: fmt.trx(money.balanceSun), after: fmt.trx(money.afterSun) }));

  const keyboard = new InlineKeyboard();
  if (money.afterSun < 0n) {
    lines.push("", t("buy-preview-short", { shortfall: code(fmt.trx(-money.afterSun)) }));
    keyboard.text(t("button-deposit"), SharedButtons.showDeposit.pack()).text(t("buy-button-refresh-preview"), BuyData.again(intentId)).row();
  } else {
    keyboard.text(t("button-confirm"), BuyData.confirm(intentId)).row();
  }
  keyboard.text(t("button-change"), BuyData.change(intentId)).text(t("button-cancel"), BuyData.cancel(intentId));
  return { text: lines.join("\n"), keyboard };
}
