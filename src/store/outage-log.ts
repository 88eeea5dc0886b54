/**
 * One log line per outage instead of one per refused request. While the database is unreachable
 * every request that needs it fails the same way; logging each (about 1,500 lines for a 10 s outage
 * on two replicas) buries everything else. So a path that answers requests from the database reports
 * each outcome here:
 *
 * - `failed(err)`: the first failure after a success logs one error with `err`; later ones are only
 *   counted, and at most every `reportEveryMs` (10 s) one warning says how many were refused so far;
 * - `succeeded()`: the first success after failures logs one line saying the outage is over and how
 *   many requests it refused. Outside an outage it costs one comparison (call it on every success).
 *
 * No timer: the count is reported when a failure arrives after the interval, so an outage that no
 * request meets logs nothing more. Each path keeps its own (`what` names it in every line).
 */
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

export interface OutageLog {
  /** A request failed because of the database (or another of our own failures). Never throws. */
  failed(err: unknown): void;
  /** A request succeeded: ends the outage, if one was under way. */
  succeeded(): void;
}

export interface OutageLogOptions {
  /** How often, at most, a running outage's count is logged. */
  reportEveryMs?: number;
  now?: () => number;
}

export function createOutageLog(logger: Logger, what: string, options: OutageLogOptions = {}): OutageLog {
  const reportEveryMs = options.reportEveryMs ?? 10_000;
  const now = options.now ?? Date.now;
  // while an outage runs: when it began, when its count was last logged, requests refused so far
  let outage: { since: number; reported: number; refused: number } | undefined;

  return {
    failed(err) {
      const at = now();
      if (!outage) {
        outage = { since: at, reported: at, refused: 1 };
        logger.error({ err: errorFields(err), what }, `${what}: the database failed; further failures are counted until it answers again`);
        return;
      }
      outage.refused++;
      if (at - outage.reported >= reportEveryMs) {
        outage.reported = at;
        logger.warn({ what, refused: outage.refused, forMs: at - outage.since, err: errorFields(err) }, `${what}: the database is still unreachable, ${outage.refused} requests refused`);
      }
    },
    succeeded() {
      if (!outage) return;
      const { since, refused } = outage;
      outage = undefined;
      logger.info({ what, refused, forMs: now() - since }, `${what}: the database answers again after ${refused} requests refused`);
    },
  };
}
