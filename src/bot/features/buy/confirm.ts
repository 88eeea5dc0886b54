/**
 * Confirm on a preview card: the placement is decided in the domain (orders/placement.ts: the
 * intent's state machine and Idempotency-Key, the budget, the expiry); here each outcome becomes a
 * view. Per-chat sequencing (sequentialize) makes repeated taps run one after another, so the later
 * ones find the intent `placed`.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import type { OrderIntentRow } from "../../../store/orders.js";
import { renderError } from "../../errors/render.js";
import { code } from "../../../format/html.js";
import { showView } from "../../ui/view.js";
import { runEntry } from "../../flow/registry.js";
import { BuyCard } from "./callbacks.js";
import { requoteInPlace } from "./preview.js";
import { checkIntent, PREVIEW_TTL_MS, refusalShortfall, rereadPlaced, sendIntent, type SendOutcome } from "../../../orders/placement.js";
import type { KeyBudget } from "../../../orders/budget.js";
import { monthName } from "../../../format/month.js";

/** "Your balance is X; this order needs Y: top up at least Z", from a fresh preview (omitted if that fails). */
async function shortfallLine(ctx: BotContext, intent: OrderIntentRow): Promise<string | undefined> {
  const shortfall = await refusalShortfall(ctx.deps, intent);
  if (!shortfall) return undefined;
  const trx = ctx.fmt.trx;
  return ctx.t("buy-shortfall", { balance: code(trx(shortfall.balanceSun)), needed: code(trx(shortfall.totalSun)), shortfall: code(trx(shortfall.missingSun, { up: true })) });
}

/** The outcome of sending: the order's card, "unknown: confirm again", or the refusal with what to do next. */
async function showSent(ctx: BotContext, outcome: SendOutcome): Promise<void> {
  const { t } = ctx.locale;
  if (outcome.kind === "moved-on") return;
  if (outcome.kind === "placed") return runEntry(ctx, "show-order-card", outcome.order, 0);
  const { intent, error: err } = outcome;
  if (outcome.kind === "unknown") {
    const keyboard = new InlineKeyboard().text(t("buy-button-confirm-again"), BuyCard.confirm.pack({ intent: intent.intentId }));
    await showView(ctx, { text: t("buy-outcome-unknown"), keyboard });
    return;
  }
  const rendered = renderError(err, ctx.locale, ctx.deps.now());
  const keyboard = rendered.keyboard ?? new InlineKeyboard();
  let text = rendered.text;
  if (err instanceof MarketplaceError && err.isInsufficientBalance) {
    const line = await shortfallLine(ctx, intent);
    if (line) text = `${text}\n\n${line}`;
  }
  if (err instanceof MarketplaceError && (err.isInsufficientBalance || err.isProviderFailed)) {
    // Nothing was charged: a new preview (new intent, new key) is the way to try again.
    keyboard.text(t("buy-button-try-again"), BuyCard.again.pack({ intent: intent.intentId }));
  }
  await showView(ctx, { text, keyboard });
}

/** The key's monthly budget is reached: said, with the override for this one order and Cancel. The intent stays previewed. */
async function showBudgetRefusal(ctx: BotContext, intentId: string, budget: KeyBudget): Promise<void> {
  const trx = ctx.fmt.trx;
  const text = ctx.t("buy-budget-reached", { spent: code(trx(budget.spentSun)), budget: code(trx(budget.budgetSun)), month: monthName(budget.month, ctx.fmt.locale) });
  const keyboard = new InlineKeyboard()
    .text(ctx.t("buy-button-budget-override"), BuyCard.overrideBudget.pack({ intent: intentId }))
    .row()
    .text(ctx.t("button-cancel"), BuyCard.cancel.pack({ intent: intentId }));
  await showView(ctx, { text, keyboard }, { toast: ctx.t("buy-budget-reached-toast") });
}

/** `overrideBudget`: the user chose to place this order although the key's monthly budget is reached. */
export async function confirmIntent(ctx: BotContext, intentId: string, options: { overrideBudget?: boolean } = {}): Promise<void> {
  const checked = await checkIntent(ctx.deps, intentId, ctx.from?.id, options);
  switch (checked.kind) {
    case "missing":
      await ctx.answerCallbackQuery({ text: ctx.t("buy-intent-unknown") });
      return;
    case "already-placed": {
      await ctx.answerCallbackQuery({ text: ctx.t("buy-already-placed") });
      const order = await rereadPlaced(ctx.deps, checked.intent);
      if (order) await runEntry(ctx, "show-order-card", order, 0).catch((err: unknown) => ctx.deps.logger.debug({ err, intentId }, "could not refresh a placed order"));
      return;
    }
    case "closed":
      await ctx.answerCallbackQuery({ text: ctx.t(checked.state === "cancelled" ? "buy-intent-cancelled" : "buy-intent-rejected") });
      return;
    case "moved-on":
      return;
    case "expired":
      await ctx.answerCallbackQuery({ text: ctx.t("buy-expired-toast") });
      await requoteInPlace(ctx, checked.intent, ctx.t("buy-expired-note", { minutes: PREVIEW_TTL_MS / 60_000 }));
      return;
    case "over-budget":
      return showBudgetRefusal(ctx, intentId, checked.budget);
    case "ready":
      await ctx.answerCallbackQuery({ text: ctx.t("buy-placing") });
      return showSent(ctx, await sendIntent(ctx.deps, checked.intent));
  }
}
