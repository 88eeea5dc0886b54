/**
 * Users' marketplace webhook endpoints (one per user) and the events received on them.
 * Each endpoint has an unguessable route token (its receiver URL is PUBLIC_URL/hooks/<token>);
 * its signing secret is sealed at rest, bound to the owner. Timestamps are ms since epoch:
 * - lastEventAt: the last delivery that reached the receiver, verified or not;
 * - lastVerifiedAt / lastEventType: the last delivery whose signature verified, and its type;
 * - lastPingAt: when the bot last asked the marketplace for a test delivery (POST …/ping).
 * The receiver's queries are prepared once; its route lookup is kept in memory, and so is an opened
 * secret per endpoint row (still sealed at rest), keyed by the sealed text so a changed secret is
 * never served stale.
 */
import { rememberBounded } from "./bounded-map.js";
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "./db.js";
import { countReseal, reseal, type ResealCount, type Sealer } from "./secrets.js";
import { webhookEndpoints, webhookEvents } from "./schema.js";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

const owner = (userId: number) => `webhook-secret:${userId}`;

export function newRouteToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Routes and opened secrets kept in memory; more endpoints than this start evicting the oldest. */
const CACHE_LIMIT = 10_000;

const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => rememberBounded(map, key, value, CACHE_LIMIT);

/** What the receiver needs of an endpoint to route, verify and apply a delivery. */
export type EndpointRoute = Pick<WebhookEndpointRow, "id" | "userId" | "enabled" | "sealedSecret" | "lastPingAt">;

interface RawRoute {
  id: number;
  user_id: number;
  enabled: number;
  sealed_secret: string | null;
  last_ping_at: number | null;
}

interface OpenedSecret {
  userId: number;
  sealed: string;
  plain: string;
}

