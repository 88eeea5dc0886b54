/**
 * A TRON address sent in a private chat, alone or inside a sentence ("please top up TR7…, thanks"):
 * priced USDT-transfer presets (one tap: the preview), or check it, or buy another amount for it.
 * The last feature: a flow waiting for an address takes it before this (flows come first).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { findAddressesLike, isTronAddress, TRON_ADDRESS_SHAPE, unwrapPasted } from "../../../tron/address.js";
import { code } from "../../../format/html.js";
import { addressPresetRows, loadPresets } from "../../ui/preset-rows.js";
import { invalidAddressText } from "./views.js";
import { isOwnInlineResult } from "../../ui/own-inline-result.js";

export const addressMessageFeature = new Composer<BotContext>();

addressMessageFeature.chatType("private").on("message:text", async (ctx, next) => {
  // an address card the user posted from the bot's own inline mode: already the answer, nothing to say
  if (isOwnInlineResult(ctx)) return;
  const text = unwrapPasted(ctx.message.text);
  if (TRON_ADDRESS_SHAPE.test(text)) {
    if (!isTronAddress(text)) {
      await ctx.reply(invalidAddressText(text, ctx.t));
      return;
    }
    return offer(ctx, text, "address-detected");
  }
  // In a sentence only a valid address is offered: other words that merely look like one (a typo,
  // something else entirely) are left to the fallback rather than called a wrong address.
  const found = findAddressesLike(text).find(isTronAddress);
  if (!found) return next();
  await offer(ctx, found, "address-found-in-text");
});

async function offer(ctx: BotContext & { from: { id: number } }, address: string, textKey: string): Promise<void> {
  // priced presets first: one tap is the preview (none without a key: Buy then leads to adding one)
  const presets = await loadPresets(ctx.deps, ctx.from.id, address);
  const keyboard = addressPresetRows(new InlineKeyboard(), address, presets, ctx.locale)
    .text(ctx.t("address-button-check"), SharedButtons.checkAddress.pack({ address }))
    .text(ctx.t("button-buy-energy"), SharedButtons.buyFor.pack({ address }));
  await ctx.reply(ctx.t(textKey, { address: code(address) }), { reply_markup: keyboard });
}
