/**
 * The Telegram update inbox (update_inbox) and, on PostgreSQL, who handles which chat now
 * (chat_leases). An update is recorded before its webhook is answered and handled from here
 * (src/inbox/ says how); a handled row keeps its id so that a redelivery is recognised.
 *
 * The calls take whole batches: the inbox commits the updates of one event-loop turn together, so
 * on PostgreSQL a batch is a few statements over arrays (unnest, = ANY), not a few per update. On
 * SQLite, where a statement costs no round trip, each row goes through one prepared statement.
 */
import { and, asc, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Conn } from "./db.js";
import { prepared } from "./prepared.js";

export interface InboxEntry {
  updateId: number;
  /** The chat's id, or the user's for an update without a chat (an inline query). */
  chatKey: string;
  /** The update's JSON. */
  payload: string;
}

/** Handled updates deleted per statement when pruning. */
const PRUNE_CHUNK = 10_000;

/** The database clock in ms, as PostgreSQL computes it: leases compare times of one clock. */
const PG_NOW = sql.raw("(extract(epoch from clock_timestamp()) * 1000)::bigint");

/** Row values of `db.execute` on node-postgres: bigint columns arrive as strings. */
interface Rows<T> {
  rows: T[];
}

export function createUpdateInboxRepo(conn: Conn) {
  const { db, t, dialect } = conn;
  const u = t.updateInbox;

  return {
    /** Records the entries not recorded before (by update id); returns the ids that were new. */
    async record(entries: readonly InboxEntry[], now: number): Promise<Set<number>> {
      const fresh = new Set<number>();
      if (entries.length === 0) return fresh;
      if (dialect === "pg") {
        const result = (await db.execute(sql`
          insert into update_inbox (update_id, chat_key, payload, received_at)
          select id, chat, payload, ${now} from unnest(${sql.param(entries.map((e) => e.updateId))}::bigint[],
            ${sql.param(entries.map((e) => e.chatKey))}::text[], ${sql.param(entries.map((e) => e.payload))}::text[]) as x(id, chat, payload)
          on conflict do nothing returning update_id`)) as unknown as Rows<{ update_id: string }>;
        for (const row of result.rows) fresh.add(Number(row.update_id));
        return fresh;
      }
      const insert = prepared(conn, "inbox_record", ({ db }) =>
        db
          .insert(u)
          .values({ updateId: sql.placeholder("id"), chatKey: sql.placeholder("chat"), payload: sql.placeholder("payload"), receivedAt: sql.placeholder("now") })
          .onConflictDoNothing()
          .returning({ id: u.updateId }),
      );
      for (const e of entries) {
        const rows = await insert.execute({ id: e.updateId, chat: e.chatKey, payload: e.payload, now });
        if (rows.length > 0) fresh.add(e.updateId);
      }
      return fresh;
    },

    /** The handled updates lose their payload; their ids stay (redeliveries). */
    async markHandled(updateIds: readonly number[], now: number): Promise<void> {
      if (updateIds.length === 0) return;
      if (dialect === "pg") {
        await db.execute(sql`update update_inbox set handled_at = ${now}, payload = null where update_id = any(${sql.param(updateIds)}::bigint[])`);
        return;
      }
      const mark = prepared(conn, "inbox_handled", ({ db }) =>
        db
          .update(u)
          .set({ handledAt: sql.placeholder("now") as unknown as number, payload: null })
          .where(sql`${u.updateId} = ${sql.placeholder("id")}`),
      );
      for (const id of updateIds) await mark.execute({ id, now });
    },

    /** The updates of `chats` still waiting to be handled, oldest first. */
    async waiting(chats: readonly string[]): Promise<InboxEntry[]> {
      if (chats.length === 0) return [];
      const rows = await db
        .select({ updateId: u.updateId, chatKey: u.chatKey, payload: u.payload })
        .from(u)
        .where(and(isNull(u.handledAt), inArray(u.chatKey, [...chats])))
        .orderBy(asc(u.updateId));
      return rows.filter((r): r is InboxEntry => r.payload !== null);
    },

    /** Chats that have updates waiting (at most `limit`); on PostgreSQL only those no live lease holds. */
    async chatsWaiting(limit: number): Promise<string[]> {
      if (dialect === "pg") {
        const result = (await db.execute(sql`
          select distinct i.chat_key from update_inbox i left join chat_leases l on l.chat_key = i.chat_key
          where i.handled_at is null and (l.chat_key is null or l.expires_at < ${PG_NOW}) limit ${limit}`)) as unknown as Rows<{ chat_key: string }>;
        return result.rows.map((r) => r.chat_key);
      }
      const rows = await db.selectDistinct({ chatKey: u.chatKey }).from(u).where(isNull(u.handledAt)).limit(limit);
      return rows.map((r) => r.chatKey);
    },

    /** The highest update id recorded (0 when none is): Telegram's ids only grow, so a higher one is new here. */
    async highestId(): Promise<number> {
      const [row] = await db.select({ id: sql<number | string | null>`max(${u.updateId})` }).from(u);
      return Number(row?.id ?? 0);
    },

    /** How many updates wait and since when (ms), for the log and the metrics. */
    async backlog(): Promise<{ count: number; oldestAt?: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${u.receivedAt})` })
        .from(u)
        .where(isNull(u.handledAt));
      const oldest = row?.oldest;
      return { count: Number(row?.count ?? 0), ...(oldest !== null && oldest !== undefined ? { oldestAt: Number(oldest) } : {}) };
    },

    /**
     * Polling: records `updateId` as handled; true the first time it is seen (a new leader polling
     * what the old one had fetched does nothing twice).
     */
    async markProcessed(updateId: number): Promise<boolean> {
      const rows = await prepared(conn, "inbox_mark_processed", ({ db }) =>
        db
          .insert(u)
          .values({ updateId: sql.placeholder("id"), chatKey: "", receivedAt: sql.placeholder("now"), handledAt: sql.placeholder("now") })
          .onConflictDoNothing()
          .returning({ id: u.updateId }),
      ).execute({ id: updateId, now: Date.now() });
      return rows.length > 0;
    },

    /**
     * Forgets handled updates received before `before` (ms): Telegram gives up redelivering after a
     * day. In chunks, so a busy day's rows (millions at 1,000 updates/s) never make one statement
     * longer than the database's statement timeout.
     */
    async prune(before: number, chunk = PRUNE_CHUNK): Promise<number> {
      let pruned = 0;
      for (;;) {
        const old = db.select({ id: u.updateId }).from(u).where(and(lt(u.receivedAt, before), sql`${u.handledAt} is not null`)).limit(chunk);
        const removed = (await db.delete(u).where(inArray(u.updateId, old)).returning({ id: u.updateId })).length;
        pruned += removed;
        if (removed < chunk) return pruned;
      }
    },
  };
}

/**
 * PostgreSQL only: a chat's updates are handled by one replica at a time, the holder of its lease.
 * Leases are measured by the database's clock and renewed while the holder works.
 */
export function createChatLeasesRepo(conn: Conn) {
  const { db } = conn;
  const keys = (chats: Iterable<string>) => sql.param([...new Set(chats)]);
  return {
    /** Takes the leases of `chats` that are free, expired or already `owner`'s, for `ttlMs`; returns those taken. */
    async take(chats: Iterable<string>, owner: string, ttlMs: number): Promise<Set<string>> {
      const result = (await db.execute(sql`
        insert into chat_leases (chat_key, owner, expires_at)
        select chat, ${owner}, ${PG_NOW} + ${ttlMs} from unnest(${keys(chats)}::text[]) as x(chat)
        on conflict (chat_key) do update set owner = excluded.owner, expires_at = excluded.expires_at
        where chat_leases.owner = excluded.owner or chat_leases.expires_at < ${PG_NOW}
        returning chat_key`)) as unknown as Rows<{ chat_key: string }>;
      return new Set(result.rows.map((r) => r.chat_key));
    },
    /** Extends `owner`'s leases of `chats`; returns the chats still held. */
    async renew(chats: Iterable<string>, owner: string, ttlMs: number): Promise<Set<string>> {
      const result = (await db.execute(sql`
        update chat_leases set expires_at = ${PG_NOW} + ${ttlMs}
        where owner = ${owner} and chat_key = any(${keys(chats)}::text[]) returning chat_key`)) as unknown as Rows<{ chat_key: string }>;
      return new Set(result.rows.map((r) => r.chat_key));
    },
    /**
     * Gives up `owner`'s leases of `chats` that have nothing waiting; returns the chats kept
     * because an update arrived for them meanwhile (recorded by another replica).
     */
    async releaseIdle(chats: Iterable<string>, owner: string): Promise<string[]> {
      const list = [...new Set(chats)];
      const result = (await db.execute(sql`
        delete from chat_leases l where l.owner = ${owner} and l.chat_key = any(${sql.param(list)}::text[])
        and not exists (select 1 from update_inbox i where i.chat_key = l.chat_key and i.handled_at is null)
        returning chat_key`)) as unknown as Rows<{ chat_key: string }>;
      const released = new Set(result.rows.map((r) => r.chat_key));
      return list.filter((c) => !released.has(c));
    },
    /** Gives up every lease of `owner` (a replica stopping): others take its chats at once. */
    async releaseAll(owner: string): Promise<void> {
      await db.execute(sql`delete from chat_leases where owner = ${owner}`);
    },
  };
}

export type UpdateInboxRepo = ReturnType<typeof createUpdateInboxRepo>;
export type ChatLeasesRepo = ReturnType<typeof createChatLeasesRepo>;
