/**
 * The leader's housekeeping: what makes replicas safe is recorded on every update (its id, against
 * redeliveries) and on every watch tick (its slot's claim), so both tables would grow for ever. Each
 * is needed only for a while: Telegram stops redelivering an update within a day, and a tick's slot
 * is only ever claimed around its own time. The leader prunes both at the start of its term and then
 * every `everyMs` (one replica does it, and an overlap of two leaders only deletes twice).
 */
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { Duty } from "./duties.js";

/** Telegram keeps an unanswered update for at most 24 hours. */
export const UPDATE_IDS_KEPT_MS = 24 * 60 * 60_000;
/** Far longer than any cron slot's own time, and than two leaders' overlap. */
export const TICK_CLAIMS_KEPT_MS = 60 * 60_000;

export interface PrunableStore {
  updates: { prune(before: number): Promise<number> };
  ticks: { prune(before: number): Promise<number> };
}

/** One pass: the numbers of update ids and tick claims forgotten. */
export async function pruneOnce(store: PrunableStore, now: number): Promise<{ updates: number; ticks: number }> {
  return { updates: await store.updates.prune(now - UPDATE_IDS_KEPT_MS), ticks: await store.ticks.prune(now - TICK_CLAIMS_KEPT_MS) };
}

export function housekeepingDuty(store: PrunableStore, logger: Logger, now: () => number, everyMs = 60 * 60_000): Duty {
  return () => {
    let pass: Promise<void> = Promise.resolve();
    const run = () => {
      pass = pruneOnce(store, now()).then(
        (pruned) => logger.debug(pruned, "housekeeping: old update ids and tick claims pruned"),
        // the next pass tries again; until then the tables are only a little bigger
        (err: unknown) => logger.warn({ err: errorFields(err) }, "housekeeping failed"),
      );
    };
    run();
    const timer = setInterval(run, everyMs);
    return Promise.resolve(async () => {
      clearInterval(timer);
      await pass;
    });
  };
}
