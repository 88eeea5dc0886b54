/**
 * Cron ticks claimed once per slot (cron_ticks, primary key job + slot): when two leaders overlap
 * for a moment (one taking over while the old one has not noticed it lost), each tick still runs once.
 */
import { lt } from "drizzle-orm";
import type { Conn } from "./db.js";

export function createTicksRepo({ db, t }: Conn) {
  return {
    /** True only for the first claimer of `slot` (e.g. the tick's scheduled time) of `job`. */
    async claim(job: string, slot: string, owner: string): Promise<boolean> {
      const rows = await db.insert(t.cronTicks).values({ job, slot, owner }).onConflictDoNothing().returning({ job: t.cronTicks.job });
      return rows.length > 0;
    },
    /** Forgets claims older than `before` (ms): a slot is claimed around its own time only. */
    async prune(before: number): Promise<number> {
      return (await db.delete(t.cronTicks).where(lt(t.cronTicks.claimedAt, before)).returning({ job: t.cronTicks.job })).length;
    },
  };
}

export type TicksRepo = ReturnType<typeof createTicksRepo>;
