/**
 * Where an order's card was last shown, by order id (kept in bot_storage): when the order settles
 * the notifier edits that card through the outbox. A repository, not a cached key-value storage,
 * because the notifier takes the place inside the transaction that records the event.
 */
import { put, takeRow } from "./kv-storage.js";
import type { Conn } from "./db.js";
import type { CardSnapshot } from "../orders/card.js";

export interface OrderCardPlace {
  chatId: number;
  messageId: number;
  /** The order as the card showed it: the settled card is drawn from it (absent for places kept before). */
  order?: CardSnapshot;
}

const keyOf = (orderId: string) => `order-card:${orderId}`;

export function createOrderCardsRepo(conn: Conn) {
  return {
    /** The latest card shown wins. */
    async remember(orderId: string, place: OrderCardPlace): Promise<void> {
      await put(conn, keyOf(orderId), JSON.stringify(place));
    },
    async forget(orderId: string): Promise<void> {
      await put(conn, keyOf(orderId), null);
    },
    /**
     * The place, forgotten as it is read (one DELETE … RETURNING: every settled order asks, and a
     * card is brought up to date once, by whichever replica takes it).
     */
    async take(orderId: string): Promise<OrderCardPlace | undefined> {
      const value = await takeRow(conn, keyOf(orderId));
      return value === null ? undefined : (JSON.parse(value) as OrderCardPlace);
    },
  };
}
