/**
 * Leader election against a real PostgreSQL: one leader at a time, a quiet period before its duties,
 * and a takeover within a few seconds when the leader's connection is killed (pg_terminate_backend)
 * or the leader stops.
 */
import { afterEach, expect, it } from "vitest";
import pino from "pino";
import { createPgElection, type Election, type LeaderRole } from "../../src/cluster/leader.js";
import { connectTestDb, describePg } from "../support/postgres.js";
import { waitUntil } from "../support/wait.js";

const logger = pino({ level: "silent" });
const RETRY_MS = 200;
const QUIET_MS = 400;

interface Replica {
  name: string;
  election: Election;
  /** When its duties started and stopped, in order. */
  terms: Array<{ from: number; to?: number }>;
}

const replicas: Replica[] = [];
let tests = 0;

/** Every test its own lock (and this process's), so nothing else running shares it. */
function freshKey(): [number, number] {
  return [0x7465_7374, (process.pid % 100_000) * 100 + ++tests];
}

afterEach(async () => {
  await Promise.all(replicas.splice(0).map((r) => r.election.stop()));
});

function replica(name: string, key: readonly [number, number]): Replica {
  const terms: Replica["terms"] = [];
  const role: LeaderRole = {
    elected: () => {
      terms.push({ from: Date.now() });
      return Promise.resolve();
    },
    deposed: () => {
      terms.at(-1)!.to = Date.now();
      return Promise.resolve();
    },
  };
  const election = createPgElection({ connect: connectTestDb, role, logger, retryMs: RETRY_MS, quietMs: QUIET_MS, lockKey: key });
  const r = { name, election, terms };
  replicas.push(r);
  return r;
}

function leaders(): Replica[] {
  return replicas.filter((r) => r.election.isLeader());
}

/** No two replicas' terms overlap. */
function expectOneLeaderAtATime(): void {
  const terms = replicas.flatMap((r) => r.terms.map((t) => ({ ...t, name: r.name }))).sort((a, b) => a.from - b.from);
  for (let i = 1; i < terms.length; i++) expect(terms[i - 1]!.to, `${terms[i - 1]!.name}'s term ends before ${terms[i]!.name}'s begins`).toBeLessThanOrEqual(terms[i]!.from);
}

async function holderPid(key: readonly [number, number]): Promise<number | undefined> {
  const db = await connectTestDb();
  try {
    const { rows } = await db.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid AND objid = $2::int::oid AND objsubid = 2 AND granted",
      [key[0], key[1]],
    );
    return rows[0]?.pid;
  } finally {
    await db.end();
  }
}

describePg("leader election on PostgreSQL", () => {
  it("elects exactly one of three replicas, and only after the quiet period", async () => {
    const started = Date.now();
    const key = freshKey();
    const all = [replica("a", key), replica("b", key), replica("c", key)];
    for (const r of all) await r.election.start();
    await waitUntil(() => leaders().length === 1, { timeoutMs: 5_000 });
    const [first] = leaders();
    expect(first!.terms[0]!.from - started).toBeGreaterThanOrEqual(QUIET_MS);
    // followers keep trying but never win while the leader lives
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(leaders()).toEqual([first]);
    expect(all.reduce((n, r) => n + r.terms.length, 0)).toBe(1);
  });

  it("hands over within a few seconds when the leader's connection is killed, after a quiet period", async () => {
    const key = freshKey();
    const all = [replica("a", key), replica("b", key)];
    for (const r of all) await r.election.start();
    await waitUntil(() => leaders().length === 1, { timeoutMs: 5_000 });
    const old = leaders()[0]!;

    const pid = await holderPid(key);
    expect(pid).toBeDefined();
    const admin = await connectTestDb();
    const killedAt = Date.now();
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    await admin.end();

    await waitUntil(() => old.terms[0]!.to !== undefined, { timeoutMs: 5_000 });
    // the old leader stops its duties as soon as its connection drops, long before anyone could be elected
    expect(old.terms[0]!.to! - killedAt).toBeLessThan(QUIET_MS);
    await waitUntil(() => all.reduce((n, r) => n + r.terms.length, 0) === 2, { timeoutMs: 5_000 });
    const next = all.find((r) => r.terms.some((t) => t.from > killedAt))!;
    const took = next.terms.at(-1)!.from - killedAt;
    expect(took).toBeGreaterThanOrEqual(QUIET_MS);
    expect(took).toBeLessThan(3_000);
    expectOneLeaderAtATime();
    expect(leaders()).toHaveLength(1);
  });

  it("a leader that stops hands over; one that is restarted joins as a follower", async () => {
    const key = freshKey();
    const a = replica("a", key);
    const b = replica("b", key);
    await a.election.start();
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 5_000 });
    await b.election.start();
    await a.election.stop();
    expect(a.terms[0]!.to).toBeDefined();
    await waitUntil(() => b.election.isLeader(), { timeoutMs: 5_000 });
    await a.election.start();
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(leaders()).toEqual([b]);
    expectOneLeaderAtATime();
  });
});
