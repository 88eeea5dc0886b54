/** The watchers (orders, rules, balances: alerts and deposits, price alerts, keys' monthly budgets) and the scheduled purchases on their node-cron schedules. */
import type { WatchDeps } from "./deps.js";
import { createOrdersWatcher } from "./orders.js";
import { createRulesWatcher } from "./rules.js";
import { createBalanceWatcher } from "./balance.js";
import { createPriceAlertsWatcher } from "./price-alerts.js";
import { createBudgetWatcher } from "./budget.js";
import { createPriceCapsWatcher } from "./price-caps.js";
import { createStatementWatcher } from "./statement.js";
import { createScheduler, type SchedulerOptions } from "./scheduler.js";
import { createScheduleRunner } from "../schedules/runner.js";

export type { WatchDeps } from "./deps.js";

export interface WatchSchedule {
  ordersCron: string;
  rulesCron: string;
  balanceCron: string;
  pricesCron: string;
  /** The monthly statement's notice (the 1st of each month; node-cron runs in UTC here). */
  statementCron: string;
  /** Scheduled purchases (/schedule): every minute by default (schedules/runner.ts). */
  schedulesCron?: string;
}

export function createWatchers(deps: WatchDeps, schedule: WatchSchedule, options: SchedulerOptions = {}) {
  const orders = createOrdersWatcher(deps);
  const rules = createRulesWatcher(deps);
  const balance = createBalanceWatcher(deps);
  const prices = createPriceAlertsWatcher(deps);
  const budget = createBudgetWatcher(deps);
  const caps = createPriceCapsWatcher(deps);
  const statement = createStatementWatcher(deps);
  const schedules = createScheduleRunner(deps);
  const scheduler = createScheduler(
    [
      { name: "orders", cron: schedule.ordersCron, run: () => orders.tick() },
      { name: "rules", cron: schedule.rulesCron, run: () => rules.tick() },
      { name: "balance", cron: schedule.balanceCron, run: () => balance.tick() },
      { name: "prices", cron: schedule.pricesCron, run: () => prices.tick() },
      // the budgets are looked at on the rules' schedule (every minute by default), as a job of their own
      { name: "budget", cron: schedule.rulesCron, run: () => budget.tick() },
      // the rules' price caps are checked with the price alerts' schedule (every minute by default)
      { name: "caps", cron: schedule.pricesCron, run: () => caps.tick() },
      { name: "statement", cron: schedule.statementCron, run: () => statement.tick() },
      { name: "schedules", cron: schedule.schedulesCron ?? "5 * * * * *", run: () => schedules.tick() },
    ],
    deps.logger,
    options,
  );
  return { orders, rules, balance, prices, budget, caps, statement, schedules, start: () => scheduler.start(), stop: () => scheduler.stop(), run: (name: string) => scheduler.run(name) };
}

export type Watchers = ReturnType<typeof createWatchers>;
