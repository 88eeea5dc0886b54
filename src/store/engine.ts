import type pg from "pg";
import type { Conn } from "./db.js";

export interface TransactionOptions {
  /** On disk before it settles, power cut included: for commits acknowledged to the outside. */
  durable?: boolean;
}

/** One database engine: its connection, transactions on it, and its life cycle. */
export interface Engine {
  conn: Conn;
  /** True while a transaction holds the only connection (SQLite); queries outside it wait for `idle`. */
  readonly busy: boolean;
  idle(): Promise<void>;
  transaction<R>(fn: (conn: Conn) => Promise<R>, options?: TransactionOptions): Promise<R>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of its own (the leader's lease renewals, LISTEN), same settings as the pool. */
  connectDedicated?(): Promise<pg.Client>;
}
