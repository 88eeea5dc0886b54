/**
 * A bare TRON address sent in a private chat: offer to check it or buy energy for it.
 * The last feature: a flow waiting for an address takes it before this (flows come first).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isTronAddress, TRON_ADDRESS_SHAPE, unwrapPasted } from "../../../tron/address.js";
import { code } from "../../../format/html.js";
import { invalidAddressText } from "./views.js";


export const addressMessageFeature = new Composer<BotContext>();

addressMessageFeature.chatType("private").on("message:text", async (ctx, next) => {
  const text = unwrapPasted(ctx.message.text);
  if (!TRON_ADDRESS_SHAPE.test(text)) return next();
  if (!isTronAddress(text)) {
    await ctx.reply(invalidAddressText(text, (k, v) => ctx.t(k, v)));
    return;
  }
  const keyboard = new InlineKeyboard()
    .text(ctx.t("address-button-check"), SharedButtons.checkAddress.pack({ address: text }))
    .text(ctx.t("button-buy-energy"), SharedButtons.buyFor.pack({ address: text }));
  await ctx.reply(ctx.t("address-detected", { address: code(text) }), { reply_markup: keyboard });
});
