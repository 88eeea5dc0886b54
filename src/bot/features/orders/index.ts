/**
 * /orders: the user's orders, newest first, five to a page; each row opens the order card, whose
 * Refresh reads GET /orders/{id} (and updates the stored row when the order was placed here).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { OrderPage } from "../../../marketplace/index.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace-access.js";
import { isNotModified, replyWithError } from "../../reply-error.js";
import { orderButtonLabel, orderCardKeyboard, orderListLine, renderOrderCard } from "./views.js";
import { OrderData, OrderPattern } from "../buy/callbacks.js";

export const PAGE_SIZE = 5;

export const ordersFeature = new Composer<BotContext>();

type Translate = (k: string, v?: Record<string, string | number>) => string;

/** Edits the tapped message (a tap) or sends a new one; an unchanged message is left alone. */
async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard, edit: boolean): Promise<"shown" | "unchanged"> {
  if (edit && ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { reply_markup: keyboard });
      return "shown";
    } catch (err) {
      if (isNotModified(err)) return "unchanged";
    }
  }
  await ctx.reply(text, { reply_markup: keyboard });
  return "shown";
}

function renderPage(result: OrderPage, page: number, pages: number, t: Translate, ctx: BotContext): { text: string; keyboard: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  if (result.total === 0) {
    keyboard.text(t("button-buy-energy"), SharedButtons.buyEnergy.pack());
    return { text: t("orders-empty"), keyboard };
  }
  const first = (page - 1) * PAGE_SIZE + 1;
  const lines = [t("orders-title", { page, pages, total: result.total }), ""];
  result.items.forEach((order, i) => {
    lines.push(`${first + i}. ${orderListLine(order, t, ctx.fmt)}`);
    keyboard.text(orderButtonLabel(first + i, order, ctx.fmt), OrderData.open(order.id, page)).row();
  });
  if (page > 1) keyboard.text(t("button-prev"), OrderData.page(page - 1));
  if (page < pages) keyboard.text(t("button-next"), OrderData.page(page + 1));
  return { text: lines.join("\n"), keyboard };
}

async function showPage(ctx: BotContext, requested: number, edit: boolean): Promise<void> {
  if (!ctx.from) return;
  const userId = ctx.from.id;
  const t: Translate = (k, v) => ctx.t(k, v);
  try {
    let page = Math.max(1, requested);
    let result = await withUserClient(ctx.deps, userId, (client) => client.listOrders({ page, pageSize: PAGE_SIZE }));
    const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
    if (result.items.length === 0 && page > pages) {
      // The list shrank (or an old button): show the last page instead of an empty one.
      page = pages;
      result = await withUserClient(ctx.deps, userId, (client) => client.listOrders({ page, pageSize: PAGE_SIZE }));
    }
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    const view = renderPage(result, page, pages, t, ctx);
    await show(ctx, view.text, view.keyboard, edit);
  } catch (err) {
    await replyWithError(ctx, err, { edit });
  }
}

async function showOrder(ctx: BotContext, orderId: string, page: number, refresh: boolean): Promise<void> {
  if (!ctx.from) return;
  const t: Translate = (k, v) => ctx.t(k, v);
  try {
    const order = await withUserClient(ctx.deps, ctx.from.id, (client) => client.getOrder(orderId));
    // Only rows of orders placed through this bot exist; for others this changes nothing.
    ctx.deps.store.orders.updateStatus(order.id, { status: order.status, txId: order.txId });
    const outcome = await show(ctx, renderOrderCard(order, t, ctx.fmt), orderCardKeyboard(order.id, page, t), true);
    await ctx.answerCallbackQuery(refresh ? { text: t(outcome === "unchanged" ? "orders-refresh-unchanged" : "orders-refreshed") } : {});
  } catch (err) {
    await replyWithError(ctx, err, { edit: true });
  }
}

ordersFeature.command("orders", (ctx) => showPage(ctx, 1, false));

ordersFeature.callbackQuery(SharedButtons.listOrders.pattern, (ctx) => showPage(ctx, 1, false));

ordersFeature.callbackQuery(OrderPattern.page, (ctx) => showPage(ctx, Number(ctx.match[1]), true));

ordersFeature.callbackQuery(OrderPattern.open, (ctx) => showOrder(ctx, ctx.match[1]!, Number(ctx.match[2]), false));

ordersFeature.callbackQuery(OrderPattern.refresh, (ctx) => showOrder(ctx, ctx.match[1]!, Number(ctx.match[2]), true));
