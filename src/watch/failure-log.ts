/**
 * What a watcher checks each tick (a key, a price, a rule) may fail every tick while the marketplace
 * refuses it: its failure is logged once, and once more when it works again, not every minute.
 */
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

export interface FailureLog {
  /** `subject` failed: logged with `message` unless its failure was logged already. */
  failed: (subject: string, err: unknown, message: string) => void;
  /** `subject` worked: one line if it had failed. */
  succeeded: (subject: string) => void;
}

/** `what` names the watcher in the line said when a subject works again. */
export function createFailureLog(logger: Logger, what: string): FailureLog {
  const failing = new Set<string>();
  return {
    failed: (subject, err, message) => {
      if (failing.has(subject)) return;
      failing.add(subject);
      logger.warn({ err: errorFields(err), subject }, message);
    },
    succeeded: (subject) => {
      if (failing.delete(subject)) logger.info({ subject }, `${what}: ${subject} works again`);
    },
  };
}
