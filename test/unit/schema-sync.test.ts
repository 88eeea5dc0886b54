/** The two dialects' schemas stay in step: same tables, same columns, same nullability, same keys. */
import { describe, expect, it } from "vitest";
import { getTableConfig as sqliteConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { getTableConfig as pgConfig, type PgTable } from "drizzle-orm/pg-core";
import { is, Table } from "drizzle-orm";
import * as sqlite from "../../src/store/schema.sqlite.js";
import * as pg from "../../src/store/schema.pg.js";

const tables = (schema: Record<string, unknown>) => Object.entries(schema).filter(([, v]) => is(v, Table));

function shape(config: { name: string; columns: Array<{ name: string; notNull: boolean; primary: boolean; hasDefault: boolean }>; indexes: Array<{ config: { name?: string } }> }) {
  return {
    name: config.name,
    // a SQLite integer primary key is the rowid (a default of its own): defaults compared on other columns
    columns: config.columns.map((c) => ({ name: c.name, notNull: c.notNull, primary: c.primary, hasDefault: c.primary ? null : c.hasDefault })).sort((a, b) => a.name.localeCompare(b.name)),
    indexes: config.indexes.map((i) => i.config.name ?? "").sort(),
  };
}

describe("schemas", () => {
  it("SQLite and PostgreSQL declare the same tables under the same names", () => {
    expect(tables(pg).map(([k]) => k).sort()).toEqual(tables(sqlite).map(([k]) => k).sort());
  });

  it.each(tables(sqlite).map(([k]) => k))("%s: same columns, nullability, primary keys, defaults and indexes", (name) => {
    const a = shape(sqliteConfig((sqlite as Record<string, unknown>)[name] as SQLiteTable));
    const b = shape(pgConfig((pg as Record<string, unknown>)[name] as PgTable));
    expect(b).toEqual(a);
  });
});
