/**
 * The engine for several replicas: PostgreSQL through a node-postgres pool. Migrations from
 * drizzle/pg run at start-up under an advisory lock, so replicas starting together apply them once
 * (the others wait, then find them applied). The migrations' journal lives in the connection's
 * current schema, so a database can hold several installs (or test runs) side by side.
 * Commits are durable by PostgreSQL's default (synchronous_commit = on): `durable` needs nothing.
 *
 * Every connection (the pool's and the dedicated ones) is bounded in time, so a replica cut off from
 * the database (a link that drops everything with its sockets left open) answers errors, not silence:
 * a connection must be made (or a pool slot free up) within `timeoutMs` (connectionTimeoutMillis), a
 * query must be answered within it (query_timeout, on our side: a dead link never answers) and run
 * within it (statement_timeout, on the server's: a query stuck on a lock), and a session idle inside
 * a transaction for twice that is ended by the server (idle_in_transaction_session_timeout: a frozen
 * replica's open transaction does not hold its row locks for ever). TCP keep-alive lets the OS find a
 * dead peer of an idle connection. Migrations run on a connection of their own without these limits.
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

/** The longest wait for a connection and for a query's answer, by default. */
export const DATABASE_TIMEOUT_MS = 5_000;

/** node-postgres settings that bound every wait on the database by `timeoutMs` (see above). */
export function boundedSettings(url: string, timeoutMs: number): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: 2 * timeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

export async function openPg(url: string, poolMax: number, timeoutMs = DATABASE_TIMEOUT_MS): Promise<Engine> {
  const settings = boundedSettings(url, timeoutMs);
  await migrateLocked(url);
  const pool = new pg.Pool({ ...settings, max: poolMax });
  // an idle client that loses its connection must not crash the process: the next query reconnects
  pool.on("error", () => undefined);
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

/** On a connection of its own, with no time limits: a migration may take long, and so may waiting for another replica's. */
async function migrateLocked(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
      await migrate(drizzle(client), { migrationsFolder: migrationsDirs.pg, migrationsSchema: rows[0]!.schema });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
