/**
 * The address check card: activation, energy and bandwidth (limit, used, available) and how many
 * USDT transfers the available resources cover. Pure: the feature passes its locale and the clock.
 */
import { addressHtml } from "../../../tron/address-names.js";
import { startLink } from "../../ui/private-chat.js";
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../../../tron/usdt.js";
import { TRON_ADDRESS_SHAPE } from "../../../tron/address.js";
import { InlineKeyboard } from "grammy";
import type { AddressCheck } from "../../../marketplace/index.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import type { Formatter, TextLocale, Translate } from "../../../format/formatter.js";
import { clipped } from "../../../format/html.js";
import type { PricedChoice } from "../../../orders/presets.js";
import { addressPresetRows } from "../../ui/preset-rows.js";

/** What sellers offer per USDT transfer (DESIGN.md: about 64,285 and 130,285 are needed). */
export const BANDWIDTH_PER_TRANSFER = 345n;
export const ACTIVATION_FEE_TRX = "1.1";

export interface TransfersCovered {
  toHolder: bigint;
  toNewHolder: bigint;
  bandwidth: bigint;
}

const floorDiv = (value: bigint, unit: bigint) => (value > 0n ? value / unit : 0n);

export function transfersCovered(check: Pick<AddressCheck, "energyAvailable" | "bandwidthAvailable">): TransfersCovered {
  return {
    toHolder: floorDiv(check.energyAvailable, ENERGY_PER_USDT_TRANSFER),
    toNewHolder: floorDiv(check.energyAvailable, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER),
    bandwidth: floorDiv(check.bandwidthAvailable, BANDWIDTH_PER_TRANSFER),
  };
}

/** Fluent picks the plural form from a number; the text shown is formatted exactly from the bigint. */
function countVars(fmt: Formatter, count: bigint, per: bigint): Record<string, string | number> {
  return { count: Number(count), countText: fmt.integer(count), per: fmt.volume(per) };
}

/** `label`: the name the user gave this address (private chats only: a group must not see it). */
export function renderAddressCheck(check: AddressCheck, { t, fmt }: TextLocale, checkedAt: number, label?: string): string {
  const covered = transfersCovered(check);
  const resource = (limit: bigint, used: bigint, available: bigint) =>
    t("check-resource-line", { limit: fmt.volume(limit), used: fmt.volume(used), available: fmt.volume(available) });
  const lines = [
    t("check-title", { address: addressHtml(check.address, label ? new Map([[check.address, label]]) : undefined) }),
    check.activated ? t("check-activated") : t("check-not-activated", { fee: fmt.trx(ACTIVATION_FEE_TRX) }),
    "",
    t("check-energy-title"),
    resource(check.energyLimit, check.energyUsed, check.energyAvailable),
    t("check-bandwidth-title"),
    resource(check.bandwidthLimit, check.bandwidthUsed, check.bandwidthAvailable),
    "",
    t("check-covers-title"),
    t("check-covers-holder", countVars(fmt, covered.toHolder, ENERGY_PER_USDT_TRANSFER)),
    t("check-covers-new-holder", countVars(fmt, covered.toNewHolder, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER)),
    t("check-covers-bandwidth", countVars(fmt, covered.bandwidth, BANDWIDTH_PER_TRANSFER)),
  ];
  if (covered.toHolder === 0n) lines.push("", t("check-covers-none"));
  lines.push("", t("check-checked-at", { time: fmt.dateTime(checkedAt) }));
  return lines.join("\n");
}

/** One line for an inline result's description (plain text). */
export function describeAddressCheck(check: AddressCheck, { t, fmt }: TextLocale): string {
  return t("inline-result-description", {
    energy: fmt.volume(check.energyAvailable),
    bandwidth: fmt.volume(check.bandwidthAvailable),
    transfers: fmt.integer(transfersCovered(check).toHolder),
  });
}


export const buyPayload = (address: string) => `buy_${address}`;

/**
 * Where the card is shown decides its buttons: a private chat buys in place; a group or an inline
 * message sends the user to the bot's private chat (buying is personal: it spends their key).
 */
export type CardPlace = "private" | "group" | "inline";

export function addressCheckKeyboard(
  address: string,
  locale: TextLocale,
  place: CardPlace,
  botUsername: string,
  presets?: readonly PricedChoice[],
): InlineKeyboard {
  const { t } = locale;
  const keyboard = new InlineKeyboard();
  // in private: one tap on a priced preset is the preview; "Buy energy" is for any other amount
  if (place === "private" && presets) addressPresetRows(keyboard, address, presets, locale);
  if (place === "private") keyboard.text(t("button-buy-energy"), SharedButtons.buyFor.pack({ address: address }));
  else keyboard.url(t("button-buy-energy"), startLink(botUsername, buyPayload(address)));
  if (place !== "inline") keyboard.text(t("button-refresh"), SharedButtons.checkAddress.pack({ address: address }));
  return keyboard;
}

/**
 * Why `input` is not an address: a wrong checksum (one mistyped character) or not an address at
 * all; an address the server refused (400) passed our checksum, so it is simply "not valid".
 */
export function invalidAddressText(input: string, t: Translate, options: { refusedByServer?: boolean } = {}): string {
  const badChecksum = !options.refusedByServer && TRON_ADDRESS_SHAPE.test(input);
  return t(badChecksum ? "check-bad-checksum" : "check-invalid-address", { input: `<code>${clipped(input, 64)}</code>` });
}
