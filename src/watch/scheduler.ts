/**
 * node-cron jobs that never overlap: a tick still running when the next is due is skipped (node-cron's
 * `noOverlap`, and our own guard, which also covers `runNow`). `stop` ends the schedules and waits
 * for the ticks in flight, so shutdown never cuts a watcher off mid-transaction.
 */
import { createTask, type ScheduledTask } from "node-cron";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";

export interface WatchJob {
  name: string;
  /** node-cron expression (seconds field allowed). */
  cron: string;
  run: () => Promise<void>;
}

export function createScheduler(jobs: WatchJob[], logger: Logger) {
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
      .then(() => logger.debug({ job: job.name, ms: Date.now() - started }, "watch tick done"))
      .catch((err: unknown) => logger.error({ err: errorFields(err), job: job.name }, "watch tick failed"))
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, run);
    return run;
  }

  const tasks: ScheduledTask[] = jobs.map((job) =>
    createTask(job.cron, () => (stopped ? undefined : runNow(job)), { name: job.name, noOverlap: true, logger: cronLogger }),
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
