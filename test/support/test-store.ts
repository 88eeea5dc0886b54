/**
 * Which engine a test run stores in, and a fresh database for one test file. `TEST_STORE=pg` (set
 * by vitest's "pg" project, see vitest.config.ts) selects PostgreSQL at TEST_DATABASE_URL; each
 * file gets a schema of its own (search_path in the URL), so files run in parallel.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach } from "vitest";
import { openStore, type Store, type StoreLocation } from "../../src/store/index.js";
import { createSealer, type Sealer } from "../../src/store/secrets.js";

export type TestEngine = "sqlite" | "pg";

export const testEngine: TestEngine = process.env.TEST_STORE === "pg" ? "pg" : "sqlite";

export interface TestDatabase {
  location: StoreLocation;
  /** A SQLite file's folder (also where a PG run's tests may put files). */
  dir: string;
  drop(): Promise<void>;
}

/** postgres://… with `search_path` set to `schema`. */
function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

export async function createTestDatabase(engine: TestEngine = testEngine): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "bot-store-"));
  if (engine === "sqlite") {
    return { location: { databasePath: join(dir, "bot.db") }, dir, drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    location: { databasePath: join(dir, "unused.db"), databaseUrl: withSchema(url, schema), databasePoolMax: 4 },
    dir,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The engines a store suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const storeEngines: TestEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "pg"] : ["sqlite"];

export interface StorePerTest {
  readonly store: Store;
  readonly database: TestDatabase;
  readonly sealer: Sealer;
}

/**
 * In a describe block: a fresh database on `engine` and a store over it for each test, closed and
 * dropped after it. The returned object's fields are the current test's.
 */
export function storePerTest(engine: TestEngine): StorePerTest {
  const current: { store?: Store; database?: TestDatabase } = {};
  const sealer = createSealer([randomBytes(32)]);
  beforeEach(async () => {
    current.database = await createTestDatabase(engine);
    current.store = await openStore(current.database.location, sealer);
  });
  afterEach(async () => {
    await current.store?.close();
    await current.database?.drop();
  });
  return {
    get store() {
      return current.store!;
    },
    get database() {
      return current.database!;
    },
    sealer,
  };
}
