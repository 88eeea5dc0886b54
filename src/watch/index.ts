/** The watchers (orders, rules, balance alerts) on their node-cron schedules. */
import type { WatchDeps } from "./deps.js";
import { createOrdersWatcher } from "./orders.js";
import { createRulesWatcher } from "./rules.js";
import { createBalanceWatcher } from "./balance.js";
import { createScheduler, type SchedulerOptions } from "./scheduler.js";

export type { WatchDeps } from "./deps.js";

export interface WatchSchedule {
  ordersCron: string;
  rulesCron: string;
  balanceCron: string;
}

export function createWatchers(deps: WatchDeps, schedule: WatchSchedule, options: SchedulerOptions = {}) {
  const orders = createOrdersWatcher(deps);
  const rules = createRulesWatcher(deps);
  const balance = createBalanceWatcher(deps);
  const scheduler = createScheduler(
    [
      { name: "orders", cron: schedule.ordersCron, run: () => orders.tick() },
      { name: "rules", cron: schedule.rulesCron, run: () => rules.tick() },
      { name: "balance", cron: schedule.balanceCron, run: () => balance.tick() },
    ],
    deps.logger,
    options,
  );
  return { orders, rules, balance, start: () => scheduler.start(), stop: () => scheduler.stop(), run: (name: string) => scheduler.run(name) };
}

export type Watchers = ReturnType<typeof createWatchers>;
