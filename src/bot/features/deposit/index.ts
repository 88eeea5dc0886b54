/** /deposit: the personal deposit address as copyable text and as a QR code (one photo with caption). */
import { Composer, InputFile } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { renderDeposit } from "./views.js";
import { qrPng } from "./qr.js";
import { isPrivateChat, replyUsePrivateChat } from "../../ui/private-chat.js";
import { errorFields } from "../../../logger.js";
import { showChatAction } from "../../ui/chat-action.js";

export const depositFeature = new Composer<BotContext>();

/** Telegram's caption limit (characters after entity parsing; the HTML source is an upper bound). */
const MAX_CAPTION = 1024;

async function showDeposit(ctx: BotContext): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.from) return replyUsePrivateChat(ctx);
  let card;
  try {
    const deposit = await withUserClient(ctx.deps, ctx.from.id, (client) => client.depositAddress(), { needs: "read" });
    card = { ...renderDeposit(deposit, ctx.locale), address: deposit.address };
  } catch (err) {
    return replyWithError(ctx, err);
  }
  let qr: Buffer | undefined;
  try {
    showChatAction(ctx, "upload_photo");
    qr = await qrPng(card.address);
  } catch (err) {
    ctx.deps.logger.warn({ err: errorFields(err) }, "deposit QR code could not be made");
  }
  if (qr && card.caption.length <= MAX_CAPTION) {
    await ctx.replyWithPhoto(new InputFile(qr, "deposit-address.png"), { caption: card.caption, reply_markup: card.keyboard });
    return;
  }
  if (qr) await ctx.replyWithPhoto(new InputFile(qr, "deposit-address.png"));
  await ctx.reply(card.caption, { reply_markup: card.keyboard });
}

depositFeature.command("deposit", showDeposit);
depositFeature.callbackQuery(SharedButtons.showDeposit.pattern, showDeposit);
