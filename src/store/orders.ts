/**
 * Order intents: one row per preview card, holding the Idempotency-Key that POST /orders will use.
 * The row is written before the marketplace is called and moves only forward:
 *   previewed → placing → placed | rejected      previewed → cancelled
 * `placing` is persisted before the HTTP call, so a repeated tap, a redelivered update or a restart
 * calls again with the same key and the marketplace answers with the same order (one charge).
 * An intent left `placing` is resolved by the orders watcher from GET /orders (adopted or rejected).
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";
import { prepared } from "./prepared.js";

export type OrderIntentRow = Tables["orders"]["$inferSelect"];
export type IntentState = "previewed" | "placing" | "placed" | "rejected" | "cancelled";

export interface NewIntent {
  userId: number;
  keyId: number;
  chatId: number;
  resource: string;
  targetAddress: string;
  volume: bigint;
  duration: string;
  /** What burning TRX would have cost instead (the preview's burnCostTrx), kept for the monthly statement's saving. */
  burnCostTrx?: string;
  /** When the card was quoted, by the bot's clock (default: now). */
  createdAt?: number;
  /** Ids derived from what the intent is for (a scheduled run: its schedule and due time) instead of fresh ones. */
  intentId?: string;
  idempotencyKey?: string;
}

export interface PlacedOrder {
  orderId: string;
  status: string;
  totalTrx: string;
  txId: string | null;
}

