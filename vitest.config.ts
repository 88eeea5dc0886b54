import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The end-to-end suites that touch storage, run a second time on PostgreSQL (TEST_STORE=pg). */
const onBothEngines = ["announce", "outbox-paid", "inbox", "inbox-crash", "deposits", "price-alerts", "receiver", "receiver-backlog", "outbox", "buy-confirm", "notices", "watch", "watch-placing", "key-budget", "rule-price-cap", "rule-edit", "rule-cap-in-flow", "statement", "statement-push", "notice-chats", "team-desk", "batch", "schedule"].map((name) => `test/e2e/${name}.test.ts`);

/**
 * The suites that start the bot as real processes (kill -9, a second instance, replicas, the
 * entrypoint): the slowest, run by `npm run test:processes` (TEST_SUITES=processes), which CI runs
 * after `npm test`, so that `npm test` stays within a few minutes.
 */
const processSuites = ["test/e2e/entrypoint.test.ts", "test/e2e/inbox-crash.test.ts", "test/e2e/single-instance.test.ts", "test/replicas/*.test.ts"];
const processesOnly = process.env.TEST_SUITES === "processes";
/** This run's share of a project's files ("all": every test file): the process suites among them, or everything else. */
const share = (files: string[] | "all") =>
  processesOnly
    ? { include: files === "all" ? processSuites : processSuites.filter((f) => files.includes(f)) }
    : { include: files === "all" ? ["test/**/*.test.ts"] : files, exclude: [...configDefaults.exclude, ...processSuites] };

export default defineConfig({
  test: {
    pool: "forks",
    // Vitest's default is one file at a time on two cores (cores - 1). The end-to-end files spend most
    // of their time waiting on timers and loopback HTTP, so two overlap well: `vitest run` took 274 s
    // instead of 392 s on this two-core machine, green in two runs out of two (three at once exposed a
    // timing-sensitive test once, an earlier session found).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    globalSetup: ["test/support/pg-setup.ts"],
    projects: [
      { extends: true, test: { name: "sqlite", ...share("all") } },
      ...(process.env.TEST_DATABASE_URL ? [{ extends: true as const, test: { name: "pg", ...share(onBothEngines), env: { TEST_STORE: "pg" } } }] : []),
    ],
  },
});
