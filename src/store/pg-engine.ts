/**
 * The engine for several replicas: PostgreSQL through a node-postgres pool. Migrations from
 * drizzle/pg run at start-up under an advisory lock, so replicas starting together apply them once
 * (the others wait, then find them applied). The migrations' journal lives in the connection's
 * current schema, so a database can hold several installs (or test runs) side by side.
 * Commits are durable by PostgreSQL's default (synchronous_commit = on): `durable` needs nothing.
 */
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "./schema.pg.js";
import { migrationsDirs } from "../paths.js";
import type { Conn, Db } from "./db.js";
import type { Engine } from "./engine.js";

/** How long closing waits for the queries in flight. */
const CLOSE_DRAIN_MS = 5_000;

/** The advisory lock id migrations run under (any constant the bot alone uses). */
const MIGRATION_LOCK = 7_215_001;

export async function openPg(url: string, poolMax: number): Promise<Engine> {
  const settings: pg.PoolConfig = { connectionString: url };
  const pool = new pg.Pool({ ...settings, max: poolMax });
  // an idle client that loses its connection must not crash the process: the next query reconnects
  pool.on("error", () => undefined);
  try {
    await migrateLocked(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db: Db = drizzle(pool, { schema });
  const conn: Conn = { dialect: "pg", db, t: schema };
  return {
    conn,
    busy: false,
    idle: () => Promise.resolve(),
    transaction: (fn) => db.transaction((tx) => fn({ ...conn, db: tx })),
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      // pg-pool's end() leaves a query still waiting for a client unanswered forever: let the
      // queries in flight finish first (the store refuses new ones once it is closing)
      const deadline = Date.now() + CLOSE_DRAIN_MS;
      while ((pool.waitingCount > 0 || pool.idleCount < pool.totalCount) && Date.now() < deadline) await delay(10);
      await pool.end();
    },
    async connectDedicated() {
      const client = new pg.Client(settings);
      await client.connect();
      return client;
    },
  };
}

async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
      await migrate(drizzle(client), { migrationsFolder: migrationsDirs.pg, migrationsSchema: rows[0]!.schema });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
