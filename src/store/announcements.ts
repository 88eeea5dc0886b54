/**
 * An operator's announcements (/announce): a draft while previewed; once sent (draft → sending, by
 * compare-and-set, so a second tap starts nothing), the announcer enqueues one outbox row per user
 * in batches, moving `cursor` (the last user id enqueued) in the batch's transaction, so a restart
 * carries on after the last batch; each row's dedupe key is per announcement and user, so a batch
 * written twice still sends once. Done (sending → done) once everything is enqueued and no row waits.
 */
import { and, asc, count, eq, gt } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type AnnouncementRow = Tables["announcements"]["$inferSelect"];

/** Each user's copy of an announcement, by outbox state: what the operator is shown. */
export interface AnnouncementCounts {
  /** Rows enqueued so far. */
  total: number;
  sent: number;
  blocked: number;
  /** Refused for good by Telegram (dead). */
  failed: number;
  pending: number;
}

export function createAnnouncementsRepo(conn: Conn) {
  const { db, t } = conn;
  const a = t.announcements;
  const u = t.users;
  const o = t.outbox;
  const audience = eq(u.announcementsEnabled, true);
  return {
    async createDraft(input: { operatorId: number; chatId: number; text: string; paidBroadcast: boolean }): Promise<AnnouncementRow> {
      const [row] = await db.insert(a).values({ ...input, createdAt: Date.now() }).returning();
      return row!;
    },
    async setMessage(id: number, messageId: number): Promise<void> {
      await db.update(a).set({ messageId }).where(eq(a.id, id));
    },
    get(id: number): Promise<AnnouncementRow | undefined> {
      return first(db.select().from(a).where(eq(a.id, id)).limit(1));
    },
    /** Draft → sending (or → cancelled); false when it was no longer a draft of this operator. */
    async leaveDraft(id: number, operatorId: number, status: "sending" | "cancelled"): Promise<boolean> {
      return (await db.update(a).set({ status }).where(and(eq(a.id, id), eq(a.operatorId, operatorId), eq(a.status, "draft"))).returning({ id: a.id })).length > 0;
    },
    /** How many users take announcements now (the "Send to N users" of the preview). */
    async audienceSize(): Promise<number> {
      return Number((await first(db.select({ n: count() }).from(u).where(audience)))?.n ?? 0);
    },
    /** The announcements being sent, oldest first. */
    listSending(): Promise<AnnouncementRow[]> {
      return db.select().from(a).where(eq(a.status, "sending")).orderBy(asc(a.id));
    },
    /** The next users (by id) after `cursor` who take announcements. */
    nextRecipients(cursor: number | null, limit: number): Promise<Array<{ id: number; chatId: number }>> {
      return db
        .select({ id: u.id, chatId: u.chatId })
        .from(u)
        .where(and(audience, cursor === null ? undefined : gt(u.id, cursor)))
        .orderBy(asc(u.id))
        .limit(limit);
    },
    /** How many users after `cursor` take announcements (not enqueued yet). */
    async remainingAfter(cursor: number | null): Promise<number> {
      return Number((await first(db.select({ n: count() }).from(u).where(and(audience, cursor === null ? undefined : gt(u.id, cursor)))))?.n ?? 0);
    },
    /** Where the batches got to (in the batch's transaction); `enqueuedAll` once the last user is in. */
    async advance(id: number, cursor: number | null, enqueuedAll: boolean): Promise<void> {
      await db.update(a).set({ cursor, enqueuedAll }).where(eq(a.id, id));
    },
    /** Sending → done; false when another pass (or replica) finished it first. */
    async finish(id: number): Promise<boolean> {
      return (await db.update(a).set({ status: "done" }).where(and(eq(a.id, id), eq(a.status, "sending"))).returning({ id: a.id })).length > 0;
    },
    async counts(id: number): Promise<AnnouncementCounts> {
      const rows = await db
        .select({ status: o.status, n: count() })
        .from(o)
        .where(eq(o.announcementId, id))
        .groupBy(o.status);
      const by = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      const counts = { sent: by("sent"), blocked: by("blocked"), failed: by("dead"), pending: by("pending") };
      return { ...counts, total: counts.sent + counts.blocked + counts.failed + counts.pending };
    },
  };
}

export type AnnouncementsRepo = ReturnType<typeof createAnnouncementsRepo>;
