/**
 * Where an order's card was last shown, by order id (kept in bot_storage): when the order settles
 * the notifier edits that card through the outbox. A repository, not a cached key-value storage,
 * because the notifier takes the place inside the transaction that records the event.
 */
import { eq, sql } from "drizzle-orm";
import { put } from "./kv-storage.js";
import type { Conn } from "./db.js";
import { prepared } from "./prepared.js";

export interface OrderCardPlace {
  chatId: number;
  messageId: number;
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
      const [row] = await prepared(conn, "order_card_take", ({ db, t: { botStorage: s } }) =>
        db.delete(s).where(eq(s.key, sql.placeholder("key"))).returning({ value: s.value }),
      ).execute({ key: keyOf(orderId) });
      return row ? (JSON.parse(row.value) as OrderCardPlace) : undefined;
    },
  };
}
