/**
 * The orders list (newest first, five to a page, a row per order) and the order card (Refresh, Buy
 * again, and Back to the list page it came from), both menus. The list's buttons carry their filter
 * and page (`a:3`, `o:3`, `r:3`: all, orders only, rules only), the card's `<order id>:<filter>:<page>`
 * (payloads of the callback codec; page 0: the card came from /buy, so its second button opens the list).
 * With rules' purchases in the history, a row of filters (All / Orders only / Rules only) redraws
 * the list in place; Rules only lists the purchases alone, ten to a page.
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
import { pageLinks, pageOf, pageWindow, type PageWindow } from "../../ui/paging.js";
import { showView, type ShowOptions, type ShownView } from "../../ui/view.js";
import { runEntry, type FlowEntries } from "../../flow/registry.js";
import { orderButtonLabel, renderFiringsPage, renderOrdersPage } from "./views.js";
import { renderOrderCard, toSnapshot } from "../../../orders/card.js";
import { firingsOnPage, loadRuleFirings, type RuleFiringEntry } from "../../../rules/firings.js";
import { markChosen } from "../../ui/chosen.js";
import { addressLabels } from "../../ui/address-labels.js";
import { definePayload } from "../../../telegram/callback-codec.js";

export const PAGE_SIZE = 5;
/** Rules only: purchases have no card (no button each), so a page holds more. */
export const FIRINGS_PAGE_SIZE = 10;

/** What the list shows: orders with the rules' purchases among them, orders only, or the purchases only. */
export type HistoryFilter = "all" | "orders" | "rules";
const FILTERS: readonly HistoryFilter[] = ["all", "orders", "rules"];
const FILTER_LETTER: Record<HistoryFilter, string> = { all: "a", orders: "o", rules: "r" };
const FILTER_OF = new Map(FILTERS.map((f) => [FILTER_LETTER[f], f]));

interface ListSubject {
  filter: HistoryFilter;
  page: number;
}

const LIST_MENUS = ["orders", "order"];
const LIST_PAYLOAD = definePayload({ filter: "word", page: "int" }, { menus: LIST_MENUS });
/** An order's buttons carry the order and the list page (with its filter) to go back to. */
const CARD_PAYLOAD = definePayload({ order: "compactUuid", filter: "word", page: "int" }, { menus: LIST_MENUS });

const listSubject = ({ filter, page }: ListSubject) => LIST_PAYLOAD.pack({ filter: FILTER_LETTER[filter], page: Math.min(page, 9999) });

function parseListSubject(payload: string): ListSubject | undefined {
  const list = LIST_PAYLOAD.unpack(payload);
  const filter = list && FILTER_OF.get(list.filter);
  return list && filter ? { filter, page: list.page } : undefined;
}

const firingLists = perUpdate<"all", RuleFiringEntry[]>();

/** Every rule's purchases, newest first (read once per update). */
function loadFirings(ctx: BotContext): Promise<RuleFiringEntry[]> {
  return firingLists.get(ctx, "all", () => withUserClient(ctx.deps, ctx.from!.id, (client) => loadRuleFirings(client)));
}

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

const cardSubject = (orderId: string, page: number, filter: HistoryFilter = "all") =>
  CARD_PAYLOAD.pack({ order: orderId, filter: FILTER_LETTER[filter], page: Math.min(page, 9999) });

function parseCardSubject(subject: string): { orderId: string; page: number; filter: HistoryFilter } | undefined {
  const card = CARD_PAYLOAD.unpack(subject);
  const filter = card && FILTER_OF.get(card.filter);
  return card && filter ? { orderId: card.order, page: card.page, filter } : undefined;
}

/** The list page (and filter) a list button was drawn for: its own, or the one an order row goes back to. */
const listOfPayload = (payload: string): ListSubject => parseCardSubject(payload) ?? parseListSubject(payload) ?? { filter: "all", page: 1 };

export const ordersMenu = createCardMenu("orders", {
  // the page's text lists the orders its buttons open: draw it whole
  onOutdated: async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("menu-outdated") });
    const { filter, page } = listOfPayload(payloadOf(ctx));
    await showOrdersPage(ctx, page, { filter });
  },
}).dynamic(async (ctx, range) => {
  if (!ctx.from) return;
  const { filter, page: requested } = listOfPayload(payloadOf(ctx));
  let window: PageWindow;
  const firings = await loadFirings(ctx).catch(() => []);
  if (filter === "rules") {
    window = pageOf(firings, requested, FIRINGS_PAGE_SIZE);
  } else {
    const loaded = await loadPage(ctx, requested);
    window = loaded.window;
    const labels = await addressLabels(ctx);
    loaded.result.items.forEach((order, i) => {
      // the row carries its order: a list that changed since it was drawn cannot open another one
      range
        .text({ text: orderButtonLabel(window.offset + 1 + i, order, ctx.fmt, labels), payload: cardSubject(order.id, window.page, filter) }, (ctx) => {
          const tapped = parseCardSubject(payloadOf(ctx));
          return tapped ? openOrder(ctx, tapped.orderId, tapped.page, false, tapped.filter) : showOrdersPage(ctx, window.page, { filter });
        })
        .row();
    });
  }
  const payload = listSubject({ filter, page: window.page });
  // the filters, once there is something to filter (a rule's purchase), or once one was chosen
  if (filter !== "all" || firings.length > 0) {
    for (const option of FILTERS) {
      range.text({ text: markChosen(option === filter, ctx.t(`orders-filter-${option}`)), payload }, (ctx) => showOrdersPage(ctx, 1, { filter: option }));
    }
    range.row();
  }
  for (const link of pageLinks(window)) {
    range.text({ text: ctx.t(link.direction === "prev" ? "button-prev" : "button-next"), payload }, (ctx) => showOrdersPage(ctx, link.page, { filter }));
  }
});

