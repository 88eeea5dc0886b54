/**
 * Confirm on a preview card: exactly one order, however often it is tapped or delivered.
 * The intent is set to `placing` (persisted) before POST /orders, which always carries the intent's
 * Idempotency-Key; a repeated tap, a redelivered update or a restart while `placing` calls again with
 * the same key and the marketplace returns the same order. Per-chat sequencing (sequentialize) makes
 * repeated taps run one after another, so the later ones find the intent `placed`.
 * A `previewed` card older than PREVIEW_TTL_MS is not placed: it is cancelled and quoted anew.
 */
import { shortfallOf } from "../../../rules/pricing.js";
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { Order } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import type { IntentState, OrderIntentRow } from "../../../store/orders.js";
import { errorFields } from "../../../logger.js";
import { NoApiKeyError, withUserClient } from "../../marketplace/with-user-client.js";
import { renderError } from "../../errors/render.js";
import { code } from "../../../format/html.js";
import { showView } from "../../ui/view.js";
import { showOrderCard } from "../orders/menus.js";
import { previewMoney } from "./views.js";
import { BuyCard } from "./callbacks.js";
import { isPreviewExpired, PREVIEW_TTL_MS } from "./expiry.js";
import { requoteInPlace } from "./preview.js";
import { requestOfIntent } from "../../../orders/request.js";
import { orderBudgetRefusal, type KeyBudget } from "../../../orders/budget.js";
import { monthName } from "../../../format/month.js";

/**
 * The server may or may not have taken the order: keep the key and let the user tap again. A 502 is
 * "refunded" only in the marketplace's own words; a proxy's 502 page can hide a committed order.
 */
function outcomeUnknown(err: MarketplaceError): boolean {
  if (err.kind !== "http") return true;
  const status = err.status ?? 0;
  return status === 408 || status === 429 || (status >= 500 && !err.isProviderFailed);
}

function describe(err: unknown): string {
  if (err instanceof MarketplaceError) return [err.kind, err.status, err.code].filter((v) => v !== undefined).join(" ");
  return err instanceof Error ? err.name : "error";
}

function placeWithIntentKey(ctx: BotContext, intent: OrderIntentRow): Promise<Order> {
  const request = requestOfIntent(intent);
  return withUserClient(
    ctx.deps,
    intent.userId,
    (client) =>
      client.placeOrder(
        { resource: request.resource, targetAddress: request.address, volume: request.volume, duration: request.duration },
        { idempotencyKey: intent.idempotencyKey },
      ),
    { keyId: intent.keyId, needs: "purchase" },
  );
}

/** For a repeated Confirm: the order as it is now (the stored row if the marketplace cannot be asked). */
async function reshowPlaced(ctx: BotContext, intent: OrderIntentRow): Promise<void> {
  if (!intent.orderId) return;
  const orderId = intent.orderId;
  try {
    const order = await withUserClient(ctx.deps, intent.userId, (client) => client.getOrder(orderId), { keyId: intent.keyId });
    await ctx.deps.store.orders.updateStatus(order.id, { status: order.status, txId: order.txId });
    await showOrderCard(ctx, order, 0);
  } catch (err) {
    ctx.deps.logger.debug({ err: errorFields(err), intentId: intent.intentId }, "could not refresh a placed order");
  }
}

/** "Your balance is X; this order needs Y: top up at least Z", from a fresh preview (omitted if that fails). */
async function shortfallLine(ctx: BotContext, intent: OrderIntentRow): Promise<string | undefined> {
  const request = requestOfIntent(intent);
  try {
    const preview = await withUserClient(
      ctx.deps,
      intent.userId,
      (client) => client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }),
      { keyId: intent.keyId },
    );
    const money = previewMoney(preview);
    const { missingSun } = shortfallOf(money.totalSun, money.balanceSun);
    if (missingSun === 0n) return undefined;
    const trx = ctx.fmt.trxCard([money.balanceSun, money.totalSun, missingSun]);
    return ctx.t("buy-shortfall", { balance: code(trx(money.balanceSun)), needed: code(trx(money.totalSun)), shortfall: code(trx(missingSun)) });
  } catch {
    return undefined;
  }
}

