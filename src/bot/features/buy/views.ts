/**
 * What /buy shows: the steps of the flow (their text and buttons), the step picker of Change, and
 * the preview card shown before anything is spent: price, base cost, commission, the activation
 * fee (when there is one), the burn cost and savings for energy, the balance and the balance after.
 * Without enough balance the card offers Deposit instead of Confirm.
 */
import { InlineKeyboard } from "grammy";
import type { AddressCheck, OrderPreview } from "../../../marketplace/index.js";
import { trxToSun } from "../../../tron/amounts.js";
import { RESOURCES, type BuyAnswers, type BuyRequest, type Resource, type VolumePreset } from "../../../orders/request.js";
import { BuyCard, BuyStep, CHANGEABLE_STEPS } from "./callbacks.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { resourceLabel } from "../../../orders/card.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { addressHtml, labelledAddress, type AddressLabels } from "../../../tron/address-names.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { markChosen } from "../../ui/chosen.js";
import { volumePresetKeyboard } from "../../ui/order-steps.js";
import { previewMoney } from "../../../orders/preview-money.js";

export function renderOrderPreview(
  /** `shortNote`: what a short balance is told with (a team desk's group has no Deposit or Refresh). */
  input: { request: BuyRequest; preview: OrderPreview; intentId: string; labels?: AddressLabels; shortNote?: string },
  { t, fmt }: TextLocale,
): { text: string; keyboard: InlineKeyboard } {
  const { request, preview, intentId } = input;
  const money = previewMoney(preview);
  const short = money.afterSun < 0n;
  const trx = fmt.trx;
  const lines = [
    t("buy-preview-title", { resource: resourceLabel(request.resource, t) }),
    t("buy-preview-address", { address: addressHtml(request.address, input.labels) }),
    t("buy-preview-volume", { volume: code(fmt.volume(request.volume)), duration: fmt.duration(request.duration, t) }),
    "",
    t("buy-preview-price", { price: code(trx(money.priceSun)) }),
    t("buy-preview-breakdown", { base: trx(preview.baseCostTrx), commission: trx(preview.commissionTrx) }),
  ];
  if (money.activationSun !== 0n) lines.push(t("buy-preview-activation", { fee: code(trx(money.activationSun)) }));
  if (request.resource === "energy" && trxToSun(preview.burnCostTrx) > 0n) {
    lines.push(t("buy-preview-burn", { burn: trx(preview.burnCostTrx), savings: fmt.percent(preview.savingsPercent) }));
  }
  lines.push(t("buy-preview-total", { total: code(trx(money.totalSun)) }), "");
  // never a negative balance "after": what is missing instead
  lines.push(
    short
      ? t("buy-preview-balance-missing", { balance: trx(money.balanceSun), missing: trx(-money.afterSun, { up: true }) })
      : t("buy-preview-balance", { balance: trx(money.balanceSun), after: trx(money.afterSun) }),
  );

  const keyboard = new InlineKeyboard();
  if (short) {
    lines.push("", t(input.shortNote ?? "buy-preview-short", { shortfall: code(trx(-money.afterSun, { up: true })) }));
    keyboard.text(t("button-deposit"), SharedButtons.showDeposit.pack()).text(t("buy-button-refresh-preview"), BuyCard.again.pack({ intent: intentId })).row();
  } else {
    keyboard.text(t("button-confirm"), BuyCard.confirm.pack({ intent: intentId })).row();
  }
  keyboard.text(t("button-change"), BuyCard.change.pack({ intent: intentId })).text(t("button-cancel"), BuyCard.cancel.pack({ intent: intentId }));
  return { text: lines.join("\n"), keyboard };
}

/** Change on a preview: which answer to change (the others are kept); Back quotes the same request anew. */
export function renderStepPicker(intentId: string, t: Translate): { text: string; keyboard: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  CHANGEABLE_STEPS.forEach((step, i) => {
    keyboard.text(t(`buy-change-${step}`), BuyCard.changeStep.pack({ intent: intentId, step }));
    if (i % 2 === 1) keyboard.row();
  });
  keyboard.text(t("button-back"), BuyCard.again.pack({ intent: intentId })).text(t("button-cancel"), BuyCard.cancel.pack({ intent: intentId }));
  return { text: t("change-ask"), keyboard };
}

export function resourceKeyboard(offered: readonly Resource[], previous: BuyAnswers, t: Translate): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const r of RESOURCES.filter((r) => offered.includes(r))) {
    keyboard.text(markChosen(r === previous.resource, resourceLabel(r, t)), BuyStep.resource.pack({ resource: r }));
  }
  return keyboard;
}

/** The recent addresses, by label where they have one (`saved`: the user's saved addresses). */
export function addressKeyboard(choices: readonly string[], previous: BuyAnswers, saved: ReadonlyArray<Pick<SavedAddress, "address" | "label">> = []): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const a of choices) {
    const text = labelledAddress({ address: a, label: saved.find((e) => e.address === a)?.label ?? null });
    keyboard.text(markChosen(a === previous.address, text), BuyStep.address.pack({ address: a })).row();
  }
  return keyboard;
}

/** The volume step's presets (the buttons /batch shows too: bot/ui/order-steps.ts). */
export function volumeKeyboard(presets: readonly VolumePreset[], previous: bigint | undefined, locale: TextLocale): InlineKeyboard {
  return volumePresetKeyboard(presets, previous, locale, (volume) => BuyStep.volume.pack({ volume }));
}

/** What the target address has now (shown once, above the step after the address). */
export function addressNote(address: string, check: AddressCheck | null, { t, fmt }: TextLocale): string {
  if (!check) return t("buy-address-unchecked");
  return t("buy-address-info", {
    address: code(address),
    // an address without any ("0 of 0") is said to have none
    energy: fmt.volume(check.energyAvailable),
    energyLimit: Number(check.energyLimit),
    energyLimitText: fmt.volume(check.energyLimit),
    bandwidth: fmt.volume(check.bandwidthAvailable),
    bandwidthLimit: Number(check.bandwidthLimit),
    bandwidthLimitText: fmt.volume(check.bandwidthLimit),
    activation: t(check.activated ? "buy-address-activated" : "buy-address-not-activated"),
  });
}
