/**
 * Users' marketplace webhook endpoints (one per user) and the events received on them.
 * Each endpoint has an unguessable route token (its receiver URL is PUBLIC_URL/hooks/<token>);
 * its signing secret is sealed at rest, bound to the owner. Timestamps are ms since epoch:
 * - lastEventAt: the last delivery that reached the receiver, verified or not;
 * - lastVerifiedAt / lastEventType: the last delivery whose signature verified, and its type;
 * - lastPingAt: when the bot last asked the marketplace for a test delivery (POST …/ping).
 * An opened secret per endpoint row is kept in memory (still sealed at rest), keyed by the sealed
 * text so a changed secret is never served stale (true with several replicas too). The receiver's
 * route lookup is kept in memory as well: on SQLite (one writer, every change made here) until the
 * row changes; on PostgreSQL, where another replica may change it, for ROUTE_TTL_MS (see there).
 */
import { rememberBounded } from "./bounded-map.js";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";
import { prepared } from "./prepared.js";
import { countReseal, reseal, type ResealCount, type Sealer } from "./secrets.js";

export type WebhookEndpointRow = Tables["webhookEndpoints"]["$inferSelect"];

const owner = (userId: number) => `webhook-secret:${userId}`;

export function newRouteToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Routes and opened secrets kept in memory; more endpoints than this start evicting the oldest. */
const CACHE_LIMIT = 10_000;

const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => rememberBounded(map, key, value, CACHE_LIMIT);

/**
 * PostgreSQL: how long a route read from the database is used before it is read again. Under load
 * the route lookup was half the receiver's statements (one per turn of the event loop). A change
 * made on another replica (an endpoint disabled, a secret set) reaches this one's receiver within
 * this long; the marketplace delivers a refused event again, and a ping reads its endpoint afresh
 * (lastPingAt is not part of a route).
 */
export const ROUTE_TTL_MS = 1_000;

/** What the receiver needs of an endpoint to route, verify and apply a delivery. */
export type EndpointRoute = Pick<WebhookEndpointRow, "id" | "userId" | "enabled" | "sealedSecret">;

/** A verified event as the receiver stores it. */
export interface ReceivedEvent {
  /** The endpoint's row id. */
  rowId: number;
  eventId: string;
  type: string;
  payload: string;
  at: number;
}

/** A stored event not applied yet (see events/backlog.ts). */
export interface WaitingEvent {
  eventId: string;
  payload: string;
  receivedAt: number;
}

interface OpenedSecret {
  userId: number;
  sealed: string;
  plain: string;
}

/** What the repository keeps in memory across requests (one per store). */
export interface WebhooksMemo {
  opened: Map<number, OpenedSecret>;
  /** By route token (unknown tokens are not kept), with when it was read; and row id → its cached route's token. */
  routes: { byToken: Map<string, { route: EndpointRoute; at: number }>; tokens: Map<number, string>; ttlMs: number };
}

/** `ttlMs`: how long a route is used before it is read again (Infinity where every change goes through this memo). */
export const createWebhooksMemo = (ttlMs: number): WebhooksMemo => ({ opened: new Map(), routes: { byToken: new Map(), tokens: new Map(), ttlMs } });

