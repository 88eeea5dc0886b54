import { defineConfig } from "vitest/config";

/** The end-to-end suites that touch storage, run a second time on PostgreSQL (TEST_STORE=pg). */
const onBothEngines = ["announce", "outbox-paid", "inbox", "inbox-crash", "deposits", "price-alerts", "receiver", "receiver-backlog", "outbox", "buy-confirm", "notices", "watch", "watch-placing", "key-budget", "rule-price-cap", "rule-edit", "rule-cap-in-flow", "statement", "statement-push", "notice-chats", "batch", "schedule"].map((name) => `test/e2e/${name}.test.ts`);

export default defineConfig({
  test: {
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 20_000,
    restoreMocks: true,
    globalSetup: ["test/support/pg-setup.ts"],
    projects: [
      { extends: true, test: { name: "sqlite", include: ["test/**/*.test.ts"] } },
      ...(process.env.TEST_DATABASE_URL ? [{ extends: true as const, test: { name: "pg", include: onBothEngines, env: { TEST_STORE: "pg" } } }] : []),
    ],
  },
});
