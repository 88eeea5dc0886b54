/**
 * What a repository sees of the database: one connection (or one transaction) of either engine.
 * Repositories are written once, against drizzle's PostgreSQL types: both engines' query builders
 * are awaitable and take the same calls (select/insert/update/delete, returning, onConflict…), and
 * the two schemas have the same tables and row types (a unit test keeps them in step). Where the
 * dialects differ (the outbox claim's row locks, the database clock), a repository asks `dialect`.
 */
import { sql, type SQL } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as pgSchema from "./schema.pg.js";

export type Dialect = "sqlite" | "pg";
export type Db = NodePgDatabase<typeof pgSchema>;
export type Tables = typeof pgSchema;

export interface Conn {
  dialect: Dialect;
  db: Db;
  t: Tables;
}

/** The first row of a query, or undefined. */
export async function first<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** The database's clock in ms: leases measured by one clock whichever replica writes them. */
export function dbNowMs(dialect: Dialect): SQL<number> {
  return dialect === "pg"
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;
}
