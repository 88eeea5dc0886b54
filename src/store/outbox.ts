/**
 * The outbox of pushed notices. `enqueue` is idempotent on the dedupe key (the same event's notice
 * is stored once, whoever reports it first). A sender (one per replica, only the leader's runs)
 * claims due rows under a lease with its owner id, measured on the database's clock; rows leased
 * by an owner that is gone are released by the next leader (releaseLeasesExcept) and sent again:
 * at least once. Per chat only the oldest pending row is ever claimable, which keeps each chat's
 * notices in order across replicas.
 */
import { and, asc, count, eq, inArray, isNotNull, lt, lte, min, ne, notInArray, or, isNull, sql } from "drizzle-orm";
import { alias, type PgUpdateSetSource } from "drizzle-orm/pg-core";
import { dbNowMs, first, type Conn, type Tables } from "./db.js";
import { prepared } from "./prepared.js";
import { leaseHeld, type Fence } from "./leader-lease.js";

export type OutboxRow = Tables["outbox"]["$inferSelect"];

export interface NewNotice {
  chatId: number;
  dedupeKey: string;
  text: string;
  /** An InlineKeyboardMarkup (stored as JSON). */
  replyMarkup?: unknown;
  /** Edit this message of the chat (text and buttons) instead of sending a new one. */
  editMessageId?: number;
  /** Send it as a reply to this message of the chat (kept without it if the message is gone). */
  replyToMessageId?: number;
  /** Sent with allow_paid_broadcast, at the paid rate (an operator's announcement only, never an ordinary notice). */
  paidBroadcast?: boolean;
  /** One user's copy of this announcement (its rows are counted by state for the operator). */
  announcementId?: number;
  /**
   * Held back (status `held`): the private copy of a notice sent to the user's group or channel,
   * released (`releaseHeld`) when that copy cannot be delivered there, dropped once it was.
   */
  held?: boolean;
  /**
   * The notice is a file (`text` is its caption): sent with sendPhoto or sendDocument,
   * paced, leased and retried like any notice. Its bytes are stored with it (a statement's chart or
   * CSV, tens of kilobytes) and cleared once the row is settled (sent, dead or blocked).
   */
  file?: NoticeFile;
}

export interface NoticeFile {
  kind: "photo" | "document";
  name: string;
  bytes: Buffer;
}

/** The file a row carries, if any. */
export function fileOf(row: Pick<OutboxRow, "fileKind" | "fileName" | "fileBase64">): NoticeFile | undefined {
  if ((row.fileKind !== "photo" && row.fileKind !== "document") || row.fileBase64 === null) return undefined;
  return { kind: row.fileKind, name: row.fileName ?? "file", bytes: Buffer.from(row.fileBase64, "base64") };
}

export interface ClaimInput {
  /** Who holds the leases (the replica's instance id). */
  owner: string;
  limit: number;
  leaseMs: number;
  /** Chats the sender must not write to yet (its per-chat pace). */
  skipChats?: number[];
  /** The leader's term (PostgreSQL): nothing is claimed once that term has lost its lease. */
  fence?: Fence;
  /** Only paid-broadcast rows (true) or only the others (false): each has its own pace. Default: both. */
  paidBroadcast?: boolean;
}

const clip = (error: string) => error.slice(0, 500);

/** Where a user's notices go, in which language, and whether they want them at all. */
export interface NoticeRecipient {
  chatId: number;
  /** Chosen with /language; null: follow Telegram's language_code, as last seen. */
  language: string | null;
  languageCode: string | null;
  noticesEnabled: boolean;
}

