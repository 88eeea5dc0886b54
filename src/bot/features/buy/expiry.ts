/**
 * How long a preview card's numbers may be trusted. Confirm on an older `previewed` card would place
 * at today's price while the card shows old numbers, so it is cancelled and quoted anew instead.
 * A `placing` intent never expires: it may already have an order, and only its own key may be sent.
 */
import type { OrderIntentRow } from "../../../store/orders.js";

/** 10 minutes: long enough to read a card and top up, short enough that prices barely move. */
export const PREVIEW_TTL_MS = 10 * 60_000;

export function isPreviewExpired(intent: Pick<OrderIntentRow, "state" | "createdAt">, now: number): boolean {
  return intent.state === "previewed" && now - intent.createdAt > PREVIEW_TTL_MS;
}
