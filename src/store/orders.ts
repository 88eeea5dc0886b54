/**
 * Order intents: one row per preview card, holding the Idempotency-Key that POST /orders will use.
 * The row is written before the marketplace is called and moves only forward:
 *   previewed → placing → placed | rejected      previewed → cancelled
 * `placing` is persisted before the HTTP call, so a repeated tap, a redelivered update or a restart
 * calls again with the same key and the marketplace answers with the same order (one charge).
 * An intent left `placing` is resolved by the orders watcher from GET /orders (adopted or rejected).
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { orders } from "./schema.js";
import { commitDurably } from "./durable.js";

export type OrderIntentRow = typeof orders.$inferSelect;
export type IntentState = "previewed" | "placing" | "placed" | "rejected" | "cancelled";

export interface NewIntent {
  userId: number;
  keyId: number;
  chatId: number;
  resource: string;
  targetAddress: string;
  volume: bigint;
  duration: string;
  /** When the card was quoted, by the bot's clock (default: now). */
  createdAt?: number;
}

export interface PlacedOrder {
  orderId: string;
  status: string;
  totalTrx: string;
  txId: string | null;
}

export function createOrdersRepo(db: Db) {
  const byIntent = (intentId: string) => eq(orders.intentId, intentId);
  const inState = (...states: IntentState[]) => inArray(orders.state, states);
  // prepared once: every settlement event (receiver or watcher) looks its order up and updates it
  const orderIdParam = sql.placeholder("orderId");
  const selectByOrderId = db.select().from(orders).where(eq(orders.orderId, orderIdParam)).prepare();
  // most settlement events are for orders the bot did not place (rules, the web): a raw statement
  // answers "not ours" several times faster than drizzle's prepared query
  const hasOrderId = db.$client.prepare<[string], { one: number }>("SELECT 1 AS one FROM orders WHERE order_id = ?").pluck();
  const setStatus = db
    .update(orders)
    .set({ status: sql`${sql.placeholder("status")}`, updatedAt: sql`${sql.placeholder("now")}` })
    .where(eq(orders.orderId, orderIdParam))
    .prepare();
  const setStatusAndTx = db
    .update(orders)
    .set({ status: sql`${sql.placeholder("status")}`, txId: sql`${sql.placeholder("txId")}`, updatedAt: sql`${sql.placeholder("now")}` })
    .where(eq(orders.orderId, orderIdParam))
    .prepare();

  return {
    /** A new intent in state `previewed` with a fresh Idempotency-Key. */
    createIntent(input: NewIntent): OrderIntentRow {
      return commitDurably(db.$client, () =>
        db
          .insert(orders)
          .values({
            intentId: randomUUID(),
            idempotencyKey: randomUUID(),
            userId: input.userId,
            keyId: input.keyId,
            chatId: input.chatId,
            resource: input.resource,
            targetAddress: input.targetAddress,
            volume: input.volume.toString(),
            duration: input.duration,
            state: "previewed" satisfies IntentState,
            ...(input.createdAt === undefined ? {} : { createdAt: input.createdAt, updatedAt: input.createdAt }),
          })
          .returning()
          .get(),
      );
    },
    get(intentId: string): OrderIntentRow | undefined {
      return db.select().from(orders).where(byIntent(intentId)).get();
    },
    getByOrderId(orderId: string): OrderIntentRow | undefined {
      return hasOrderId.get(orderId) === undefined ? undefined : selectByOrderId.get({ orderId });
    },
    /** The card that shows this intent (set once the preview message exists). */
    setMessageId(intentId: string, messageId: number): void {
      db.update(orders).set({ messageId, updatedAt: Date.now() }).where(byIntent(intentId)).run();
    },
    /** previewed|placing → placing. False when the intent is already settled (placed, rejected, cancelled). */
    markPlacing(intentId: string): boolean {
      const result = commitDurably(db.$client, () =>
        db
          .update(orders)
          .set({ state: "placing" satisfies IntentState, updatedAt: Date.now() })
          .where(and(byIntent(intentId), inState("previewed", "placing")))
          .run(),
      );
      return result.changes > 0;
    },
    markPlaced(intentId: string, placed: PlacedOrder): void {
      commitDurably(db.$client, () =>
        db
          .update(orders)
          .set({ state: "placed" satisfies IntentState, ...placed, lastError: null, updatedAt: Date.now() })
          .where(byIntent(intentId))
          .run(),
      );
    },
    /** The marketplace refused the order (nothing charged): the key is never used again. */
    markRejected(intentId: string, error: string): void {
      db.update(orders)
        .set({ state: "rejected" satisfies IntentState, lastError: error, updatedAt: Date.now() })
        .where(and(byIntent(intentId), inState("previewed", "placing")))
        .run();
    },
    /**
     * placing → placed with an order found in GET /orders (the answer to POST /orders was lost).
     * False when the intent is no longer `placing` (e.g. a Confirm got the order meanwhile).
     */
    adoptPlaced(intentId: string, placed: PlacedOrder): boolean {
      const result = db
        .update(orders)
        .set({ state: "placed" satisfies IntentState, ...placed, lastError: null, updatedAt: Date.now() })
        .where(and(byIntent(intentId), inState("placing")))
        .run();
      return result.changes > 0;
    },
    /**
     * placing → rejected when the marketplace has no such order, only if the intent was not touched
     * since `seenUpdatedAt` (a Confirm meanwhile bumps it and may be placing right now).
     */
    abandonPlacing(intentId: string, seenUpdatedAt: number, error: string): boolean {
      const result = db
        .update(orders)
        .set({ state: "rejected" satisfies IntentState, lastError: error, updatedAt: Date.now() })
        .where(and(byIntent(intentId), inState("placing"), eq(orders.updatedAt, seenUpdatedAt)))
        .run();
      return result.changes > 0;
    },
    /** Outcome unknown (the intent stays `placing`): remembered for logs and support. */
    noteError(intentId: string, error: string): void {
      db.update(orders).set({ lastError: error, updatedAt: Date.now() }).where(byIntent(intentId)).run();
    },
    /** previewed → cancelled. False when the intent has moved on (e.g. it is being placed). */
    markCancelled(intentId: string): boolean {
      const result = db
        .update(orders)
        .set({ state: "cancelled" satisfies IntentState, updatedAt: Date.now() })
        .where(and(byIntent(intentId), inState("previewed")))
        .run();
      return result.changes > 0;
    },
    /** /cancel: every `previewed` intent of a user in a chat → cancelled; the rows cancelled (their cards to edit). */
    cancelPreviewed(chatId: number, userId: number): OrderIntentRow[] {
      return db
        .update(orders)
        .set({ state: "cancelled" satisfies IntentState, updatedAt: Date.now() })
        .where(and(eq(orders.chatId, chatId), eq(orders.userId, userId), inState("previewed")))
        .returning()
        .all();
    },
    /** Settlement news for an order placed through the bot (from a refresh, a webhook or a watcher). */
    updateStatus(orderId: string, update: { status: string; txId?: string | null }): boolean {
      const params = { orderId, status: update.status, now: Date.now() };
      const result = update.txId === undefined ? setStatus.run(params) : setStatusAndTx.run({ ...params, txId: update.txId });
      return result.changes > 0;
    },
    /** Placed orders the marketplace still reports as Created (any spelling), oldest first. */
    listAwaitingSettlement(): OrderIntentRow[] {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.state, "placed" satisfies IntentState), sql`lower(${orders.status}) = 'created'`))
        .orderBy(orders.updatedAt)
        .all();
    },
    /** Intents `placing` with no placement attempt since `touchedBefore` (ms), oldest first. */
    listStuckPlacing(touchedBefore: number): OrderIntentRow[] {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.state, "placing" satisfies IntentState), lte(orders.updatedAt, touchedBefore)))
        .orderBy(asc(orders.createdAt))
        .all();
    },
    listByUser(userId: number, limit = 20): OrderIntentRow[] {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit).all();
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
