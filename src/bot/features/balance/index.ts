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
import { readRunway, type Runway } from "../../../orders/runway.js";
import type { Balance } from "../../../marketplace/index.js";
import { trxToSun } from "../../../tron/amounts.js";

export const balanceFeature = new Composer<BotContext>();

/**
 * How long a new card waits for a runway still on its way once the balance is in. The runway's first
 * reading for a key takes two calls one after the other (the order options, then the price): rather
 * than hold the balance back for them, the card goes out with the balance and the runway is added
 * to it in place when it comes.
 */
export const RUNWAY_GRACE_MS = 25;
/** How long the chat's next update may wait for that late runway; a slower one is left for Refresh. */
export const RUNWAY_LATE_MS = 2_000;

/** The promise's value if it settles within `ms`, else undefined (it goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function showBalance(ctx: BotContext, refresh: boolean): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.from) return replyUsePrivateChat(ctx);
  const userId = ctx.from.id;
  let balance: Balance;
  let runway: Promise<Runway>;
  try {
    ({ balance, runway } = await withUserClient(
      ctx.deps,
      userId,
      async (client, key) => {
        // the runway's calls do not need the balance: all of them are asked at once
        const asked = client.balance();
        // never rejects: a part that fails is left out
        const runway = readRunway({ client, keyId: key.id, prices: ctx.deps.prices, balanceSun: asked.then((b) => trxToSun(b.trx)), now: ctx.deps.now() });
        return { balance: await asked, runway };
      },
      { needs: "read" },
    ));
  } catch (err) {
    return replyWithError(ctx, err, { edit: refresh });
  }
  const at = ctx.deps.now();
  const card = (r: Runway) => renderBalance(balance, r, (k, v) => ctx.t(k, v), ctx.fmt, at);
  if (refresh) {
    // the card being refreshed stays on screen meanwhile: it changes once, complete
    await showView(ctx, card(await runway), { toast: ctx.t("balance-refreshed"), unchanged: ctx.t("balance-unchanged") });
    return;
  }
  const early = await within(runway, RUNWAY_GRACE_MS);
  if (early) {
    await showView(ctx, card(early), { asNew: true });
    return;
  }
  const { messageId } = await showView(ctx, card({}), { asNew: true });
  const late = await within(runway, RUNWAY_LATE_MS);
  if (messageId !== undefined && (late?.transfers || late?.rules)) await showView(ctx, card(late), { messageId });
}

balanceFeature.command("balance", (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(SharedButtons.showBalance.pattern, (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(BalanceRefresh.pattern, (ctx) => showBalance(ctx, true));
