/**
 * The PostgreSQL server the PostgreSQL suites run against: TEST_DATABASE_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/test). Each suite that runs replicas gets a database of its own
 * (advisory locks, such as the leader's, are per database).
 */
import { describe } from "vitest";
import type pg from "pg";
import { connectTo, createDatabase, dropDatabase } from "./pg-databases.js";

// Unset: the suites are skipped; the one line saying so (an error in CI) is pg-setup.ts's, vitest's globalSetup.
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** `describe` for suites that need PostgreSQL. */
export const describePg = describe.skipIf(!testDatabaseUrl);

/** A new connection to the test database (the caller ends it); `applicationName` lets a test find it in pg_stat_activity. */
export function connectTestDb(applicationName?: string): Promise<pg.Client> {
  return connectTo(testDatabaseUrl!, applicationName);
}

/** A new, empty database on the test server for one suite (several processes share it); its URL. */
export function createTestDatabase(prefix: string): Promise<string> {
  return createDatabase(testDatabaseUrl!, prefix);
}

export function dropTestDatabase(url: string): Promise<void> {
  return dropDatabase(testDatabaseUrl!, url);
}
