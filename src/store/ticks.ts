/**
 * Cron ticks claimed once per slot (cron_ticks, primary key job + slot): when two leaders overlap
 * for a moment (one taking over while the old one has not noticed it lost), each tick still runs once.
 * With a fence (PostgreSQL), a tick is claimed only while the leader's term still holds its lease: a
 * deposed leader that wakes up (frozen, cut off) claims nothing, even a slot nobody claimed yet.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { dbNowMs, type Conn } from "./db.js";
import type { Fence } from "./leader-lease.js";

export function createTicksRepo({ db, t, dialect }: Conn) {
  const c = t.cronTicks;
  const l = t.leaderLease;
  return {
    /** True only for the first claimer of `slot` (e.g. the tick's scheduled time) of `job`, and only for a term that still leads. */
    async claim(job: string, slot: string, owner: string, fence?: Fence): Promise<boolean> {
      if (!fence) return (await db.insert(c).values({ job, slot, owner }).onConflictDoNothing().returning({ job: c.job })).length > 0;
      // the claim's values selected from the lease row itself: no row (term over), no claim
      const fromLease = db
        .select({
          job: sql<string>`cast(${job} as text)`.as("job"),
          slot: sql<string>`cast(${slot} as text)`.as("slot"),
          owner: sql<string>`cast(${owner} as text)`.as("owner"),
          claimedAt: sql<number>`cast(${Date.now()} as bigint)`.as("claimed_at"),
        })
        .from(l)
        .where(and(eq(l.name, fence.lease), eq(l.epoch, fence.epoch), gt(l.expiresAt, dbNowMs(dialect))));
      return (await db.insert(c).select(fromLease).onConflictDoNothing().returning({ job: c.job })).length > 0;
    },
    /** Forgets claims older than `before` (ms): a slot is claimed around its own time only. */
    async prune(before: number): Promise<number> {
      return (await db.delete(t.cronTicks).where(lt(t.cronTicks.claimedAt, before)).returning({ job: t.cronTicks.job })).length;
    },
  };
}

export type TicksRepo = ReturnType<typeof createTicksRepo>;
