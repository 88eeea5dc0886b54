/**
 * Batch purchases (/batch, issue 33 item 3): one preview card for several addresses. Each line is an
 * order intent of its own (orders.ts: its own Idempotency-Key and state machine); the batch row only
 * ties them to the card and moves forward by compare-and-set:
 *   previewed → placing → done        previewed → cancelled
 * `placing` is written before the first line is sent, so a repeated Confirm, a redelivered update or
 * a restart goes on with the same intents (and keys): a line already placed is never sent again.
 * Create a batch and its intents in one transaction (orders/batch.ts does).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";
import { prepared } from "./prepared.js";

export type OrderBatchRow = Tables["orderBatches"]["$inferSelect"];
export type OrderBatchLineRow = Tables["orderBatchLines"]["$inferSelect"];
export type BatchState = "previewed" | "placing" | "done" | "cancelled";

export interface NewBatch {
  userId: number;
  keyId: number;
  chatId: number;
  /** The lines in the order shown: each an intent already created, and what its preview said it takes. */
  lines: ReadonlyArray<{ intentId: string; priceTrx: string }>;
  createdAt?: number;
}

export function createOrderBatchesRepo(conn: Conn) {
  const { db, t } = conn;
  const b = t.orderBatches;
  const l = t.orderBatchLines;
  const byId = (batchId: string) => eq(b.batchId, batchId);
  const moved = async (batchId: string, from: BatchState[], to: BatchState) =>
    (
      await db
        .update(b)
        .set({ state: to, updatedAt: Date.now() })
        .where(and(byId(batchId), inArray(b.state, from)))
        .returning({ id: b.batchId })
    ).length > 0;

  return {
    async create(input: NewBatch): Promise<OrderBatchRow> {
      const at = input.createdAt ?? Date.now();
      const [row] = await db
        .insert(b)
        .values({ batchId: randomUUID(), userId: input.userId, keyId: input.keyId, chatId: input.chatId, state: "previewed" satisfies BatchState, createdAt: at, updatedAt: at })
        .returning();
      await db.insert(l).values(input.lines.map((line, position) => ({ batchId: row!.batchId, position, intentId: line.intentId, priceTrx: line.priceTrx })));
      return row!;
    },
    get(batchId: string): Promise<OrderBatchRow | undefined> {
      return first(db.select().from(b).where(byId(batchId)).limit(1));
    },
    /** The lines, in the order shown. */
    lines(batchId: string): Promise<OrderBatchLineRow[]> {
      return db.select().from(l).where(eq(l.batchId, batchId)).orderBy(asc(l.position));
    },
    async setMessageId(batchId: string, messageId: number): Promise<void> {
      await db.update(b).set({ messageId, updatedAt: Date.now() }).where(byId(batchId));
    },
    /** previewed|placing → placing; false when the batch is done or cancelled. */
    markPlacing(batchId: string): Promise<boolean> {
      return moved(batchId, ["previewed", "placing"], "placing");
    },
    /** placing → done: every line has its outcome. */
    markDone(batchId: string): Promise<boolean> {
      return moved(batchId, ["placing"], "done");
    },
    /** The batches of a user in a chat still `previewed` (their cards offer Confirm). */
    listPreviewed(chatId: number, userId: number): Promise<OrderBatchRow[]> {
      // every /cancel and every flow left runs it: prepared once
      return prepared(conn, "batches_previewed", ({ db }) =>
        db
          .select()
          .from(b)
          .where(and(eq(b.userId, sql.placeholder("userId")), eq(b.chatId, sql.placeholder("chatId")), eq(b.state, "previewed" satisfies BatchState))),
      ).execute({ chatId, userId });
    },
    /** previewed → cancelled; false when the batch has moved on (it is being placed, or was). */
    markCancelled(batchId: string): Promise<boolean> {
      return moved(batchId, ["previewed"], "cancelled");
    },
    /** The marketplace's refusal of one line (JSON), kept to say it again on the card after a restart. */
    async noteRefusal(batchId: string, position: number, refusal: string): Promise<void> {
      await db.update(l).set({ refusal }).where(and(eq(l.batchId, batchId), eq(l.position, position)));
    },
  };
}

export type OrderBatchesRepo = ReturnType<typeof createOrderBatchesRepo>;
