/**
 * Users' marketplace webhook endpoints (one per user) and the events received on them.
 * Each endpoint has an unguessable route token (its receiver URL is PUBLIC_URL/hooks/<token>);
 * its signing secret is sealed at rest, bound to the owner. Timestamps are ms since epoch:
 * - lastEventAt: the last delivery that reached the receiver, verified or not;
 * - lastVerifiedAt / lastEventType: the last delivery whose signature verified, and its type;
 * - lastPingAt: when the bot last asked the marketplace for a test delivery (POST …/ping).
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "./db.js";
import type { Sealer } from "./secrets.js";
import { webhookEndpoints, webhookEvents } from "./schema.js";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

const owner = (userId: number) => `webhook-secret:${userId}`;

export function newRouteToken(): string {
  return randomBytes(24).toString("base64url");
}

export function createWebhooksRepo(db: Db, sealer: Sealer) {
  const byId = (rowId: number) => eq(webhookEndpoints.id, rowId);
  const repo = {
    forUser(userId: number): WebhookEndpointRow | undefined {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.id).limit(1).get();
    },
    byToken(routeToken: string): WebhookEndpointRow | undefined {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.routeToken, routeToken)).get();
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
      db.update(webhookEndpoints)
        .set({ endpointId, sealedSecret: null, enabled: true, lastVerifiedAt: null, lastEventAt: null, lastEventType: null, lastPingAt: null })
        .where(byId(rowId))
        .run();
    },
    setSecret(row: Pick<WebhookEndpointRow, "id" | "userId">, secret: string): void {
      db.update(webhookEndpoints).set({ sealedSecret: sealer.seal(secret, owner(row.userId)) }).where(byId(row.id)).run();
    },
    /** The plaintext secret, for one verification. Re-sealed with the current master key if stale. */
    revealSecret(row: WebhookEndpointRow): string | undefined {
      if (!row.sealedSecret) return undefined;
      const plain = sealer.open(row.sealedSecret, owner(row.userId));
      if (sealer.isStale(row.sealedSecret)) repo.setSecret(row, plain);
      return plain;
    },
    markPingRequested(rowId: number, now: number): void {
      db.update(webhookEndpoints).set({ lastPingAt: now }).where(byId(rowId)).run();
    },
    /** A delivery arrived whose signature did not verify (shown in the status, and to the ping wait). */
    markUnverified(rowId: number, now: number): void {
      db.update(webhookEndpoints).set({ lastEventAt: now }).where(byId(rowId)).run();
    },
    /**
     * Stores a verified event once per (endpoint, event id) and stamps the endpoint.
     * False for a replay. Call inside the transaction that also writes the event's notice.
     */
    recordEvent(rowId: number, event: { eventId: string; type: string; payload: string }, now: number): boolean {
      const inserted = db
        .insert(webhookEvents)
        .values({ endpointRowId: rowId, eventId: event.eventId, type: event.type, payload: event.payload, receivedAt: now })
        .onConflictDoNothing()
        .run();
      if (inserted.changes === 0) return false;
      db.update(webhookEndpoints).set({ lastEventAt: now, lastVerifiedAt: now, lastEventType: event.type }).where(byId(rowId)).run();
      return true;
    },
    /** Forgets the endpoint and its events (the marketplace side is deleted by the caller). */
    remove(userId: number, rowId: number): boolean {
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
