/**
 * One order as a card (resource, volume, duration, target, totals, status, the txId with an explorer
 * link, the time) and a page of the /orders list. Statuses other than Created and Filled are shown
 * as the marketplace spells them; failed ones are recognised with orderStatusKind.
 */
import { orderStatusKind, type Order, type OrderPage } from "../../../marketplace/index.js";
import { shortAddress } from "../../../tron/address.js";
import { trxToSun } from "../../../tron/amounts.js";
import type { PageWindow } from "../../ui/paging.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code, escapeHtml, tronscanTxUrl } from "../../../format/html.js";
import { resourceLabel } from "../buy/views.js";

const STATUS_ICON = { created: "⏳", filled: "✅", failed: "❌", other: "❔" } as const;

function statusText(status: string, t: Translate): string {
  const kind = orderStatusKind(status);
  return `${STATUS_ICON[kind]} ${t(`order-status-${kind}`, { status: code(status) })}`;
}

export function renderOrderCard(order: Order, t: Translate, fmt: Formatter): string {
  const kind = orderStatusKind(order.status);
  const hasActivation = trxToSun(order.activationTrx) !== 0n;
  // one number of decimals for every amount of the card
  const trx = fmt.trxCard([order.priceTrx, order.activationTrx, order.totalTrx]);
  const lines = [
    t("order-card-title", { resource: resourceLabel(order.resource, t) }),
    t("order-card-id", { id: code(order.id) }),
    t("order-card-status", { status: statusText(order.status, t) }),
    "",
    t("buy-preview-address", { address: code(order.targetAddress) }),
    t("buy-preview-volume", { volume: code(fmt.volume(order.volume)), duration: fmt.duration(order.duration, t) }),
    t("order-card-price", { price: trx(order.priceTrx) }),
  ];
  if (hasActivation) lines.push(t("buy-preview-activation", { fee: trx(order.activationTrx) }));
  // A failed order cost nothing in the end: what was taken went back to the balance.
  if (kind === "failed") lines.push(t("order-card-refunded", { total: code(trx(order.totalTrx)) }));
  else lines.push(t("order-card-total", { total: code(trx(order.totalTrx)) }));
  if (order.txId) lines.push(t("order-card-tx", { tx: code(order.txId), link: `<a href="${escapeHtml(tronscanTxUrl(order.txId))}">Tronscan</a>` }));
  else if (kind !== "failed") lines.push(t("order-card-no-tx"));
  lines.push(t("order-card-time", { time: fmt.dateTime(order.createdAt) }));
  if (kind === "created") lines.push("", t("order-card-refresh-hint"));
  return lines.join("\n");
}

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
