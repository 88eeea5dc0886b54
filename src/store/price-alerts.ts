/**
 * Price alerts (/alert), per user: at most MAX_PRICE_ALERTS. The watcher trips an armed alert when
 * the price is under it and re-arms it once the price is back above, each by compare-and-set, the
 * trip in the transaction that writes its notice (whose dedupe key carries `trips`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Conn, Tables } from "./db.js";

export type PriceAlertRow = Tables["priceAlerts"]["$inferSelect"];
export const MAX_PRICE_ALERTS = 5;

export function createPriceAlertsRepo(conn: Conn) {
  const { db, t } = conn;
  const a = t.priceAlerts;
  const u = t.users;
  return {
    listByUser(userId: number): Promise<PriceAlertRow[]> {
      return db.select().from(a).where(eq(a.userId, userId)).orderBy(asc(a.id));
    },
    /** Adds an alert; undefined when the user has MAX_PRICE_ALERTS already. */
    async add(userId: number, input: { volume: bigint; duration: string; belowSun: bigint }): Promise<PriceAlertRow | undefined> {
      const [{ n }] = (await db.select({ n: sql<number>`count(*)` }).from(a).where(eq(a.userId, userId))) as [{ n: number }];
      if (Number(n) >= MAX_PRICE_ALERTS) return undefined;
      const [row] = await db.insert(a).values({ userId, volume: input.volume.toString(), duration: input.duration, belowSun: input.belowSun.toString(), createdAt: Date.now() }).returning();
      return row;
    },
    async remove(userId: number, id: number): Promise<boolean> {
      return (await db.delete(a).where(and(eq(a.id, id), eq(a.userId, userId))).returning({ id: a.id })).length > 0;
    },
    /** Every alert of the users who take notices (the watcher's list). */
    listWatched(): Promise<PriceAlertRow[]> {
      return db
        .select({ alert: a })
        .from(a)
        .innerJoin(u, eq(u.id, a.userId))
        .where(and(eq(u.noticesEnabled, true), eq(u.blocked, false)))
        .orderBy(asc(a.id))
        .then((rows) => rows.map((r) => r.alert));
    },
    /** Trips an armed alert (counting the trip); false when it was not armed with `trips` any more. */
    async trip(id: number, trips: number): Promise<boolean> {
      return (await db.update(a).set({ armed: false, trips: trips + 1 }).where(and(eq(a.id, id), eq(a.armed, true), eq(a.trips, trips))).returning({ id: a.id })).length > 0;
    },
    async rearm(id: number): Promise<void> {
      await db.update(a).set({ armed: true }).where(eq(a.id, id));
    },
  };
}

export type PriceAlertsRepo = ReturnType<typeof createPriceAlertsRepo>;
