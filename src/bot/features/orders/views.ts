/** A page of the /orders list (or of the rules' purchases alone) and its buttons (an order's card is src/orders/card.ts: notices update it too). */
import { orderStatusKind, type Order, type OrderPage } from "../../../marketplace/index.js";
import type { PageWindow } from "../../ui/paging.js";
import type { Formatter, TextLocale } from "../../../format/formatter.js";
import { resourceLabel, STATUS_ICON, statusText } from "../../../orders/card.js";
import { mergeHistory, type RuleFiringEntry } from "../../../rules/firings.js";
import { kindIcon, kindLabel } from "../../../rules/labels.js";
import { addressHtml, addressName, type AddressLabels } from "../../../tron/address-names.js";

/** The list's button for one order (plain text: button labels are not HTML). */
export function orderButtonLabel(index: number, order: Order, fmt: Formatter, labels?: AddressLabels): string {
  return `${index}. ${STATUS_ICON[orderStatusKind(order.status)]} ${fmt.volume(order.volume)} · ${addressName(order.targetAddress, labels)}`;
}

/** One line of the list: "⚡ 65,000 · 1 day → TR7NHq…Lj6t · ✅ Filled". */
function orderListLine(order: Order, { t, fmt }: TextLocale, labels?: AddressLabels): string {
  return t("orders-line", {
    resource: resourceLabel(order.resource, t),
    volume: fmt.volume(order.volume),
    duration: fmt.duration(order.duration, t),
    address: addressHtml(order.targetAddress, labels, { short: true }),
    status: statusText(order.status, t),
    time: fmt.dateTime(order.createdAt),
  });
}

/** A rule's purchase among the orders: "🔁 Auto-refill: 65,000 · 1 hour → TR7NHq…Lj6t · 4.29 TRX · time". */
function firingListLine({ rule, firing }: RuleFiringEntry, { t, fmt }: TextLocale, labels?: AddressLabels): string {
  return t("orders-line-firing", {
    rule: `${kindIcon(rule)} ${kindLabel(rule, t)}`,
    volume: fmt.volume(firing.volume),
    duration: firing.duration ? fmt.duration(firing.duration, t) : "—",
    address: addressHtml(rule.targetAddress, labels, { short: true }),
    price: fmt.trx(firing.priceTrx),
    time: fmt.dateTime(firing.createdAt),
  });
}

/**
 * The text of one page of the list (its orders are the menu's buttons), with the rules' purchases
 * of the same time span among them, unnumbered (they have no card to open).
 */
export function renderOrdersPage(
  result: OrderPage,
  window: PageWindow,
  locale: TextLocale,
  firings: readonly RuleFiringEntry[] = [],
  labels?: AddressLabels,
): string {
  const { t } = locale;
  const lines = [t("orders-title", { page: window.page, pages: window.pages, total: result.total })];
  if (firings.length > 0) lines.push(t("orders-firings-note", { count: firings.length }));
  lines.push("");
  for (const row of mergeHistory(result.items, firings)) {
    lines.push(row.kind === "order" ? `${window.offset + 1 + row.index}. ${orderListLine(row.order, locale, labels)}` : firingListLine(row.entry, locale, labels));
  }
  return lines.join("\n");
}

/** Rules only: one page of the rules' purchases, newest first. */
export function renderFiringsPage(page: PageWindow & { items: readonly RuleFiringEntry[] }, locale: TextLocale, labels?: AddressLabels): string {
  const { t } = locale;
  if (page.total === 0) return [t("orders-firings-title-empty"), "", t("orders-firings-empty")].join("\n");
  const lines = [t("orders-firings-title", { page: page.page, pages: page.pages, total: page.total }), t("orders-firings-kept"), ""];
  for (const entry of page.items) lines.push(firingListLine(entry, locale, labels));
  return lines.join("\n");
}
