/**
 * One order as a card (resource, volume, duration, target, totals, status, the txId with an explorer
 * link, the time): shown by /orders, and brought up to date by the notifier when the order settles,
 * so it lives outside bot/. Statuses other than Created and Filled are shown as the marketplace
 * spells them; failed ones are recognised with orderStatusKind.
 */
import { orderStatusKind, type Order } from "../marketplace/index.js";
import { trxToSun } from "../tron/amounts.js";
import type { TextLocale, Translate } from "../format/formatter.js";
import { code, escapeHtml, tronscanTxUrl } from "../format/html.js";
import { addressHtml, type AddressLabels } from "../tron/address-names.js";
import type { CardSnapshot } from "../store/order-cards.js";

export function resourceLabel(resource: string, t: Translate): string {
  return resource === "energy" || resource === "bandwidth" ? t(`buy-resource-${resource}`) : escapeHtml(resource);
}

export const STATUS_ICON = { created: "⏳", filled: "✅", failed: "❌", other: "❔" } as const;

export function statusText(status: string, t: Translate): string {
  const kind = orderStatusKind(status);
  return `${STATUS_ICON[kind]} ${t(`order-status-${kind}`, { status: code(status) })}`;
}

/** The card in the recipient's locale (the chat's `ctx.locale`, or a notice's). */
export function renderOrderCard(order: Order, { t, fmt }: TextLocale, labels?: AddressLabels): string {
  const kind = orderStatusKind(order.status);
  const hasActivation = trxToSun(order.activationTrx) !== 0n;
  const trx = fmt.trx;
  const lines = [
    t("order-card-title", { resource: resourceLabel(order.resource, t) }),
    t("order-card-id", { id: code(order.id) }),
    t("order-card-status", { status: statusText(order.status, t) }),
    "",
    t("buy-preview-address", { address: addressHtml(order.targetAddress, labels) }),
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

export type { CardSnapshot };

export const toSnapshot = (order: Order): CardSnapshot => ({ ...order, volume: order.volume.toString() });

/**
 * The card's order once it settled: the snapshot the card was drawn from, with the status and
 * transaction the settlement brought.
 */
export function settledOrder(snapshot: CardSnapshot, settled: { status: string; txId?: string | null }): Order {
  return { ...snapshot, volume: BigInt(snapshot.volume), status: settled.status, txId: settled.txId ?? snapshot.txId };
}