async function handlePlacementError(ctx: BotContext, intent: OrderIntentRow, err: unknown, neverSent: boolean): Promise<void> {
  const { store, logger } = ctx.deps;
  const t = (k: string, v?: Record<string, string | number>) => ctx.t(k, v);

  if (err instanceof MarketplaceError && outcomeUnknown(err)) {
    await store.orders.noteError(intent.intentId, describe(err));
    logger.warn({ err: errorFields(err), intentId: intent.intentId }, "order placement outcome unknown");
    const keyboard = new InlineKeyboard().text(t("buy-button-confirm-again"), BuyCard.confirm.pack({ intent: intent.intentId }));
    await showView(ctx, { text: t("buy-outcome-unknown"), keyboard });
    return;
  }
  if (!(err instanceof MarketplaceError) && !(err instanceof NoApiKeyError)) {
    // A bug after the call may have been made: the intent stays `placing`, a new tap reuses the key.
    await store.orders.noteError(intent.intentId, describe(err));
    throw err;
  }
  // A NoApiKeyError (the key was removed) is raised before any request: only a never-sent intent is dead.
  if (err instanceof MarketplaceError || neverSent) await store.orders.markRejected(intent.intentId, describe(err));

  const rendered = renderError(err, t, ctx.deps.now(), ctx.fmt);
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
  const trx = ctx.fmt.trxCard([budget.budgetSun, budget.spentSun]);
  const text = ctx.t("buy-budget-reached", { spent: code(trx(budget.spentSun)), budget: code(trx(budget.budgetSun)), month: monthName(budget.month, ctx.fmt.locale) });
  const keyboard = new InlineKeyboard()
    .text(ctx.t("buy-button-budget-override"), BuyCard.overrideBudget.pack({ intent: intentId }))
    .row()
    .text(ctx.t("button-cancel"), BuyCard.cancel.pack({ intent: intentId }));
  await showView(ctx, { text, keyboard }, { toast: ctx.t("buy-budget-reached-toast") });
}

/** `overrideBudget`: the user chose to place this order although the key's monthly budget is reached. */
export async function confirmIntent(ctx: BotContext, intentId: string, options: { overrideBudget?: boolean } = {}): Promise<void> {
  const { store } = ctx.deps;
  const intent = await store.orders.get(intentId);
  if (!intent || intent.userId !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("buy-intent-unknown") });
    return;
  }
  const state = intent.state as IntentState;
  if (state === "placed") {
    await ctx.answerCallbackQuery({ text: ctx.t("buy-already-placed") });
    await reshowPlaced(ctx, intent);
    return;
  }
  if (state !== "previewed" && state !== "placing") {
    await ctx.answerCallbackQuery({ text: ctx.t(state === "cancelled" ? "buy-intent-cancelled" : "buy-intent-rejected") });
    return;
  }

  if (isPreviewExpired(intent, ctx.deps.now())) {
    // Old numbers on the card: never place at today's price unseen. (A placing intent never gets here.)
    if (!await store.orders.markCancelled(intentId)) return; // moved on meanwhile (cannot happen with per-chat sequencing)
    await ctx.answerCallbackQuery({ text: ctx.t("buy-expired-toast") });
    await requoteInPlace(ctx, intent, ctx.t("buy-expired-note", { minutes: PREVIEW_TTL_MS / 60_000 }));
    return;
  }

  // the bot's monthly budget of the key (orders/budget.ts); an intent already placing is past this check
  const overBudget = state === "previewed" && !options.overrideBudget ? await orderBudgetRefusal(store, intent.keyId, ctx.deps.now()) : undefined;
  if (overBudget) return showBudgetRefusal(ctx, intentId, overBudget);

  await ctx.answerCallbackQuery({ text: ctx.t("buy-placing") });
  if (!await store.orders.markPlacing(intentId)) return; // settled meanwhile (cannot happen with per-chat sequencing)
  let order: Order;
  try {
    order = await placeWithIntentKey(ctx, intent);
  } catch (err) {
    await handlePlacementError(ctx, intent, err, state === "previewed");
    return;
  }
  await store.orders.markPlaced(intentId, { orderId: order.id, status: order.status, totalTrx: order.totalTrx, txId: order.txId });
  await store.recentAddresses.remember(intent.userId, intent.targetAddress, ctx.deps.now());
  await showOrderCard(ctx, order, 0);
}