export function createOutboxRepo(conn: Conn) {
  const { db, t, dialect } = conn;
  const o = t.outbox;
  const now = dbNowMs(dialect);
  const leasedBy = (id: number, owner: string) => and(eq(o.id, id), eq(o.leaseOwner, owner));
  /** Settles a claimed row, only while `owner` still holds it (a row released to a new leader is no longer ours). */
  const settle = async (id: number, owner: string, set: PgUpdateSetSource<typeof o>) =>
    (await db.update(o).set(set).where(leasedBy(id, owner)).returning({ id: o.id })).length > 0;

  return {
    /** The user's notice settings (read for every notice); undefined for an unknown user. */
    recipient(userId: number): Promise<NoticeRecipient | undefined> {
      const u = t.users;
      return first(
        prepared(conn, "outbox_recipient", ({ db }) =>
          db.select({ chatId: u.chatId, language: u.language, languageCode: u.languageCode, noticesEnabled: u.noticesEnabled }).from(u).where(eq(u.id, sql.placeholder("userId"))).limit(1),
        ).execute({ userId }),
      );
    },
    /** Stores a notice once per dedupe key; false when that key was already enqueued. A chat that blocked the bot gets it as blocked (never sent). */
    async enqueue(notice: NewNotice, at = Date.now()): Promise<boolean> {
      const rows = await prepared(conn, "outbox_enqueue", ({ db, t: { users: u } }) => {
        const blocked = db.select({ one: sql`1` }).from(u).where(and(eq(u.chatId, sql.placeholder("chatId")), eq(u.blocked, true)));
        return db
          .insert(o)
          .values({
            chatId: sql.placeholder("chatId"),
            dedupeKey: sql.placeholder("dedupeKey"),
            text: sql.placeholder("text"),
            replyMarkup: sql.placeholder("replyMarkup"),
            editMessageId: sql.placeholder("editMessageId"),
            replyToMessageId: sql.placeholder("replyToMessageId"),
            paidBroadcast: sql.placeholder("paidBroadcast"),
            announcementId: sql.placeholder("announcementId"),
            fileKind: sql.placeholder("fileKind"),
            fileName: sql.placeholder("fileName"),
            fileBase64: sql.placeholder("fileBase64"),
            status: sql`case when exists ${blocked} then 'blocked' when ${sql.placeholder("held")} = 1 then 'held' else 'pending' end`,
            nextAttemptAt: sql.placeholder("at"),
            createdAt: sql.placeholder("at"),
          })
          .onConflictDoNothing({ target: o.dedupeKey })
          .returning({ id: o.id });
      }).execute({
        chatId: notice.chatId,
        dedupeKey: notice.dedupeKey,
        text: notice.text,
        replyMarkup: notice.replyMarkup === undefined ? null : JSON.stringify(notice.replyMarkup),
        editMessageId: notice.editMessageId ?? null,
        replyToMessageId: notice.replyToMessageId ?? null,
        paidBroadcast: notice.paidBroadcast ?? false,
        announcementId: notice.announcementId ?? null,
        held: notice.held ? 1 : 0,
        fileKind: notice.file?.kind ?? null,
        fileName: notice.file?.name ?? null,
        fileBase64: notice.file ? notice.file.bytes.toString("base64") : null,
        at,
      });
      return rows.length > 0;
    },
    /**
     * Leases up to `limit` due rows to `owner`, at most one per chat (the chat's oldest pending
     * row), skipping `skipChats`. Ordered by id. On PostgreSQL the candidates are locked with
     * SKIP LOCKED, so two claimers at once never take the same row or two rows of one chat. With a
     * `fence`, only while that term still holds the leader's lease (a deposed leader claims nothing).
     */
    async claim(input: ClaimInput): Promise<OutboxRow[]> {
      if (input.limit <= 0) return [];
      const older = alias(o, "older");
      const head = db.select({ id: min(older.id) }).from(older).where(and(eq(older.chatId, o.chatId), eq(older.status, "pending")));
      const candidates = db
        .select({ id: o.id })
        .from(o)
        .where(
          and(
            eq(o.status, "pending"),
            lte(o.nextAttemptAt, now),
            or(isNull(o.leaseUntil), lt(o.leaseUntil, now)),
            notInArray(o.chatId, input.skipChats ?? []),
            eq(o.id, head),
            input.paidBroadcast === undefined ? undefined : eq(o.paidBroadcast, input.paidBroadcast),
            input.fence ? leaseHeld(conn, input.fence) : undefined,
          ),
        )
        .orderBy(asc(o.id))
        .limit(input.limit);
      const locked = dialect === "pg" ? candidates.for("update", { skipLocked: true }) : candidates;
      const rows = await db
        .update(o)
        .set({ leaseUntil: sql`${now} + ${input.leaseMs}`, leaseOwner: input.owner })
        .where(inArray(o.id, locked))
        .returning();
      return rows.sort((a, b) => a.id - b.id);
    },
    /** Releases the leases `owner` holds (a sender stopping cleanly); the number of rows. */
    async releaseLeasesOf(owner: string): Promise<number> {
      const rows = await db.update(o).set({ leaseUntil: null, leaseOwner: null }).where(and(eq(o.status, "pending"), eq(o.leaseOwner, owner))).returning({ id: o.id });
      return rows.length;
    },
    /**
     * Makes every row leased by another owner claimable at once; the number of rows. For a new
     * leader: a lease it finds was taken by a sender that is gone (killed mid-send), and waiting
     * for the lease to run out would hold back each of those chats' later notices.
     */
    async releaseLeasesExcept(owner: string): Promise<number> {
      const rows = await db
        .update(o)
        .set({ leaseUntil: null, leaseOwner: null })
        .where(and(eq(o.status, "pending"), isNotNull(o.leaseUntil), or(isNull(o.leaseOwner), ne(o.leaseOwner, owner))))
        .returning({ id: o.id });
      return rows.length;
    },
    /** False when `owner` no longer holds the row's lease (released to another sender meanwhile). */
    markSent(id: number, owner: string, at: number): Promise<boolean> {
      return settle(id, owner, { status: "sent", sentAt: at, leaseUntil: null, leaseOwner: null, attempts: sql`${o.attempts} + 1`, fileBase64: null });
    },
    /** Back to pending, due at `at`; `countAttempt` is false for a 429 (the message was not refused). */
    retryAt(id: number, owner: string, at: number, error: string, countAttempt: boolean): Promise<boolean> {
      const base = { nextAttemptAt: at, leaseUntil: null, leaseOwner: null, lastError: clip(error) };
      return settle(id, owner, countAttempt ? { ...base, attempts: sql`${o.attempts} + 1` } : base);
    },
    /** Refused for good (e.g. 400): never retried. */
    markFailed(id: number, owner: string, error: string): Promise<boolean> {
      return settle(id, owner, { status: "dead", leaseUntil: null, leaseOwner: null, lastError: clip(error), attempts: sql`${o.attempts} + 1`, fileBase64: null });
    },
    /** The chat blocked the bot: its pending notices stop (kept as blocked, never resent). */
    async blockChat(chatId: number, error: string): Promise<number> {
      const rows = await db
        .update(o)
        .set({ status: "blocked", leaseUntil: null, leaseOwner: null, lastError: clip(error), fileBase64: null })
        .where(and(eq(o.chatId, chatId), eq(o.status, "pending")))
        .returning({ id: o.id });
      return rows.length;
    },
    /** A held private copy is due now (its group or channel copy could not be delivered); false when none was held. */
    async releaseHeld(dedupeKey: string, at: number): Promise<boolean> {
      const rows = await db
        .update(o)
        .set({ status: "pending", nextAttemptAt: at })
        .where(and(eq(o.dedupeKey, dedupeKey), eq(o.status, "held")))
        .returning({ id: o.id });
      return rows.length > 0;
    },
    /** Held private copies that are not needed (their group or channel copy was delivered). */
    async dropHeld(dedupeKeys: string[]): Promise<void> {
      if (dedupeKeys.length === 0) return;
      await db.update(o).set({ status: "dropped" }).where(and(inArray(o.dedupeKey, dedupeKeys), eq(o.status, "held")));
    },
    /** A claimed group or channel copy that is not sent: nobody there may get it any more (its private copies were released). */
    markRerouted(id: number, owner: string, reason: string): Promise<boolean> {
      return settle(id, owner, { status: "rerouted", leaseUntil: null, leaseOwner: null, lastError: clip(reason) });
    },
    getByDedupeKey(dedupeKey: string): Promise<OutboxRow | undefined> {
      return first(db.select().from(o).where(eq(o.dedupeKey, dedupeKey)).limit(1));
    },
    listForChat(chatId: number): Promise<OutboxRow[]> {
      return db.select().from(o).where(eq(o.chatId, chatId)).orderBy(o.id);
    },
    /** Whether `limit` or more notices wait to be sent (counts no further than that). */
    async holdsAtLeast(limit: number): Promise<boolean> {
      const row = await first(
        prepared(conn, "outbox_holds_at_least", ({ db }) =>
          db.select({ id: o.id }).from(o).where(eq(o.status, "pending")).limit(1).offset(sql.placeholder("skip")),
        ).execute({ skip: Math.max(0, limit - 1) }),
      );
      return row !== undefined;
    },
    /** How many notices wait to be sent to the chat, counting no further than `upTo`. */
    async pendingForChat(chatId: number, upTo: number): Promise<number> {
      const rows = await prepared(conn, "outbox_pending_for_chat", ({ db }) =>
        db
          .select({ id: o.id })
          .from(o)
          .where(and(eq(o.chatId, sql.placeholder("chatId")), eq(o.status, "pending")))
          .limit(sql.placeholder("upTo")),
      ).execute({ chatId, upTo });
      return rows.length;
    },
    async pendingCount(): Promise<number> {
      return (await first(db.select({ n: count() }).from(o).where(eq(o.status, "pending"))))?.n ?? 0;
    },
    /** When the earliest pending row becomes due (ignoring leases); undefined when none is pending. */
    async nextDueAt(): Promise<number | undefined> {
      const row = await first(db.select({ at: min(o.nextAttemptAt) }).from(o).where(eq(o.status, "pending")));
      return row?.at == null ? undefined : Number(row.at);
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
