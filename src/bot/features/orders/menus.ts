/**
 * The orders list (newest first, five to a page, a row per order) and the order card (Refresh, Buy
 * again, and Back to the list page it came from), both menus. The list's buttons carry their page, the card's
 * `<order id>:<page>` (page 0: the card came from /buy, so its second button opens the list).
 * The card is registered in the list's menu: install `ordersMenu` only.
 */
import { perUpdate } from "../../ui/per-update.js";
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { orderStatusKind, type Order, type OrderPage } from "../../../marketplace/index.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { createCardMenu, payloadOf, setSubject } from "../../ui/menu.js";
import { pageLinks, pageWindow, type PageWindow } from "../../ui/paging.js";
import { showView, type ShowOptions, type ShownView } from "../../ui/view.js";
import { buyAgain } from "../buy/index.js";
import { orderButtonLabel, renderOrdersPage } from "./views.js";
import { renderOrderCard, toSnapshot } from "../../../orders/card.js";
import { firingsOnPage, loadRuleFirings } from "../../../rules/firings.js";
import { addressLabels } from "../../ui/address-labels.js";

export const PAGE_SIZE = 5;

interface LoadedPage {
  result: OrderPage;
  window: PageWindow;
}

const loaded = perUpdate<number, LoadedPage>();

function loadPage(ctx: BotContext, requested: number): Promise<LoadedPage> {
  const wanted = Math.max(1, Math.trunc(requested) || 1);
  return loaded.get(ctx, wanted, async () => {
    const list = (n: number) => withUserClient(ctx.deps, ctx.from!.id, (client) => client.listOrders({ page: n, pageSize: PAGE_SIZE }));
    const result = await list(wanted);
    const window = pageWindow(result.total, wanted, PAGE_SIZE);
    // The list shrank (or an old button): the last page instead of an empty one.
    const page = window.page === wanted ? { result, window } : { result: await list(window.page), window };
    loaded.set(ctx, page.window.page, Promise.resolve(page));
    return page;
  });
}

/**
 * An order's buttons carry the order and the list page to go back to, as `<uuid without dashes>.<page>`:
 * with the menu's own part the callback data stays within Telegram's 64 bytes.
 */
const cardSubject = (orderId: string, page: number) => `${orderId.replace(/-/g, "")}.${Math.min(page, 9999)}`;

function parseCardSubject(subject: string): { orderId: string; page: number } | undefined {
  const match = /^([0-9a-fA-F]{32})\.(\d{1,4})$/.exec(subject);
  if (!match) return undefined;
  const hex = match[1]!;
  const orderId = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  return { orderId, page: Number(match[2]) };
}

/** The list page a list button was drawn for: its own page, or the page an order row goes back to. */
const pageOfPayload = (payload: string) => parseCardSubject(payload)?.page ?? Number(payload);

export const ordersMenu = createCardMenu("orders", {
  // the page's text lists the orders its buttons open: draw it whole
  onOutdated: async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("menu-outdated") });
    await showOrdersPage(ctx, pageOfPayload(payloadOf(ctx)));
  },
}).dynamic(async (ctx, range) => {
  if (!ctx.from) return;
  const { result, window } = await loadPage(ctx, pageOfPayload(payloadOf(ctx)));
  const payload = String(window.page);
  const labels = await addressLabels(ctx);
  result.items.forEach((order, i) => {
    // the row carries its order: a list that changed since it was drawn cannot open another one
    range
      .text({ text: orderButtonLabel(window.offset + 1 + i, order, ctx.fmt, labels), payload: cardSubject(order.id, window.page) }, (ctx) => {
        const tapped = parseCardSubject(payloadOf(ctx));
        return tapped ? openOrder(ctx, tapped.orderId, tapped.page) : showOrdersPage(ctx, window.page);
      })
      .row();
  });
  for (const link of pageLinks(window)) {
    range.text({ text: ctx.t(link.direction === "prev" ? "button-prev" : "button-next"), payload }, (ctx) => showOrdersPage(ctx, link.page));
  }
});

