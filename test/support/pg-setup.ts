/**
 * vitest globalSetup: says once whether the PostgreSQL variants run. Without TEST_DATABASE_URL they
 * are skipped with one line saying how to enable them; in CI (CI=true) that is an error instead.
 */
// vitest runs a root globalSetup again (a fresh module) for each project that extends the root
// config: the mark that the line was said lives on the process
const SAID = Symbol.for("bot.pg-setup.said");

export default function setup(): void {
  const mark = globalThis as { [SAID]?: boolean };
  if (process.env.TEST_DATABASE_URL || mark[SAID]) return;
  mark[SAID] = true;
  const how = "set TEST_DATABASE_URL=postgres://user@host:5432/db to run the PostgreSQL suites (the store's variants, leader election, two replicas)";
  if (process.env.CI === "true") throw new Error(`CI=true but TEST_DATABASE_URL is not set: ${how}`);
  console.log(`PostgreSQL suites skipped: ${how}`);
}
