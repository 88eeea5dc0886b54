/**
 * The monthly statement on the 1st (WATCH_STATEMENT_CRON, on the leader, claimed once per slot
 * across replicas): every user who turned it on in /settings gets the statement of the month that
 * ended as /statement shows it, the card's text, the chart by day (PNG) and the CSV, through the
 * outbox (notifier.monthlyStatement). The dedupe key is the user and the month, so a second tick,
 * another replica or a restart never tells it twice, and a statement already told is not loaded
 * again. Loading reads the marketplace with each of the user's keys (their rules' firings), a few
 * users at a time (`concurrency`), once a month.
 */
import { errorFields } from "../logger.js";
import { monthOf, shiftMonth } from "../statements/month.js";
import { loadStatement } from "../statements/load.js";
import { statementFiles } from "../statements/render.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";

export function createStatementWatcher(deps: WatchDeps) {
  return {
    async tick(): Promise<void> {
      // the month before the one the tick runs in: on the 1st, the month that just ended
      const ended = shiftMonth(monthOf(deps.now()), -1);
      let failed = 0;
      let undrawn = 0;
      await forEachLimit(
        await deps.store.users.listMonthlyStatement(),
        deps.concurrency,
        async (userId) => {
          await deps.notifier.monthlyStatement(userId, ended, async (locale) => {
            const loaded = await loadStatement(deps, userId, ended, locale.t);
            // no canvas on this machine: the card and the CSV still go (logged once per tick)
            const files = await statementFiles(loaded, locale, (err) => {
              if (undrawn++ === 0) deps.logger.warn({ err: errorFields(err) }, "monthly statement: the chart could not be drawn");
            });
            return { loaded, files };
          });
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
