/**
 * Where an order's card was last shown, by order id (kept in bot_storage): when the order settles
 * the notifier edits that card through the outbox. A repository, not a cached key-value storage,
 * because the notifier takes the place inside the transaction that records the event.
 */
import { get, put, takeRow } from "./kv-storage.js";
import type { Conn } from "./db.js";
import type { Order } from "../marketplace/index.js";

/** An order as stored beside its card's place (JSON: the volume as a decimal string). */
export type CardSnapshot = Omit<Order, "volume"> & { volume: string };

export interface OrderCardPlace {
  chatId: number;
  messageId: number;
  /** The order as the card showed it: the settled card is drawn from it (absent for places kept before). */
  order?: CardSnapshot;
}

const keyOf = (orderId: string) => `order-card:${orderId}`;

export function createOrderCardsRepo(conn: Conn) {
  /**
   * The place, forgotten as it is read (one DELETE … RETURNING: a card is brought up to date once,
   * by whichever report or replica takes it).
   */
  const take = async (orderId: string): Promise<OrderCardPlace | undefined> => {
    const value = await takeRow(conn, keyOf(orderId));
    return value === null ? undefined : (JSON.parse(value) as OrderCardPlace);
  };
  return {
    /** The latest card shown wins. */
    async remember(orderId: string, place: OrderCardPlace): Promise<void> {
      await put(conn, keyOf(orderId), JSON.stringify(place));
    },
    async forget(orderId: string): Promise<void> {
      await put(conn, keyOf(orderId), null);
    },
    /**
     * The place, taken only when the card is in `chatId`. A card in another chat is not touched, so
     * its own user's report still finds it: taking and putting it back would hide it on PostgreSQL
     * from a report that waited on the row meanwhile (the row it waited on is gone, the new one unseen).
     */
    async takeIn(orderId: string, chatId: number): Promise<OrderCardPlace | undefined> {
      const shown = await get(conn, keyOf(orderId));
      if (shown === null || (JSON.parse(shown) as OrderCardPlace).chatId !== chatId) return undefined;
      return take(orderId);
    },
  };
}