export function createOrdersRepo(conn: Conn) {
  const { db, t } = conn;
  const o = t.orders;
  const byIntent = (intentId: string) => eq(o.intentId, intentId);
  const inState = (...states: IntentState[]) => inArray(o.state, states);
  /** An update that moves an intent only from the states given: true when it did (compare-and-set). */
  const moved = async (where: ReturnType<typeof and>, set: Partial<OrderIntentRow>) =>
    (await db.update(o).set({ ...set, updatedAt: Date.now() }).where(where).returning({ id: o.intentId })).length > 0;

  return {
    /** A new intent in state `previewed` with a fresh Idempotency-Key. Run it in a durable transaction. */
    async createIntent(input: NewIntent): Promise<OrderIntentRow> {
      const [row] = await db
        .insert(o)
        .values({
          intentId: input.intentId ?? randomUUID(),
          idempotencyKey: input.idempotencyKey ?? randomUUID(),
          userId: input.userId,
          keyId: input.keyId,
          chatId: input.chatId,
          resource: input.resource,
          targetAddress: input.targetAddress,
          volume: input.volume.toString(),
          duration: input.duration,
          state: "previewed" satisfies IntentState,
          burnCostTrx: input.burnCostTrx ?? null,
          ...(input.createdAt === undefined ? {} : { createdAt: input.createdAt, updatedAt: input.createdAt }),
        })
        .returning();
      return row!;
    },
    get(intentId: string): Promise<OrderIntentRow | undefined> {
      return first(db.select().from(o).where(byIntent(intentId)).limit(1));
    },
    getByOrderId(orderId: string): Promise<OrderIntentRow | undefined> {
      // asked for every settled order the receiver hears of
      return first(prepared(conn, "order_by_order_id", ({ db }) => db.select().from(o).where(eq(o.orderId, sql.placeholder("orderId"))).limit(1)).execute({ orderId }));
    },
    /** The card that shows this intent (set once the preview message exists). */
    async setMessageId(intentId: string, messageId: number): Promise<void> {
      await db.update(o).set({ messageId, updatedAt: Date.now() }).where(byIntent(intentId));
    },
    /**
     * previewed|placing → placing, by compare-and-set in one statement (two Confirms on two
     * replicas: each sees the row move or not, never both a stale state). False when the intent is
     * already settled (placed, rejected, cancelled). Run it in a durable transaction.
     */
    markPlacing(intentId: string): Promise<boolean> {
      return moved(and(byIntent(intentId), inState("previewed", "placing")), { state: "placing" satisfies IntentState });
    },
    async markPlaced(intentId: string, placed: PlacedOrder): Promise<void> {
      await moved(byIntent(intentId), { state: "placed" satisfies IntentState, ...placed, lastError: null });
    },
    /** The marketplace refused the order (nothing charged): the key is never used again. */
    async markRejected(intentId: string, error: string): Promise<void> {
      await moved(and(byIntent(intentId), inState("previewed", "placing")), { state: "rejected" satisfies IntentState, lastError: error });
    },
    /**
     * placing → placed with an order found in GET /orders (the answer to POST /orders was lost).
     * False when the intent is no longer `placing` (e.g. a Confirm got the order meanwhile).
     */
    adoptPlaced(intentId: string, placed: PlacedOrder): Promise<boolean> {
      return moved(and(byIntent(intentId), inState("placing")), { state: "placed" satisfies IntentState, ...placed, lastError: null });
    },
    /**
     * placing → rejected when the marketplace has no such order, only if the intent was not touched
     * since `seenUpdatedAt` (a Confirm meanwhile bumps it and may be placing right now).
     */
    abandonPlacing(intentId: string, seenUpdatedAt: number, error: string): Promise<boolean> {
      return moved(and(byIntent(intentId), inState("placing"), eq(o.updatedAt, seenUpdatedAt)), { state: "rejected" satisfies IntentState, lastError: error });
    },
    /** Outcome unknown (the intent stays `placing`): remembered for logs and support. */
    async noteError(intentId: string, error: string): Promise<void> {
      await moved(byIntent(intentId), { lastError: error });
    },
    /** previewed → cancelled. False when the intent has moved on (e.g. it is being placed). */
    markCancelled(intentId: string): Promise<boolean> {
      return moved(and(byIntent(intentId), inState("previewed")), { state: "cancelled" satisfies IntentState });
    },
    /** /cancel: every `previewed` intent of a user in a chat → cancelled; the rows cancelled (their cards to edit). */
    cancelPreviewed(chatId: number, userId: number): Promise<OrderIntentRow[]> {
      // every /cancel and every flow left runs it: prepared once
      return prepared(conn, "orders_cancel_previewed", ({ db }) =>
        db
          .update(o)
          .set({ state: "cancelled" satisfies IntentState, updatedAt: sql`${sql.placeholder("now")}` })
          .where(and(eq(o.chatId, sql.placeholder("chatId")), eq(o.userId, sql.placeholder("userId")), inState("previewed")))
          .returning(),
      ).execute({ chatId, userId, now: Date.now() });
    },
    /** Settlement news for an order placed through the bot (from a refresh, a webhook or a watcher). */
    async updateStatus(orderId: string, update: { status: string; txId?: string | null }): Promise<boolean> {
      const set = update.txId === undefined ? { status: update.status } : { status: update.status, txId: update.txId };
      return moved(eq(o.orderId, orderId), set);
    },
    /** Placed orders the marketplace still reports as Created (any spelling), oldest first. */
    listAwaitingSettlement(): Promise<OrderIntentRow[]> {
      return db
        .select()
        .from(o)
        .where(and(eq(o.state, "placed" satisfies IntentState), sql`lower(${o.status}) = 'created'`))
        .orderBy(o.updatedAt);
    },
    /** Intents `placing` with no placement attempt since `touchedBefore` (ms), oldest first. */
    listStuckPlacing(touchedBefore: number): Promise<OrderIntentRow[]> {
      return db
        .select()
        .from(o)
        .where(and(eq(o.state, "placing" satisfies IntentState), lte(o.updatedAt, touchedBefore)))
        .orderBy(asc(o.createdAt));
    },
    /**
     * This key's orders placed through the bot that changed the balance after `since` (ms): those
     * placed since (charged) and those that failed since (refunded). Their totals, as the marketplace
     * answered them, for the deposit watcher to tell a deposit from a refund.
     */
    listMovedSince(keyId: number, since: number): Promise<Array<Pick<OrderIntentRow, "totalTrx" | "status" | "createdAt" | "updatedAt">>> {
      return db
        .select({ totalTrx: o.totalTrx, status: o.status, createdAt: o.createdAt, updatedAt: o.updatedAt })
        .from(o)
        .where(and(eq(o.keyId, keyId), eq(o.state, "placed"), gt(o.updatedAt, since)));
    },
    /** A user's orders placed through the bot and quoted in [from, until) (ms), oldest first: the monthly statement's orders. */
    listPlacedBetween(userId: number, from: number, until: number): Promise<OrderIntentRow[]> {
      return db
        .select()
        .from(o)
        .where(and(eq(o.userId, userId), eq(o.state, "placed" satisfies IntentState), gte(o.createdAt, from), lt(o.createdAt, until)))
        .orderBy(asc(o.createdAt));
    },
    listByUser(userId: number, limit = 20): Promise<OrderIntentRow[]> {
      return db.select().from(o).where(eq(o.userId, userId)).orderBy(desc(o.createdAt)).limit(limit);
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
