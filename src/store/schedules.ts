/**
 * Scheduled purchases (/schedule) and their runs. A run is one (schedule, due time): its row is
 * inserted before anything is placed, and only the one caller whose insert went in runs it, on any
 * replica, before or after a restart. A run moves forward only, by compare-and-set:
 *   claimed → placing → placed | skipped | failed      claimed → skipped | failed
 * A run left `claimed` or `placing` (its leader died, or the marketplace did not answer) is taken up
 * again by the runner: the same order intent, the same Idempotency-Key.
 */
import { and, asc, count, desc, eq, inArray, lt, lte } from "drizzle-orm";
import { first, type Conn, type Tables } from "./db.js";

export type ScheduleRow = Tables["schedules"]["$inferSelect"];
export type ScheduleRunRow = Tables["scheduleRuns"]["$inferSelect"];
export type RunState = "claimed" | "placing" | "placed" | "skipped" | "failed";
export type ScheduleNotify = "all" | "failures";

export const MAX_SCHEDULES = 10;

export interface NewSchedule {
  userId: number;
  keyId: number;
  resource: string;
  targetAddress: string;
  volume: bigint;
  duration: string;
  days: string;
  time: string;
  timeZone: string;
  notify: ScheduleNotify;
}

export function createSchedulesRepo(conn: Conn) {
  const { db, t } = conn;
  const s = t.schedules;
  const r = t.scheduleRuns;
  const runKey = (scheduleId: number, dueAt: number) => and(eq(r.scheduleId, scheduleId), eq(r.dueAt, dueAt));

  return {
    /** Adds a schedule whose times are due from `now` on; undefined when the user has MAX_SCHEDULES already. */
    async add(input: NewSchedule, now: number): Promise<ScheduleRow | undefined> {
      const [{ n }] = (await db.select({ n: count() }).from(s).where(eq(s.userId, input.userId))) as [{ n: number }];
      if (Number(n) >= MAX_SCHEDULES) return undefined;
      const [row] = await db
        .insert(s)
        .values({ ...input, volume: input.volume.toString(), paused: false, checkedUntil: now, createdAt: now })
        .returning();
      return row;
    },
    listByUser(userId: number): Promise<ScheduleRow[]> {
      return db.select().from(s).where(eq(s.userId, userId)).orderBy(asc(s.id));
    },
    get(id: number): Promise<ScheduleRow | undefined> {
      return first(db.select().from(s).where(eq(s.id, id)).limit(1));
    },
    /**
     * Pauses or resumes a user's schedule. Resumed, its times are due from `now` on: the times it
     * missed while paused are let go (not told as missed).
     */
    async setPaused(userId: number, id: number, paused: boolean, now: number): Promise<boolean> {
      const set = paused ? { paused } : { paused, checkedUntil: now };
      return (await db.update(s).set(set).where(and(eq(s.id, id), eq(s.userId, userId))).returning({ id: s.id })).length > 0;
    },
    async remove(userId: number, id: number): Promise<boolean> {
      return (await db.delete(s).where(and(eq(s.id, id), eq(s.userId, userId))).returning({ id: s.id })).length > 0;
    },
    /** The schedules that run (not paused), oldest first: the runner's list. */
    listActive(): Promise<ScheduleRow[]> {
      return db.select().from(s).where(eq(s.paused, false)).orderBy(asc(s.id));
    },
    /** Due times up to `until` were claimed: the runner looks only after it. Never moves back. */
    async advance(id: number, until: number): Promise<void> {
      await db.update(s).set({ checkedUntil: until }).where(and(eq(s.id, id), lt(s.checkedUntil, until)));
    },
    /** True for exactly one caller per (schedule, due time), whatever the replica. */
    async claimRun(scheduleId: number, dueAt: number, userId: number, now: number): Promise<boolean> {
      const inserted = await db
        .insert(r)
        .values({ scheduleId, dueAt, userId, state: "claimed" satisfies RunState, claimedAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: r.scheduleId });
      return inserted.length > 0;
    },
    getRun(scheduleId: number, dueAt: number): Promise<ScheduleRunRow | undefined> {
      return first(db.select().from(r).where(runKey(scheduleId, dueAt)).limit(1));
    },
    /** Moves a run from one of `from` to `to` (compare-and-set): true when it moved. */
    async moveRun(
      scheduleId: number,
      dueAt: number,
      from: readonly RunState[],
      to: { state: RunState; reason?: string | null; intentId?: string },
      now: number,
    ): Promise<boolean> {
      const moved = await db
        .update(r)
        .set({ ...to, updatedAt: now })
        .where(and(runKey(scheduleId, dueAt), inArray(r.state, [...from])))
        .returning({ id: r.scheduleId });
      return moved.length > 0;
    },
    /** Marks a run still open as looked at now (the runner takes it up again only after a while). */
    async touchRun(scheduleId: number, dueAt: number, now: number): Promise<void> {
      await db.update(r).set({ updatedAt: now }).where(and(runKey(scheduleId, dueAt), inArray(r.state, ["claimed", "placing"])));
    },
    /** Runs still open (`claimed` or `placing`) not looked at since `before`, oldest first. */
    listOpenRuns(before: number): Promise<ScheduleRunRow[]> {
      return db
        .select()
        .from(r)
        .where(and(inArray(r.state, ["claimed", "placing"] satisfies RunState[]), lte(r.updatedAt, before)))
        .orderBy(asc(r.dueAt));
    },
    /** A schedule's latest runs, newest first (its line on the card). */
    latestRuns(scheduleId: number, limit = 1): Promise<ScheduleRunRow[]> {
      return db.select().from(r).where(eq(r.scheduleId, scheduleId)).orderBy(desc(r.dueAt)).limit(limit);
    },
    /** Every run of a schedule, oldest first (tests and support). */
    listRuns(scheduleId: number): Promise<ScheduleRunRow[]> {
      return db.select().from(r).where(eq(r.scheduleId, scheduleId)).orderBy(asc(r.dueAt));
    },
  };
}

export type SchedulesRepo = ReturnType<typeof createSchedulesRepo>;
