/**
 * The leader's lease on PostgreSQL (table leader_lease): who leads, until when, and in which term.
 *
 * - `acquire`: takes the lease when it has run out (or is already this holder's), for `ttlMs` on the
 *   database's clock, and starts a new term: the epoch grows by one. Undefined while someone else holds it.
 * - `renew`: extends this holder's lease of this term while it has not run out; false otherwise
 *   (it ran out, or another holder took it): the term is over.
 * - `release`: ends this term's lease at once (a clean stop), so a follower need not wait for it to run out.
 *
 * Expiry is measured by the database's clock alone, so replicas' clocks never disagree about it.
 * These run on the election's dedicated connection (a pg Client), as named prepared statements.
 *
 * `leaseHeld(conn, fence)` is the condition a fenced write adds: the term `fence.epoch` still holds the
 * lease now. The outbox's claim and the watchers' tick claim carry it, so a leader that was frozen or cut
 * off and wakes up after another took over finds its claims refused by the database itself.
 */
import type { Client } from "pg";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { dbNowMs, type Conn } from "./db.js";

/** The term a fenced write belongs to: the lease's name and the epoch it was won with. */
export interface Fence {
  lease: string;
  epoch: number;
}

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

export async function acquireLease(client: Client, name: string, holder: string, ttlMs: number): Promise<number | undefined> {
  const { rows } = await client.query<{ epoch: string }>({
    name: "leader_lease_acquire",
    text: `insert into leader_lease (name, holder, epoch, expires_at) values ($1, $2, 1, ${NOW_MS} + $3)
      on conflict (name) do update set holder = excluded.holder, epoch = leader_lease.epoch + 1, expires_at = excluded.expires_at
      where leader_lease.expires_at <= ${NOW_MS} or leader_lease.holder = excluded.holder
      returning epoch`,
    values: [name, holder, ttlMs],
  });
  return rows[0] ? Number(rows[0].epoch) : undefined;
}

export async function renewLease(client: Client, name: string, holder: string, epoch: number, ttlMs: number): Promise<boolean> {
  const { rowCount } = await client.query({
    name: "leader_lease_renew",
    text: `update leader_lease set expires_at = ${NOW_MS} + $4 where name = $1 and holder = $2 and epoch = $3 and expires_at > ${NOW_MS}`,
    values: [name, holder, epoch, ttlMs],
  });
  return (rowCount ?? 0) > 0;
}

export async function releaseLease(client: Client, name: string, holder: string, epoch: number): Promise<void> {
  await client.query({
    name: "leader_lease_release",
    text: "update leader_lease set expires_at = 0 where name = $1 and holder = $2 and epoch = $3",
    values: [name, holder, epoch],
  });
}

/** True in SQL while the term `fence` still holds its lease (the database's clock). */
export function leaseHeld({ db, t, dialect }: Conn, fence: Fence): SQL {
  const l = t.leaderLease;
  return sql`exists ${db
    .select({ one: sql`1` })
    .from(l)
    .where(and(eq(l.name, fence.lease), eq(l.epoch, fence.epoch), gt(l.expiresAt, dbNowMs(dialect))))}`;
}

/** Whether some replica holds a lease that has not run out (readiness: a leader is known). */
export async function leaderLive({ db, t, dialect }: Conn): Promise<boolean> {
  const l = t.leaderLease;
  const rows = await db.select({ one: sql`1` }).from(l).where(gt(l.expiresAt, dbNowMs(dialect))).limit(1);
  return rows.length > 0;
}
