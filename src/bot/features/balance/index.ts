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
 * The runway's first reading for a key takes two calls one after the other (the order options, then
 * the price). Rather than hold the balance back for them, a new card goes out with the balance, and
 * a runway still on its way `graceMs` after the balance is added to the card in place when it comes,
 * if it comes within `lateMs` of the command: below the sign of life (ui/feedback.ts), so the chat
 * never looks busy, nor drops a tap on the card, for a card already on screen. A later runway is
 * left for Refresh.
 */
export const RUNWAY_WAIT = { graceMs: 25, lateMs: 500 } as const;

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

/** The balance, and the runway still on its way (it never fails: a part that cannot be had is left out). */
function readBalance(ctx: BotContext, userId: number): Promise<{ balance: Balance; runway: Promise<Runway> }> {
  return withUserClient(
    ctx.deps,
    userId,
    async (client, key) => {
      // the runway's calls do not need the balance: all of them are asked at once
      const asked = client.balance();
      const runway = readRunway({ client, keyId: key.id, prices: ctx.deps.prices, balanceSun: asked.then((b) => trxToSun(b.trx)), now: ctx.deps.now() });
      return { balance: await asked, runway };
    },
    { needs: "read" },
  );
}

async function showBalance(ctx: BotContext, refresh: boolean): Promise<void> {
  if (!isPrivateChat(ctx) || !ctx.from || !ctx.chat) return replyUsePrivateChat(ctx);
  const started = Date.now();
  const wait = { ...RUNWAY_WAIT, ...ctx.deps.runwayWait };
  let read;
  try {
    read = await readBalance(ctx, ctx.from.id);
  } catch (err) {
    return replyWithError(ctx, err, { edit: refresh });
  }
  const at = ctx.deps.now();
  const card = (runway: Runway) => renderBalance(read.balance, runway, ctx.locale, at);
  if (refresh) {
    // the card being refreshed stays on screen meanwhile, so it changes once, complete (the
    // runway's calls have the interactive deadlines; the tap shows "working…" if they are slow)
    await showView(ctx, card(await read.runway), { toast: ctx.t("balance-refreshed"), unchanged: ctx.t("balance-unchanged") });
    return;
  }
  const early = await within(read.runway, wait.graceMs);
  if (early !== undefined) {
    await showView(ctx, card(early), { asNew: true });
    return;
  }
  const { messageId } = await showView(ctx, card({}), { asNew: true });
  const late = await within(read.runway, Math.max(0, started + wait.lateMs - Date.now()));
  if (messageId === undefined || !(late?.transfers || late?.rules)) return;
  // only an addition to a card already shown: if the card cannot be edited any more, it stays as it is
  const { text, keyboard } = card(late);
  await ctx.api.editMessageText(ctx.chat.id, messageId, text, { reply_markup: keyboard }).catch((err: unknown) => ctx.deps.logger.debug({ err }, "runway not added to the balance card"));
}

balanceFeature.command("balance", (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(SharedButtons.showBalance.pattern, (ctx) => showBalance(ctx, false));
balanceFeature.callbackQuery(BalanceRefresh.pattern, (ctx) => showBalance(ctx, true));