const orderCardMenu = createCardMenu("order").dynamic((ctx, range) => {
  const subject = parseCardSubject(payloadOf(ctx));
  if (!subject) return;
  const payload = cardSubject(subject.orderId, subject.page);
  range
    .text({ text: ctx.t("button-refresh"), payload }, (ctx) => openOrder(ctx, subject.orderId, subject.page, true))
    .text({ text: ctx.t("order-button-buy-again"), payload }, (ctx) => buyAgain(ctx, subject.orderId))
    .row()
    .text({ text: ctx.t(subject.page > 0 ? "button-back" : "orders-button-list"), payload }, (ctx) => showOrdersPage(ctx, Math.max(1, subject.page)));
});

// One menu tree, so that each can be drawn from the other's handler (a menu tap reaches only its own tree).
ordersMenu.register(orderCardMenu);

/** A page of the list: a tap edits its message, a command (or `asNew`) sends one. */
export async function showOrdersPage(ctx: BotContext, page: number, options: { asNew?: boolean } = {}): Promise<void> {
  if (!ctx.from) return;
  let shown: LoadedPage;
  // the rules' purchases are listed with the orders; without them (a failed call) the orders still show
  const firings = withUserClient(ctx.deps, ctx.from.id, (client) => loadRuleFirings(client)).catch(() => []);
  try {
    shown = await loadPage(ctx, page);
  } catch (err) {
    await replyWithError(ctx, err, { edit: !options.asNew });
    return;
  }
  const onPage = firingsOnPage(await firings, {
    items: shown.result.items,
    isLast: shown.window.page === shown.window.pages,
    newerPageOldest: await newerPageOldest(ctx, shown.window.page),
  });
  const t = (k: string, v?: Record<string, string | number>) => ctx.t(k, v);
  if (shown.result.total === 0) {
    const keyboard = new InlineKeyboard().text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack());
    const text = onPage.length > 0 ? renderOrdersPage(shown.result, shown.window, t, ctx.fmt, onPage, await addressLabels(ctx)) : ctx.t("orders-empty");
    await showView(ctx, { text, keyboard }, options);
    return;
  }
  setSubject(ctx, String(shown.window.page));
  await showView(ctx, { text: renderOrdersPage(shown.result, shown.window, t, ctx.fmt, onPage, await addressLabels(ctx)), keyboard: ordersMenu }, options);
}

/** The oldest order of the page before `page` (where this page's span of time ends), if there is one. */
async function newerPageOldest(ctx: BotContext, page: number): Promise<string | undefined> {
  if (page <= 1) return undefined;
  const newer = await loadPage(ctx, page - 1).catch(() => undefined);
  return newer?.result.items.at(-1)?.createdAt;
}

/** The card of an order in the tapped message; `page` is the list page Back leads to (0: none). */
export async function showOrderCard(ctx: BotContext, order: Order, page: number, options: ShowOptions = {}): Promise<void> {
  setSubject(ctx, cardSubject(order.id, page));
  const text = renderOrderCard(order, (k, v) => ctx.t(k, v), ctx.fmt, await addressLabels(ctx));
  const shown = await showView(ctx, { text, keyboard: orderCardMenu }, options);
  await rememberCardPlace(ctx, order, shown);
}

/**
 * An order still being delivered: where its card is, so the notifier can bring the card up to date
 * when the order settles (the latest card shown wins).
 */
async function rememberCardPlace(ctx: BotContext, order: Order, { messageId }: ShownView): Promise<void> {
  const cards = ctx.deps.store.orderCards;
  if (orderStatusKind(order.status) !== "created") await cards.forget(order.id);
  else if (messageId !== undefined && ctx.chat) {
    await cards.remember(order.id, { chatId: ctx.chat.id, messageId, order: toSnapshot(order) });
  }
}

/** GET /orders/{id} (also updates the stored row when the order was placed here) and its card. */
export async function openOrder(ctx: BotContext, orderId: string, page: number, refresh = false): Promise<void> {
  if (!ctx.from) return;
  const userId = ctx.from.id;
  let order: Order;
  try {
    order = await withUserClient(ctx.deps, userId, (client) => client.getOrder(orderId));
  } catch (err) {
    await replyWithError(ctx, err, { edit: true });
    return;
  }
  // Only rows of orders placed through this bot exist; for others this changes nothing.
  await ctx.deps.store.orders.updateStatus(order.id, { status: order.status, txId: order.txId });
  await showOrderCard(ctx, order, page, refresh ? { toast: ctx.t("orders-refreshed"), unchanged: ctx.t("orders-refresh-unchanged") } : {});
}
