import type pg from "pg";
import type { Conn } from "./db.js";

export interface TransactionOptions {
  /** On disk before it settles, power cut included: for commits acknowledged to the outside. */
  durable?: boolean;
}

/**
 * Writes queued elsewhere that go into whichever transaction opens next (SQLite): given the
 * transaction's connection, it writes what waits and returns how to settle it once the transaction
 * ends (committed or rolled back), or nothing when nothing waits.
 */
export type TransactionRider = (conn: Conn) => Promise<((committed: boolean) => void) | undefined>;

/** One database engine: its connection, transactions on it, and its life cycle. */
export interface Engine {
  conn: Conn;
  /** True while a transaction holds the only connection (SQLite); queries outside it wait for `idle`. */
  readonly busy: boolean;
  idle(): Promise<void>;
  transaction<R>(fn: (conn: Conn) => Promise<R>, options?: TransactionOptions): Promise<R>;
  /** SQLite only: `rider` writes its queue in every transaction from now on (kv-storage.ts). */
  carry?(rider: TransactionRider): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of its own (the leader's lease renewals, LISTEN), same settings as the pool. */
  connectDedicated?(): Promise<pg.Client>;
}
