/** A page of the /orders list and its buttons (an order's card is src/orders/card.ts: notices update it too). */
import { orderStatusKind, type Order, type OrderPage } from "../../../marketplace/index.js";
import { shortAddress } from "../../../tron/address.js";
import type { PageWindow } from "../../ui/paging.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { resourceLabel, STATUS_ICON, statusText } from "../../../orders/card.js";

/** The list's button for one order (plain text: button labels are not HTML). */
export function orderButtonLabel(index: number, order: Order, fmt: Formatter): string {
  return `${index}. ${STATUS_ICON[orderStatusKind(order.status)]} ${fmt.volume(order.volume)} · ${shortAddress(order.targetAddress)}`;
}

/** One line of the list: "⚡ 65,000 · 1 day → TR7NHq…Lj6t · ✅ Filled". */
function orderListLine(order: Order, t: Translate, fmt: Formatter): string {
  return t("orders-line", {
    resource: resourceLabel(order.resource, t),
    volume: fmt.volume(order.volume),
    duration: fmt.duration(order.duration, t),
    address: code(shortAddress(order.targetAddress)),
    status: statusText(order.status, t),
    time: fmt.dateTime(order.createdAt),
  });
}

/** The text of one page of the list (its rows are the menu's buttons). */
export function renderOrdersPage(result: OrderPage, window: PageWindow, t: Translate, fmt: Formatter): string {
  const lines = [t("orders-title", { page: window.page, pages: window.pages, total: result.total }), ""];
  result.items.forEach((order, i) => lines.push(`${window.offset + 1 + i}. ${orderListLine(order, t, fmt)}`));
  return lines.join("\n");
}
