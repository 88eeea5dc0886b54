/**
 * What the leader runs during its term, started fresh at each election and stopped in reverse when
 * the term ends: the outbox sender (woken by LISTEN on the election's connection, when there is one),
 * the watchers, and in polling mode the getUpdates loop. A term's pieces are made anew each time
 * (a stopped node-cron schedule or runner is not restarted), so a replica can lead, lose the lease
 * and lead again. On PostgreSQL each duty gets the term, whose epoch fences its claims.
 */
import type { Client } from "pg";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { LeaderRole, LeaderTerm } from "./leader.js";
import { listenForNotices } from "./notice-wakeup.js";

/** One piece of the leader's work: `start` it, and the function it resolves with stops it. */
export type Duty = (connection?: Client, term?: LeaderTerm) => Promise<() => Promise<void>>;

export function leaderDuties(duties: readonly Duty[], logger: Logger): LeaderRole {
  let stops: Array<() => Promise<void>> = [];

  async function stopAll(): Promise<void> {
    const running = stops;
    stops = [];
    for (const stop of running.reverse()) {
      try {
        await stop();
      } catch (err) {
        logger.warn({ err: errorFields(err) }, "a leader duty failed to stop");
      }
    }
  }

  return {
    async elected(connection, term) {
      try {
        for (const duty of duties) stops.push(await duty(connection, term));
      } catch (err) {
        // half a leader is no leader: stop what started and let the election try again
        await stopAll();
        throw err;
      }
    },
    deposed: stopAll,
  };
}

/** The sender as a duty; `wake` goes to whichever sender runs now (the notifier calls it on every enqueue). */
export function senderDuty(create: () => { start(term?: LeaderTerm): void | Promise<void>; stop(): Promise<void>; wake(): void }, current: { wake?: () => void }): Duty {
  return async (connection, term) => {
    const sender = create();
    // notices committed on other replicas: LISTEN on the election's own connection (first: if it fails, nothing runs yet)
    const unlisten = connection ? await listenForNotices(connection, () => sender.wake()) : undefined;
    try {
      // the sender's start takes over rows leased by a sender that is gone (sent again at once); it claims under the term
      await sender.start(term);
    } catch (err) {
      await unlisten?.();
      throw err;
    }
    current.wake = () => sender.wake();
    return async () => {
      current.wake = undefined;
      await unlisten?.();
      await sender.stop();
    };
  };
}
