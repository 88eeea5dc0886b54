/** /balance: TRX and USDT, the runway, with Deposit, Buy energy and Refresh (which edits the card in place). */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { isPrivateChat, replyUsePrivateChat } from "../../ui/private-chat.js";
import { showView } from "../../ui/view.js";
import { BalanceRefresh } from "./callbacks.js";
import { renderBalance } from "./views.js";
import { readRunway } from "../../../orders/runway.js";
import { trxToSun } from "../../../tron/amounts.js";

export const balanceFeature = new Composer<BotContext>();

async function showBalance(ctx: BotContext, refresh: boolean): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.from) return replyUsePrivateChat(ctx);
  const userId = ctx.from.id;
  let card;
  try {
    const { balance, runway } = await withUserClient(
      ctx.deps,
      userId,
      async (client, key) => {
        // the runway's calls do not need the balance: all of them are asked at once
        const asked = client.balance();
        const [balance, runway] = await Promise.all([
          asked,
          readRunway({ client, keyId: key.id, prices: ctx.deps.prices, balanceSun: asked.then((b) => trxToSun(b.trx)), now: ctx.deps.now() }),
        ]);
        return { balance, runway };
      },
      { needs: "read" },
    );
    card = renderBalance(balance, runway, (k, v) => ctx.t(k, v), ctx.fmt, ctx.deps.now());
  } catch (err) {
    return replyWithError(ctx, err, { edit: refresh });
  }
  await showView(ctx, card, refresh ? { toast: ctx.t("balance-refreshed"), unchanged: ctx.t("balance-unchanged") } : { asNew: true });
}

balanceFeature.command("balance", (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(SharedButtons.showBalance.pattern, (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(BalanceRefresh.pattern, (ctx) => showBalance(ctx, true));
