/**
 * Statements built and prepared once per connection, for the paths every delivery and update
 * takes (the receiver, the notifier, the once-per-update record, sessions and conversations).
 * Building a drizzle query and having SQLite prepare it costs several times what running it does;
 * a prepared statement takes its values through `sql.placeholder` (drizzle's prepared statements).
 *
 * A prepared insert must give every time column its value through a placeholder: a column's
 * `$defaultFn` runs when the statement is built, so its default would be the first call's time forever.
 *
 * On SQLite the store's one connection also runs its transactions, so each statement is prepared
 * once per store. On PostgreSQL a transaction has a connection of its own and a statement prepared
 * on the pool would run outside it: statements are kept per Conn (the pool's, or one transaction's),
 * and PostgreSQL parses a named statement once per connection.
 */
import type { Conn } from "./db.js";

const statements = new WeakMap<Conn, Map<string, unknown>>();

/** The statement `name` on this connection, built by `build` the first time. Names are unique per query text. */
export function prepared<Q>(conn: Conn, name: string, build: (conn: Conn) => { prepare(name: string): Q }): Q {
  let byName = statements.get(conn);
  if (!byName) {
    byName = new Map<string, unknown>();
    statements.set(conn, byName);
  }
  let statement = byName.get(name) as Q | undefined;
  if (statement === undefined) {
    statement = build(conn).prepare(name);
    byName.set(name, statement);
  }
  return statement;
}
