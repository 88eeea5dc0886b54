/**
 * The monthly statement's notice: on the 1st (WATCH_STATEMENT_CRON, on the leader, claimed once per
 * slot across replicas), every user who turned it on in /settings is told the statement of the month
 * that ended is ready, with a button that brings it (card, chart and CSV) into the chat. The notice's
 * dedupe key is the user and the month, so a second tick, another replica or a restart never tells
 * it twice. The statement itself is made when the button is tapped (it reads the marketplace with the
 * user's keys, which a watcher pass for every user at once should not).
 */
import { errorFields } from "../logger.js";
import { monthOf, shiftMonth } from "../statements/month.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";

export function createStatementWatcher(deps: WatchDeps) {
  return {
    async tick(): Promise<void> {
      // the month before the one the tick runs in: on the 1st, the month that just ended
      const ended = shiftMonth(monthOf(deps.now()), -1);
      let failed = 0;
      await forEachLimit(
        await deps.store.users.listMonthlyStatement(),
        deps.concurrency,
        async (userId) => {
          await deps.notifier.monthlyStatement(userId, ended);
        },
        (userId, err) => {
          // logged once per tick (the first), counted for the rest: the next slot is a month away
          if (failed++ === 0) deps.logger.warn({ err: errorFields(err), userId }, "monthly statement: a notice could not be enqueued");
        },
      );
      if (failed > 1) deps.logger.warn({ failed }, "monthly statement: notices not enqueued this month");
    },
  };
}