export function createWebhooksRepo(conn: Conn, sealer: Sealer, memo: WebhooksMemo) {
  const { db, t, dialect } = conn;
  const w = t.webhookEndpoints;
  const byId = (rowId: number) => eq(w.id, rowId);
  // Every write to a route's fields goes through this repo and forgets the row first; a
  // rolled-back write only costs a miss.
  const forget = (rowId: number) => {
    memo.opened.delete(rowId);
    const token = memo.routes.tokens.get(rowId);
    if (token === undefined) return;
    memo.routes.byToken.delete(token);
    memo.routes.tokens.delete(rowId);
  };
  const set = async (rowId: number, values: Partial<WebhookEndpointRow>) => {
    forget(rowId);
    await db.update(w).set(values).where(byId(rowId));
  };

  const key = (e: Pick<ReceivedEvent, "rowId" | "eventId">) => `${e.rowId} ${e.eventId}`;

  /** recordWaiting / recordBehindWaiting (`behindOnly`): each event stored, a replay, or left alone. */
  async function record(events: readonly ReceivedEvent[], behindOnly: boolean): Promise<Array<"stored" | "duplicate" | "free">> {
    const first = new Map<string, ReceivedEvent>();
    for (const e of events) if (!first.has(key(e))) first.set(key(e), e);
    const unique = [...first.values()];
    if (unique.length === 0) return [];
    const stored = new Set<string>();
    let behind: Set<number> | undefined;
    if (dialect !== "pg") {
      behind = behindOnly ? await repo.withWaiting(unique.map((e) => e.rowId)) : undefined;
      for (const e of unique) if ((!behind || behind.has(e.rowId)) && (await repo.recordEvent(e.rowId, { ...e, applied: false }, e.at))) stored.add(key(e));
    } else {
      // x: the events in order; b: their endpoints with events waiting (when only those are stored);
      // ins: the new ones stored (a replay conflicts), their arrival numbers drawn in the order n lists
      // them (the order they arrived in); last: each endpoint's last new one, its stamp
      const result = (await db.execute(sql`
        with x as (
          select * from unnest(${sql.param(unique.map((e) => e.rowId))}::integer[], ${sql.param(unique.map((e) => e.eventId))}::text[],
            ${sql.param(unique.map((e) => e.type))}::text[], ${sql.param(unique.map((e) => e.payload))}::text[],
            ${sql.param(unique.map((e) => e.at))}::bigint[]) with ordinality as x(r, id, ty, p, at, n)
        ), b as (
          select distinct r from x where not ${behindOnly}::boolean or exists (select 1 from webhook_events e where e.endpoint_row_id = x.r and e.applied_at is null)
        ), ins as (
          insert into webhook_events (endpoint_row_id, event_id, type, payload, received_at, applied_at)
          select r, id, ty, p, at, null from x where r in (select r from b) order by n
          on conflict do nothing returning endpoint_row_id, event_id
        ), last as (
          select distinct on (x.r) x.r, x.ty, x.at from x join ins on ins.endpoint_row_id = x.r and ins.event_id = x.id order by x.r, x.n desc
        ), stamped as (
          update webhook_endpoints w set last_event_at = last.at, last_verified_at = last.at, last_event_type = last.ty from last where w.id = last.r returning w.id
        )
        select endpoint_row_id, event_id from ins union all select r, null from b`)) as unknown as { rows: Array<{ endpoint_row_id: number; event_id: string | null }> };
      behind = new Set();
      for (const row of result.rows) {
        if (row.event_id === null) behind.add(Number(row.endpoint_row_id));
        else stored.add(key({ rowId: Number(row.endpoint_row_id), eventId: row.event_id }));
      }
    }
    return events.map((e) => {
      if (behindOnly && !behind!.has(e.rowId)) return "free";
      return first.get(key(e)) === e && stored.has(key(e)) ? "stored" : "duplicate";
    });
  }

  const repo = {
    /** Master-key rotation: every secret sealed with a previous master key is sealed again. Call inside a transaction. */
    async resealAll(): Promise<ResealCount> {
      const count: ResealCount = { resealed: 0, current: 0, unreadable: 0 };
      const rows = await db.select({ id: w.id, userId: w.userId, sealedSecret: w.sealedSecret }).from(w).where(isNotNull(w.sealedSecret));
      for (const row of rows) {
        if (row.sealedSecret === null) continue;
        const outcome = reseal(sealer, row.sealedSecret, owner(row.userId));
        countReseal(count, outcome);
        if (outcome.kind === "resealed") await set(row.id, { sealedSecret: outcome.sealed });
      }
      return count;
    },
    forUser(userId: number): Promise<WebhookEndpointRow | undefined> {
      return first(db.select().from(w).where(eq(w.userId, userId)).orderBy(w.id).limit(1));
    },
    /** The endpoint a delivery to /hooks/<routeToken> is for. */
    async routeFor(routeToken: string): Promise<EndpointRoute | undefined> {
      return (await repo.routesFor([routeToken])).get(routeToken);
    },
    /**
     * The endpoints of several route tokens (unknown tokens are left out): the receiver asks once for
     * the deliveries of one turn of the event loop, so on PostgreSQL (where routes are not kept) one
     * prepared statement serves them all.
     */
    async routesFor(routeTokens: readonly string[]): Promise<Map<string, EndpointRoute>> {
      const found = new Map<string, EndpointRoute>();
      const missing: string[] = [];
      const now = Date.now();
      for (const token of routeTokens) {
        const cached = memo.routes.byToken.get(token);
        if (cached && now - cached.at < memo.routes.ttlMs) found.set(token, cached.route);
        else missing.push(token);
      }
      if (missing.length === 0) return found;
      const columns = { token: w.routeToken, id: w.id, userId: w.userId, enabled: w.enabled, sealedSecret: w.sealedSecret };
      let rows: Array<EndpointRoute & { token: string }>;
      if (dialect === "pg") {
        rows = await prepared(conn, "webhook_routes", ({ db }) =>
          db
            .select(columns)
            .from(w)
            .where(sql`${w.routeToken} = any(${sql.placeholder("tokens")}::text[])`),
        ).execute({ tokens: [...new Set(missing)] });
      } else {
        // SQLite: no round trip to save, one prepared lookup per token
        const one = prepared(conn, "webhook_route", ({ db }) => db.select(columns).from(w).where(eq(w.routeToken, sql.placeholder("token"))).limit(1));
        rows = [];
        for (const token of missing) rows.push(...(await one.execute({ token })));
      }
      for (const { token, ...route } of rows) {
        found.set(token, route);
        remember(memo.routes.byToken, token, { route, at: now });
        remember(memo.routes.tokens, route.id, token);
      }
      return found;
    },
    get(rowId: number): Promise<WebhookEndpointRow | undefined> {
      return first(db.select().from(w).where(byId(rowId)).limit(1));
    },
    /** The user's endpoint, created with a fresh route token on first use; keyId is the key that manages it. Call inside a transaction. */
    async ensureForUser(userId: number, keyId: number | null): Promise<WebhookEndpointRow> {
      const existing = await repo.forUser(userId);
      if (existing) {
        if (keyId !== null && existing.keyId !== keyId) await set(existing.id, { keyId });
        return { ...existing, keyId: keyId ?? existing.keyId };
      }
      const [row] = await db.insert(w).values({ userId, keyId, routeToken: newRouteToken() }).returning();
      return row!;
    },
    /** A (new) marketplace endpoint id: the old secret and verification no longer apply. */
    setEndpointId(rowId: number, endpointId: string): Promise<void> {
      return set(rowId, { endpointId, sealedSecret: null, enabled: true, lastVerifiedAt: null, lastEventAt: null, lastEventType: null, lastPingAt: null });
    },
    setSecret(row: Pick<WebhookEndpointRow, "id" | "userId">, secret: string): Promise<void> {
      return set(row.id, { sealedSecret: sealer.seal(secret, owner(row.userId)) });
    },
    /**
     * The plaintext secret, for one verification. Re-sealed with the current master key if stale.
     * Opened once per sealed value: the same row with the same sealed text is served from memory.
     */
    async revealSecret(row: Pick<WebhookEndpointRow, "id" | "userId" | "sealedSecret">): Promise<string | undefined> {
      if (!row.sealedSecret) return undefined;
      const known = memo.opened.get(row.id);
      if (known && known.sealed === row.sealedSecret && known.userId === row.userId) return known.plain;
      const plain = sealer.open(row.sealedSecret, owner(row.userId));
      if (sealer.isStale(row.sealedSecret)) await repo.setSecret(row, plain);
      else remember(memo.opened, row.id, { userId: row.userId, sealed: row.sealedSecret, plain });
      return plain;
    },
    markPingRequested(rowId: number, now: number): Promise<void> {
      return set(rowId, { lastPingAt: now });
    },
    /** When the bot last asked the endpoint for a ping (null: never, or the endpoint is gone). */
    async lastPingAt(rowId: number): Promise<number | null> {
      const row = await first(db.select({ at: w.lastPingAt }).from(w).where(byId(rowId)).limit(1));
      return row?.at ?? null;
    },
    /** A delivery arrived whose signature did not verify (shown in the status, and to the ping wait). */
    async markUnverified(rowId: number, now: number): Promise<void> {
      await db.update(w).set({ lastEventAt: now }).where(byId(rowId));
    },
    /**
     * Stores a verified event once per (endpoint, event id) and stamps the endpoint. `applied`: its
     * notice is written in this same transaction; otherwise it waits (see `waiting`). False for a replay.
     */
    async recordEvent(rowId: number, event: { eventId: string; type: string; payload: string; applied: boolean }, now: number): Promise<boolean> {
      const { applied, ...fields } = event;
      const stored = await prepared(conn, "webhook_event_insert", ({ db, t: { webhookEvents: e } }) =>
        db
          .insert(e)
          .values({
            endpointRowId: sql.placeholder("rowId"),
            eventId: sql.placeholder("eventId"),
            type: sql.placeholder("type"),
            payload: sql.placeholder("payload"),
            receivedAt: sql.placeholder("now"),
            appliedAt: sql.placeholder("appliedAt"),
            // PostgreSQL draws it from its sequence; SQLite's is the rowid the row gets (see schema)
            ...(dialect === "pg" ? {} : { arrival: sql`(select coalesce(max(rowid), 0) + 1 from webhook_events)` }),
          })
          .onConflictDoNothing()
          .returning({ id: e.eventId }),
      ).execute({ rowId, ...fields, now, appliedAt: applied ? now : null });
      if (stored.length === 0) return false;
      await prepared(conn, "webhook_endpoint_stamp", ({ db }) =>
        db
          .update(w)
          .set({ lastEventAt: sql`${sql.placeholder("now")}`, lastVerifiedAt: sql`${sql.placeholder("now")}`, lastEventType: sql`${sql.placeholder("type")}` })
          .where(eq(w.id, sql.placeholder("rowId"))),
      ).execute({ rowId, type: event.type, now });
      return true;
    },
    /**
     * Stores verified events that wait to be applied (`recordEvent` with `applied` false, for a whole
     * group commit) and stamps their endpoints with the last of each; per event, false for a replay
     * (stored before, or earlier in `events`). On PostgreSQL that is one statement whatever the
     * number of events: the rows go as arrays (unnest), and the stamps are a second part of it (WITH).
     */
    async recordWaiting(events: readonly ReceivedEvent[]): Promise<boolean[]> {
      return (await record(events, false)).map((outcome) => outcome === "stored");
    },
    /**
     * `recordWaiting` for the events whose endpoint has events waiting already (they must wait behind
     * them); the others are left alone ("free": the caller applies them or has them wait). On
     * PostgreSQL one statement: under load, when every endpoint has events waiting, all a group needs.
     */
    recordBehindWaiting(events: readonly ReceivedEvent[]): Promise<Array<"stored" | "duplicate" | "free">> {
      return record(events, true);
    },
    /** Of these endpoints, those with an event waiting to be applied (a later one must wait behind it); one statement on PostgreSQL. */
    async withWaiting(endpointRowIds: readonly number[]): Promise<Set<number>> {
      const ids = [...new Set(endpointRowIds)];
      if (dialect !== "pg") {
        const out = new Set<number>();
        for (const id of ids) if (await repo.hasWaiting(id)) out.add(id);
        return out;
      }
      const rows = await prepared(conn, "webhook_endpoints_with_waiting", ({ db, t: { webhookEvents: e } }) =>
        db
          .select({ id: sql<number>`u.id` })
          .from(sql`unnest(${sql.placeholder("ids")}::integer[]) as u(id)`)
          .where(sql`exists (select 1 from ${e} where ${e.endpointRowId} = u.id and ${e.appliedAt} is null)`),
      ).execute({ ids });
      return new Set(rows.map((r) => Number(r.id)));
    },
    /** Whether an event of this endpoint waits to be applied (a later one must wait behind it). */
    async hasWaiting(endpointRowId: number): Promise<boolean> {
      const row = await first(
        prepared(conn, "webhook_events_has_waiting", ({ db, t: { webhookEvents: e } }) =>
          db
            .select({ id: e.eventId })
            .from(e)
            .where(and(eq(e.endpointRowId, sql.placeholder("endpointRowId")), isNull(e.appliedAt)))
            .limit(1),
        ).execute({ endpointRowId }),
      );
      return row !== undefined;
    },
    /** Up to `limit` endpoints with events waiting to be applied, with what applying needs of them. */
    endpointsWithWaiting(limit: number): Promise<Array<Pick<WebhookEndpointRow, "id" | "userId">>> {
      const e = t.webhookEvents;
      return db
        .selectDistinct({ id: w.id, userId: w.userId })
        .from(e)
        .innerJoin(w, eq(w.id, e.endpointRowId))
        .where(isNull(e.appliedAt))
        .orderBy(w.id)
        .limit(limit);
    },
    /** Up to `limit` of the endpoint's events waiting to be applied, oldest first (in arrival order within a millisecond). */
    waiting(endpointRowId: number, limit: number): Promise<WaitingEvent[]> {
      const e = t.webhookEvents;
      return db
        .select({ eventId: e.eventId, payload: e.payload, receivedAt: e.receivedAt })
        .from(e)
        .where(and(eq(e.endpointRowId, endpointRowId), isNull(e.appliedAt)))
        .orderBy(asc(e.receivedAt), asc(e.arrival))
        .limit(limit);
    },
    /** Marks a waiting event applied; false if it already was (by another replica). */
    async markApplied(endpointRowId: number, eventId: string, now: number): Promise<boolean> {
      const e = t.webhookEvents;
      const rows = await db
        .update(e)
        .set({ appliedAt: now })
        .where(and(eq(e.endpointRowId, endpointRowId), eq(e.eventId, eventId), isNull(e.appliedAt)))
        .returning({ id: e.eventId });
      return rows.length > 0;
    },
    /** Forgets the endpoint and its events (the marketplace side is deleted by the caller). Call inside a transaction. */
    async remove(userId: number, rowId: number): Promise<boolean> {
      forget(rowId);
      const removed = await db.delete(w).where(and(byId(rowId), eq(w.userId, userId))).returning({ id: w.id });
      if (removed.length > 0) await db.delete(t.webhookEvents).where(eq(t.webhookEvents.endpointRowId, rowId));
      return removed.length > 0;
    },
  };
  return repo;
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