const orderCardMenu = createCardMenu("order").dynamic((ctx, range) => {
  const subject = parseCardSubject(payloadOf(ctx));
  if (!subject) return;
  const payload = cardSubject(subject.orderId, subject.page, subject.filter);
  range
    .text({ text: ctx.t("button-refresh"), payload }, (ctx) => openOrder(ctx, subject.orderId, subject.page, true, subject.filter))
    .text({ text: ctx.t("order-button-buy-again"), payload }, (ctx) => runEntry(ctx, "buy-again", subject.orderId))
    .row()
    .text({ text: ctx.t(subject.page > 0 ? "button-back" : "orders-button-list"), payload }, (ctx) => showOrdersPage(ctx, Math.max(1, subject.page), { filter: subject.filter }));
});

// One menu tree, so that each can be drawn from the other's handler (a menu tap reaches only its own tree).
ordersMenu.register(orderCardMenu);

/** A page of the list (of `filter`, by default all): a tap edits its message, a command (or `asNew`) sends one. */
export async function showOrdersPage(ctx: BotContext, page: number, options: { asNew?: boolean; filter?: HistoryFilter } = {}): Promise<void> {
  if (!ctx.from) return;
  const { filter = "all", ...show } = options;
  if (filter === "rules") return showFiringsPage(ctx, page, show);
  let shown: LoadedPage;
  // the rules' purchases are listed with the orders; without them (a failed call) the orders still show
  const firings = loadFirings(ctx).catch(() => []);
  try {
    shown = await loadPage(ctx, page);
  } catch (err) {
    await replyWithError(ctx, err, { edit: !options.asNew });
    return;
  }
  const all = await firings;
  const onPage = firingsOnPage(filter === "orders" ? [] : all, {
    items: shown.result.items,
    isLast: shown.window.page === shown.window.pages,
    newerPageOldest: await newerPageOldest(ctx, shown.window.page),
  });
  if (shown.result.total === 0 && all.length === 0) {
    const keyboard = new InlineKeyboard().text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack());
    await showView(ctx, { text: ctx.t("orders-empty"), keyboard }, show);
    return;
  }
  // no orders but the rules' purchases: the filters lead to them
  const text = shown.result.total === 0 && filter === "orders" ? ctx.t("orders-empty") : renderOrdersPage(shown.result, shown.window, ctx.locale, onPage, await addressLabels(ctx));
  setSubject(ctx, listSubject({ filter, page: shown.window.page }));
  await showView(ctx, { text, keyboard: ordersMenu }, show);
}

/** Rules only: the rules' purchases alone, newest first, a page at a time. */
async function showFiringsPage(ctx: BotContext, requested: number, options: { asNew?: boolean }): Promise<void> {
  let firings: RuleFiringEntry[];
  try {
    firings = await loadFirings(ctx);
  } catch (err) {
    await replyWithError(ctx, err, { edit: !options.asNew });
    return;
  }
  const page = pageOf(firings, requested, FIRINGS_PAGE_SIZE);
  setSubject(ctx, listSubject({ filter: "rules", page: page.page }));
  const text = renderFiringsPage(page, ctx.locale, await addressLabels(ctx));
  await showView(ctx, { text, keyboard: ordersMenu }, options);
}

/** The oldest order of the page before `page` (where this page's span of time ends), if there is one. */
async function newerPageOldest(ctx: BotContext, page: number): Promise<string | undefined> {
  if (page <= 1) return undefined;
  const newer = await loadPage(ctx, page - 1).catch(() => undefined);
  return newer?.result.items.at(-1)?.createdAt;
}

/** The card of an order in the tapped message; `page` (of `filter`) is the list page Back leads to (0: none). */
export async function showOrderCard(ctx: BotContext, order: Order, page: number, options: ShowOptions = {}, filter: HistoryFilter = "all"): Promise<void> {
  setSubject(ctx, cardSubject(order.id, page, filter));
  const text = renderOrderCard(order, ctx.locale, await addressLabels(ctx));
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

/** What this feature offers the others, by id (flow/registry.ts): the order card (buy shows it once an order is placed). */
export const ordersEntries = { "show-order-card": showOrderCard } satisfies Partial<FlowEntries>;

/** GET /orders/{id} (also updates the stored row when the order was placed here) and its card. */
export async function openOrder(ctx: BotContext, orderId: string, page: number, refresh = false, filter: HistoryFilter = "all"): Promise<void> {
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
  await showOrderCard(ctx, order, page, refresh ? { toast: ctx.t("orders-refreshed"), unchanged: ctx.t("orders-refresh-unchanged") } : {}, filter);
}
