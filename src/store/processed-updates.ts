/**
 * Telegram update ids already handled (processed_updates). Telegram redelivers an update that was
 * not answered in time, possibly to another replica: the first to record the id handles it.
 */
import { lt, sql } from "drizzle-orm";
import type { Conn } from "./db.js";
import { prepared } from "./prepared.js";

export function createProcessedUpdatesRepo(conn: Conn) {
  const { db, t } = conn;
  const u = t.processedUpdates;
  return {
    /** True the first time `updateId` is seen. */
    async markProcessed(updateId: number): Promise<boolean> {
      const rows = await prepared(conn, "update_mark_processed", ({ db }) =>
        db
          .insert(u)
          .values({ updateId: sql.placeholder("updateId"), seenAt: sql.placeholder("now") })
          .onConflictDoNothing()
          .returning({ id: u.updateId }),
      ).execute({ updateId, now: Date.now() });
      return rows.length > 0;
    },
    /** Forgets ids seen before `before` (ms): Telegram gives up redelivering after a day. */
    async prune(before: number): Promise<number> {
      return (await db.delete(u).where(lt(u.seenAt, before)).returning({ id: u.updateId })).length;
    },
  };
}

export type ProcessedUpdatesRepo = ReturnType<typeof createProcessedUpdatesRepo>;