export function createWebhooksRepo(db: Db, sealer: Sealer) {
  const byId = (rowId: number) => eq(webhookEndpoints.id, rowId);
  // The receiver runs these on every delivery: plain statements prepared once (see kv-storage.ts).
  const client = db.$client;
  const selectRoute = client.prepare<[string], RawRoute>(
    "SELECT id, user_id, enabled, sealed_secret, last_ping_at FROM webhook_endpoints WHERE route_token = ?",
  );
  const insertEvent = client.prepare<[number, string, string, string, number]>(
    "INSERT INTO webhook_events (endpoint_row_id, event_id, type, payload, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  const stampVerified = client.prepare<[number, number, string, number]>(
    "UPDATE webhook_endpoints SET last_event_at = ?, last_verified_at = ?, last_event_type = ? WHERE id = ?",
  );
  const stampUnverified = client.prepare<[number, number]>("UPDATE webhook_endpoints SET last_event_at = ? WHERE id = ?");

  // Every write to a route's fields goes through this repo (the process is the database's only
  // writer) and forgets the row first, so the caches are exact; a rolled-back write only costs a miss.
  const routes = new Map<string, EndpointRoute>(); // by route token; unknown tokens are not kept
  const tokens = new Map<number, string>(); // row id → its cached route's token
  const opened = new Map<number, OpenedSecret>();
  const forget = (rowId: number) => {
    opened.delete(rowId);
    const token = tokens.get(rowId);
    if (token === undefined) return;
    routes.delete(token);
    tokens.delete(rowId);
  };

  const repo = {
    /** Master-key rotation: every secret sealed with a previous master key is sealed again (one transaction). */
    resealAll(): ResealCount {
      const count: ResealCount = { resealed: 0, current: 0, unreadable: 0 };
      db.transaction((tx) => {
        const rows = tx
          .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, sealedSecret: webhookEndpoints.sealedSecret })
          .from(webhookEndpoints)
          .where(isNotNull(webhookEndpoints.sealedSecret))
          .all();
        for (const row of rows) {
          if (row.sealedSecret === null) continue;
          const outcome = reseal(sealer, row.sealedSecret, owner(row.userId));
          countReseal(count, outcome);
          if (outcome.kind !== "resealed") continue;
          forget(row.id);
          tx.update(webhookEndpoints).set({ sealedSecret: outcome.sealed }).where(byId(row.id)).run();
        }
      });
      return count;
    },
    forUser(userId: number): WebhookEndpointRow | undefined {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.id).limit(1).get();
    },
    /** The endpoint a delivery to /hooks/<routeToken> is for (served from memory after the first read). */
    routeFor(routeToken: string): EndpointRoute | undefined {
      const cached = routes.get(routeToken);
      if (cached) return cached;
      const r = selectRoute.get(routeToken);
      if (!r) return undefined;
      const route = { id: r.id, userId: r.user_id, enabled: r.enabled === 1, sealedSecret: r.sealed_secret, lastPingAt: r.last_ping_at };
      remember(routes, routeToken, route);
      remember(tokens, route.id, routeToken);
      return route;
    },
    get(rowId: number): WebhookEndpointRow | undefined {
      return db.select().from(webhookEndpoints).where(byId(rowId)).get();
    },
    /** The user's endpoint, created with a fresh route token on first use; keyId is the key that manages it. */
    ensureForUser(userId: number, keyId: number | null): WebhookEndpointRow {
      return db.transaction(() => {
        const existing = repo.forUser(userId);
        if (existing) {
          if (keyId !== null && existing.keyId !== keyId) db.update(webhookEndpoints).set({ keyId }).where(byId(existing.id)).run();
          return { ...existing, keyId: keyId ?? existing.keyId };
        }
        return db.insert(webhookEndpoints).values({ userId, keyId, routeToken: newRouteToken() }).returning().get();
      });
    },
    /** A (new) marketplace endpoint id: the old secret and verification no longer apply. */
    setEndpointId(rowId: number, endpointId: string): void {
      forget(rowId);
      db.update(webhookEndpoints)
        .set({ endpointId, sealedSecret: null, enabled: true, lastVerifiedAt: null, lastEventAt: null, lastEventType: null, lastPingAt: null })
        .where(byId(rowId))
        .run();
    },
    setSecret(row: Pick<WebhookEndpointRow, "id" | "userId">, secret: string): void {
      forget(row.id);
      db.update(webhookEndpoints).set({ sealedSecret: sealer.seal(secret, owner(row.userId)) }).where(byId(row.id)).run();
    },
    /**
     * The plaintext secret, for one verification. Re-sealed with the current master key if stale.
     * Opened once per sealed value: the same row with the same sealed text is served from memory.
     */
    revealSecret(row: Pick<WebhookEndpointRow, "id" | "userId" | "sealedSecret">): string | undefined {
      if (!row.sealedSecret) return undefined;
      const known = opened.get(row.id);
      if (known && known.sealed === row.sealedSecret && known.userId === row.userId) return known.plain;
      const plain = sealer.open(row.sealedSecret, owner(row.userId));
      if (sealer.isStale(row.sealedSecret)) repo.setSecret(row, plain);
      else remember(opened, row.id, { userId: row.userId, sealed: row.sealedSecret, plain });
      return plain;
    },
    markPingRequested(rowId: number, now: number): void {
      forget(rowId);
      db.update(webhookEndpoints).set({ lastPingAt: now }).where(byId(rowId)).run();
    },
    /** A delivery arrived whose signature did not verify (shown in the status, and to the ping wait). */
    markUnverified(rowId: number, now: number): void {
      stampUnverified.run(now, rowId);
    },
    /**
     * Stores a verified event once per (endpoint, event id) and stamps the endpoint.
     * False for a replay. Call inside the transaction that also writes the event's notice.
     */
    recordEvent(rowId: number, event: { eventId: string; type: string; payload: string }, now: number): boolean {
      if (insertEvent.run(rowId, event.eventId, event.type, event.payload, now).changes === 0) return false;
      stampVerified.run(now, now, event.type, rowId);
      return true;
    },
    /** Forgets the endpoint and its events (the marketplace side is deleted by the caller). */
    remove(userId: number, rowId: number): boolean {
      forget(rowId);
      return db.transaction(() => {
        const removed = db
          .delete(webhookEndpoints)
          .where(and(byId(rowId), eq(webhookEndpoints.userId, userId)))
          .run().changes;
        if (removed > 0) db.delete(webhookEvents).where(eq(webhookEvents.endpointRowId, rowId)).run();
        return removed > 0;
      });
    },
  };
  return repo;
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
