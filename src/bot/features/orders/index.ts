/**
 * /orders: the user's orders, newest first, five to a page; each row opens the order card, whose
 * Refresh reads GET /orders/{id} (and updates the stored row when the order was placed here).
 * The list and the card are menus (menus.ts); the shared "My orders" button opens the list.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { openOrder, showOrdersPage } from "./menus.js";

export { ordersEntries, ordersMenu } from "./menus.js";

export const ordersFeature = new Composer<BotContext>();

ordersFeature.command("orders", (ctx) => showOrdersPage(ctx, 1));

// From another card (stats, a notice): the list as a new message, the card stays.
ordersFeature.callbackQuery(SharedButtons.listOrders.pattern, (ctx) => showOrdersPage(ctx, 1, { asNew: true }));

// From a fill notice or a card the notice brought up to date: the order's card in that message.
ordersFeature.callbackQuery(SharedButtons.openOrder.pattern, (ctx) => openOrder(ctx, SharedButtons.openOrder.unpack(ctx.callbackQuery.data)!.id, 0));
