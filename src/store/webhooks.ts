/**
 * Users' marketplace webhook endpoints (one per user) and the events received on them.
 * Each endpoint has an unguessable route token (its receiver URL is PUBLIC_URL/hooks/<token>);
 * its signing secret is sealed at rest, bound to the owner. Timestamps are ms since epoch:
 * - lastEventAt: the last delivery that reached the receiver, verified or not;
 * - lastVerifiedAt / lastEventType: the last delivery whose signature verified, and its type;
 * - lastPingAt: when the bot last asked the marketplace for a test delivery (POST …/ping).
 * An opened secret per endpoint row is kept in memory (still sealed at rest), keyed by the sealed
 * text so a changed secret is never served stale (true with several replicas too). On SQLite (one
 * writer) the receiver's route lookup is kept in memory as well.
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

/** What the receiver needs of an endpoint to route, verify and apply a delivery. */
export type EndpointRoute = Pick<WebhookEndpointRow, "id" | "userId" | "enabled" | "sealedSecret" | "lastPingAt">;

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

/** What the repository keeps in memory across requests (one per store; `routes` on SQLite only). */
export interface WebhooksMemo {
  opened: Map<number, OpenedSecret>;
  /** By route token (unknown tokens are not kept), and row id → its cached route's token. */
  routes?: { byToken: Map<string, EndpointRoute>; tokens: Map<number, string> };
}

export const createWebhooksMemo = (withRoutes: boolean): WebhooksMemo => ({
  opened: new Map(),
  ...(withRoutes ? { routes: { byToken: new Map(), tokens: new Map() } } : {}),
});

export function createWebhooksRepo(conn: Conn, sealer: Sealer, memo: WebhooksMemo) {
  const { db, t } = conn;
  const w = t.webhookEndpoints;
  const byId = (rowId: number) => eq(w.id, rowId);
  // Every write to a route's fields goes through this repo and forgets the row first; a
  // rolled-back write only costs a miss.
  const forget = (rowId: number) => {
    memo.opened.delete(rowId);
    const token = memo.routes?.tokens.get(rowId);
    if (token === undefined) return;
    memo.routes!.byToken.delete(token);
    memo.routes!.tokens.delete(rowId);
  };
  const set = async (rowId: number, values: Partial<WebhookEndpointRow>) => {
    forget(rowId);
    await db.update(w).set(values).where(byId(rowId));
  };

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
      const cached = memo.routes?.byToken.get(routeToken);
      if (cached) return cached;
      const route = await first(
        db.select({ id: w.id, userId: w.userId, enabled: w.enabled, sealedSecret: w.sealedSecret, lastPingAt: w.lastPingAt }).from(w).where(eq(w.routeToken, routeToken)).limit(1),
      );
      if (route && memo.routes) {
        remember(memo.routes.byToken, routeToken, route);
        remember(memo.routes.tokens, route.id, routeToken);
      }
      return route;
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
    endpointsWithWaiting(limit: number): Promise<Array<Pick<WebhookEndpointRow, "id" | "userId" | "lastPingAt">>> {
      const e = t.webhookEvents;
      return db
        .selectDistinct({ id: w.id, userId: w.userId, lastPingAt: w.lastPingAt })
        .from(e)
        .innerJoin(w, eq(w.id, e.endpointRowId))
        .where(isNull(e.appliedAt))
        .orderBy(w.id)
        .limit(limit);
    },
    /** Up to `limit` of the endpoint's events waiting to be applied, oldest first. */
    waiting(endpointRowId: number, limit: number): Promise<WaitingEvent[]> {
      const e = t.webhookEvents;
      return db
        .select({ eventId: e.eventId, payload: e.payload, receivedAt: e.receivedAt })
        .from(e)
        .where(and(eq(e.endpointRowId, endpointRowId), isNull(e.appliedAt)))
        .orderBy(asc(e.receivedAt), asc(e.eventId))
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
