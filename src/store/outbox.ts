/**
 * The outbox of pushed notices. `enqueue` is idempotent on the dedupe key (the same event's notice
 * is stored once, whoever reports it first). The sender claims due rows under a lease; the rows a
 * crashed sender had leased are released when the next one starts (releaseLeases) and sent again:
 * at least once. Per chat only the oldest pending row is ever claimable, which keeps each chat's
 * notices in order.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./db.js";
import { outbox } from "./schema.js";

export type OutboxRow = typeof outbox.$inferSelect;

export interface NewNotice {
  chatId: number;
  dedupeKey: string;
  text: string;
  /** An InlineKeyboardMarkup (stored as JSON). */
  replyMarkup?: unknown;
}

interface RawRow {
  id: number;
  chat_id: number;
  dedupe_key: string;
  text: string;
  reply_markup: string | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

function fromRaw(r: RawRow): OutboxRow {
  return {
    id: r.id,
    chatId: r.chat_id,
    dedupeKey: r.dedupe_key,
    text: r.text,
    replyMarkup: r.reply_markup,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    leaseUntil: r.lease_until,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  };
}

const clip = (error: string) => error.slice(0, 500);

/** Where a user's notices go, in which language, and whether they want them at all. */
export interface NoticeRecipient {
  chatId: number;
  language: string | null;
  noticesEnabled: boolean;
}

export function createOutboxRepo(db: Db) {
  const client = db.$client;
  // A notice for a chat that blocked the bot is kept (as blocked) but never sent.
  const insert = client.prepare(`
    INSERT INTO outbox (chat_id, dedupe_key, text, reply_markup, status, attempts, next_attempt_at, created_at)
    VALUES (@chatId, @dedupeKey, @text, @replyMarkup,
      CASE WHEN EXISTS (SELECT 1 FROM users WHERE chat_id = @chatId AND blocked = 1) THEN 'blocked' ELSE 'pending' END,
      0, @now, @now)
    ON CONFLICT (dedupe_key) DO NOTHING`);
  const claim = client.prepare(`
    UPDATE outbox SET lease_until = @leaseUntil
    WHERE id IN (
      SELECT o.id FROM (SELECT MIN(id) AS id FROM outbox WHERE status = 'pending' GROUP BY chat_id) AS head
      JOIN outbox o ON o.id = head.id
      WHERE o.next_attempt_at <= @now AND (o.lease_until IS NULL OR o.lease_until < @now)
        AND o.chat_id NOT IN (SELECT value FROM json_each(@skipChats))
      ORDER BY o.id LIMIT @limit)
    RETURNING *`);

  const selectRecipient = client.prepare<[number], { chat_id: number; language: string | null; notices_enabled: number }>(
    "SELECT chat_id, language, notices_enabled FROM users WHERE id = ?",
  );

  return {
    /** The user's notice settings (prepared: read for every notice); undefined for an unknown user. */
    recipient(userId: number): NoticeRecipient | undefined {
      const row = selectRecipient.get(userId);
      return row && { chatId: row.chat_id, language: row.language, noticesEnabled: row.notices_enabled === 1 };
    },
    /** Stores a notice once per dedupe key; false when that key was already enqueued. */
    enqueue(notice: NewNotice, now = Date.now()): boolean {
      const replyMarkup = notice.replyMarkup === undefined ? null : JSON.stringify(notice.replyMarkup);
      return insert.run({ chatId: notice.chatId, dedupeKey: notice.dedupeKey, text: notice.text, replyMarkup, now }).changes > 0;
    },
    /**
     * Leases up to `limit` due rows, at most one per chat (the chat's oldest pending row), skipping
     * `skipChats` (chats the sender must not write to yet). Ordered by id.
     */
    claim(input: { now: number; limit: number; leaseMs: number; skipChats?: number[] }): OutboxRow[] {
      if (input.limit <= 0) return [];
      const rows = claim.all({
        now: input.now,
        leaseUntil: input.now + input.leaseMs,
        limit: input.limit,
        skipChats: JSON.stringify(input.skipChats ?? []),
      }) as RawRow[];
      return rows.map(fromRaw).sort((a, b) => a.id - b.id);
    },
    /**
     * Makes every leased row claimable again at once; the number of rows. For a sender that starts
     * as the only one: a lease it finds was taken by a process that is gone (killed mid-send), and
     * waiting for the lease to run out would hold back each of those chats' later notices.
     */
    releaseLeases(): number {
      return db
        .update(outbox)
        .set({ leaseUntil: null })
        .where(and(eq(outbox.status, "pending"), sql`${outbox.leaseUntil} IS NOT NULL`))
        .run().changes;
    },
    markSent(id: number, now: number): void {
      db.update(outbox).set({ status: "sent", sentAt: now, leaseUntil: null, attempts: sql`${outbox.attempts} + 1` }).where(eq(outbox.id, id)).run();
    },
    /** Back to pending, due at `at`; `countAttempt` is false for a 429 (the message was not refused). */
    retryAt(id: number, at: number, error: string, countAttempt: boolean): void {
      const base = { nextAttemptAt: at, leaseUntil: null, lastError: clip(error) };
      const set = countAttempt ? { ...base, attempts: sql`${outbox.attempts} + 1` } : base;
      db.update(outbox).set(set).where(eq(outbox.id, id)).run();
    },
    /** The chat blocked the bot: its pending notices stop (kept as blocked, never resent). */
    blockChat(chatId: number, error: string): number {
      return db
        .update(outbox)
        .set({ status: "blocked", leaseUntil: null, lastError: clip(error) })
        .where(and(eq(outbox.chatId, chatId), eq(outbox.status, "pending")))
        .run().changes;
    },
    /** Refused for good (e.g. 400): never retried. */
    markDead(id: number, error: string): void {
      db.update(outbox)
        .set({ status: "dead", leaseUntil: null, lastError: clip(error), attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id))
        .run();
    },
    getByDedupeKey(dedupeKey: string): OutboxRow | undefined {
      return db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey)).get();
    },
    listForChat(chatId: number): OutboxRow[] {
      return db.select().from(outbox).where(eq(outbox.chatId, chatId)).orderBy(outbox.id).all();
    },
    pendingCount(): number {
      return db.select({ n: sql<number>`count(*)` }).from(outbox).where(eq(outbox.status, "pending")).get()?.n ?? 0;
    },
    /** When the earliest pending row becomes due (ignoring leases); undefined when none is pending. */
    nextDueAt(): number | undefined {
      const row = db.select({ at: sql<number | null>`min(${outbox.nextAttemptAt})` }).from(outbox).where(eq(outbox.status, "pending")).get();
      return row?.at ?? undefined;
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
