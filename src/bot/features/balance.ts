/** /balance: TRX and USDT, with Deposit, Buy energy and Refresh (which edits the card in place). */
import type { BotContext } from "../context.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { withUserClient } from "../marketplace-access.js";
import { isNotModified, replyWithError } from "../reply-error.js";
import { BALANCE_REFRESH, renderBalance } from "../render/balance.js";
import { isPrivateChat, replyUsePrivateChat } from "../render/private-chat.js";
import { Composer } from "grammy";

export const balanceFeature = new Composer<BotContext>();

async function showBalance(ctx: BotContext, mode: "reply" | "edit"): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.from) return replyUsePrivateChat(ctx);
  const userId = ctx.from.id;
  let card;
  try {
    const balance = await withUserClient(ctx.deps, userId, (client) => client.balance(), { needs: "read" });
    card = renderBalance(balance, (k, v) => ctx.t(k, v), ctx.fmt, ctx.deps.now());
  } catch (err) {
    return replyWithError(ctx, err, { edit: mode === "edit" });
  }
  if (mode === "edit" && ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(card.text, { reply_markup: card.keyboard });
      await ctx.answerCallbackQuery({ text: ctx.t("balance-refreshed") });
      return;
    } catch (err) {
      if (isNotModified(err)) {
        await ctx.answerCallbackQuery({ text: ctx.t("balance-unchanged") });
        return;
      }
      // the card is gone or not editable: send a new one
    }
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}

balanceFeature.command("balance", (ctx) => showBalance(ctx, "reply"));
balanceFeature.callbackQuery(SharedButtons.showBalance.pattern, (ctx) => showBalance(ctx, "reply"));
balanceFeature.callbackQuery(BALANCE_REFRESH, (ctx) => showBalance(ctx, "edit"));
