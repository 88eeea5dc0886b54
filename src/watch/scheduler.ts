/**
 * node-cron jobs that never overlap: a tick still running when the next is due is skipped (node-cron's
 * `noOverlap`, and our own guard, which also covers `runNow`). `stop` ends the schedules and waits
 * for the ticks in flight, so shutdown never cuts a watcher off mid-transaction.
 *
 * With `claimTick`, every scheduled tick is first claimed in the database for its slot (the minute
 * or second it was scheduled for), through node-cron's run coordinator: two leaders overlapping for
 * a moment (one not yet aware it lost the lock) still run each tick once. A claim that fails skips
 * the tick (node-cron fails closed); the next slot is claimed afresh.
 */
import { createTask, type RunCoordinator, type ScheduledTask } from "node-cron";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

export interface WatchJob {
  name: string;
  /** node-cron expression (seconds field allowed). */
  cron: string;
  run: () => Promise<void>;
}

/** Claims `job`'s tick for `slot` (the scheduled time, ISO 8601); true for exactly one caller per slot. */
export type TickClaim = (job: string, slot: string) => Promise<boolean>;

export interface SchedulerOptions {
  claimTick?: TickClaim;
  /** Told of each run once it is over (the operator's metrics). */
  observe?: (job: string, outcome: "ok" | "failed") => void;
}

export function createScheduler(jobs: WatchJob[], logger: Logger, options: SchedulerOptions = {}) {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  const cronLogger = {
    info: (message: string) => logger.debug({ source: "node-cron" }, message),
    warn: (message: string) => logger.debug({ source: "node-cron" }, message),
    error: (message: string | Error) => logger.warn({ source: "node-cron", err: errorFields(message) }, "cron task error"),
    debug: () => undefined,
  };

  /** Runs the job now, or joins the run already in flight. */
  function runNow(job: WatchJob): Promise<void> {
    const running = inFlight.get(job.name);
    if (running) return running;
    const started = Date.now();
    const run = job
      .run()
      .then(() => {
        logger.debug({ job: job.name, ms: Date.now() - started }, "watch tick done");
        options.observe?.(job.name, "ok");
      })
      .catch((err: unknown) => {
        logger.error({ err: errorFields(err), job: job.name }, "watch tick failed");
        options.observe?.(job.name, "failed");
      })
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, run);
    return run;
  }

  /** node-cron asks before each scheduled run with the key `<task name>:<slot ISO>`. */
  function coordinatorFor(job: WatchJob, claim: TickClaim): RunCoordinator {
    const prefix = `${job.name}:`;
    return {
      shouldRun: async (key) => {
        const slot = key.startsWith(prefix) ? key.slice(prefix.length) : key;
        const won = await claim(job.name, slot);
        logger.debug({ job: job.name, slot }, won ? "watch tick claimed" : "watch tick already run by another replica");
        return won;
      },
    };
  }

  const tasks: ScheduledTask[] = jobs.map((job) =>
    createTask(job.cron, () => (stopped ? undefined : runNow(job)), {
      name: job.name,
      noOverlap: true,
      // schedules are read in UTC whatever the machine's zone (the statement's "the 1st at 00:10 UTC")
      timezone: "UTC",
      logger: cronLogger,
      ...(options.claimTick ? { distributed: true, runCoordinator: coordinatorFor(job, options.claimTick) } : {}),
    }),
  );

  return {
    async start(): Promise<void> {
      for (const task of tasks) await task.start();
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const task of tasks) {
        await task.stop();
        await task.destroy();
      }
      await Promise.allSettled([...inFlight.values()]);
    },
    /** Runs a job by name now (tests, and a first pass at start-up). */
    run(name: string): Promise<void> {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no watch job ${name}`);
      return runNow(job);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
