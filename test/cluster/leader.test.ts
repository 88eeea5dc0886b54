/**
 * Leader election against a real PostgreSQL, through the lease: one leader at a time, a quiet period
 * before its duties, a lease that runs out on the database's clock, a leader that stands down when it
 * cannot renew (its link stalled) or finds its lease taken, a clean stop that hands over at once, and
 * the epoch that fences a deposed term's claims of outbox rows and ticks.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import pino from "pino";
import type pg from "pg";
import { createPgElection, type Election, type LeaderRole, type LeaderTerm } from "../../src/cluster/leader.js";
import { acquireLease, renewLease } from "../../src/store/leader-lease.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { connectTo } from "../support/pg-databases.js";
import { createTestDatabase, describePg, dropTestDatabase } from "../support/postgres.js";
import { startStallingProxy, type StallingProxy } from "../support/stalling-tcp-proxy.js";
import { waitUntil } from "../support/wait.js";

const logger = pino({ level: "silent" });
const RETRY_MS = 200;
const QUIET_MS = 400;
const LEASE_MS = 1500;

interface Replica {
  name: string;
  election: Election;
  /** When its duties started and stopped, in order, with the term each was given. */
  terms: Array<{ from: number; to?: number; term: LeaderTerm }>;
}

let databaseUrl: string;
let store: Store;
let dir: string;
let proxy: StallingProxy;
const replicas: Replica[] = [];
let tests = 0;

beforeAll(async () => {
  databaseUrl = await createTestDatabase("leader");
  dir = mkdtempSync(join(tmpdir(), "leader-"));
  // the schema (leader_lease) comes with the store's migrations; the store also serves the fencing test
  store = await openStore({ databasePath: join(dir, "unused.db"), databaseUrl, databasePoolMax: 2 }, createSealer([randomBytes(32)]));
  proxy = await startStallingProxy(databaseUrl);
});

afterAll(async () => {
  await store?.close();
  await proxy?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  proxy.resume();
  await Promise.all(replicas.splice(0).map((r) => r.election.stop()));
});

/** Every test its own lease, so nothing else running shares it. */
const freshLease = () => `test-${++tests}`;

const connect = (url: string) => () => connectTo(url);

function replica(name: string, lease: string, url = databaseUrl): Replica {
  const terms: Replica["terms"] = [];
  const role: LeaderRole = {
    elected: (_connection, term) => {
      terms.push({ from: Date.now(), term: term! });
      return Promise.resolve();
    },
    deposed: () => {
      terms.at(-1)!.to = Date.now();
      return Promise.resolve();
    },
  };
  const election = createPgElection({ connect: connect(url), role, logger, retryMs: RETRY_MS, quietMs: QUIET_MS, leaseMs: LEASE_MS, lease, holder: name });
  const r = { name, election, terms };
  replicas.push(r);
  return r;
}

function leaders(): Replica[] {
  return replicas.filter((r) => r.election.isLeader());
}

/** No two replicas' terms overlap, and each term's epoch is above the last. */
function expectOneLeaderAtATime(): void {
  const terms = replicas.flatMap((r) => r.terms.map((t) => ({ ...t, name: r.name }))).sort((a, b) => a.from - b.from);
  for (let i = 1; i < terms.length; i++) {
    expect(terms[i - 1]!.to, `${terms[i - 1]!.name}'s term ends before ${terms[i]!.name}'s begins`).toBeLessThanOrEqual(terms[i]!.from);
    expect(terms[i]!.term.epoch).toBeGreaterThan(terms[i - 1]!.term.epoch);
  }
}

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectTo(databaseUrl);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describePg("leader election on PostgreSQL", () => {
  it("elects exactly one of three replicas, and only after the quiet period", async () => {
    const started = Date.now();
    const lease = freshLease();
    const all = [replica("a", lease), replica("b", lease), replica("c", lease)];
    for (const r of all) await r.election.start();
    await waitUntil(() => leaders().length === 1, { timeoutMs: 5_000 });
    const [first] = leaders();
    expect(first!.terms[0]!.from - started).toBeGreaterThanOrEqual(QUIET_MS);
    expect(first!.terms[0]!.term.valid()).toBe(true);
    // followers keep trying but never win while the leader renews, over several lease lengths
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
    expect(leaders()).toEqual([first]);
    expect(all.reduce((n, r) => n + r.terms.length, 0)).toBe(1);
  });

  it("a leader whose link stalls stands down before its lease runs out; another takes over once it has", async () => {
    const lease = freshLease();
    const a = replica("a", lease, proxy.urlFor(databaseUrl));
    await a.election.start();
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 5_000 });
    const b = replica("b", lease);
    await b.election.start();

    proxy.stall();
    const stalledAt = Date.now();
    await waitUntil(() => a.terms[0]!.to !== undefined, { timeoutMs: LEASE_MS });
    expect(a.terms[0]!.term.valid()).toBe(false);
    await waitUntil(() => b.election.isLeader(), { timeoutMs: LEASE_MS + RETRY_MS + QUIET_MS + 2_000 });
    // not before the lease could have run out
    expect(b.terms[0]!.from - stalledAt).toBeGreaterThanOrEqual(QUIET_MS);
    expectOneLeaderAtATime();
    expect(leaders()).toEqual([b]);
  });

  it("a leader that finds its lease taken stands down at its next renewal", async () => {
    const lease = freshLease();
    const a = replica("a", lease);
    await a.election.start();
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 5_000 });
    // as if a's renewals had stalled past the lease and another replica had won it
    await withClient((c) => c.query("update leader_lease set holder = 'someone else', epoch = epoch + 1 where name = $1", [lease]));
    await waitUntil(() => a.terms[0]!.to !== undefined, { timeoutMs: RETRY_MS * 3 });
    expect(a.election.isLeader()).toBe(false);
    expect(a.terms[0]!.term.valid()).toBe(false);
  });

  it("a leader that stops hands over at once; one that is restarted joins as a follower", async () => {
    const lease = freshLease();
    const a = replica("a", lease);
    const b = replica("b", lease);
    await a.election.start();
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 5_000 });
    await b.election.start();
    const stoppedAt = Date.now();
    await a.election.stop();
    expect(a.terms[0]!.to).toBeDefined();
    await waitUntil(() => b.election.isLeader(), { timeoutMs: 5_000 });
    // the lease was released, not left to run out
    expect(b.terms[0]!.from - stoppedAt).toBeLessThan(LEASE_MS);
    await a.election.start();
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(leaders()).toEqual([b]);
    expectOneLeaderAtATime();
  });
});

describePg("the lease and its fence", () => {
  it("is held until it runs out on the database's clock, then taken in a new term; the old term can no longer renew", async () => {
    const lease = freshLease();
    await withClient(async (c) => {
      expect(await acquireLease(c, lease, "h1", 300)).toBe(1);
      expect(await acquireLease(c, lease, "h2", 300)).toBeUndefined();
      expect(await renewLease(c, lease, "h1", 1, 300)).toBe(true);
      await waitUntil(async () => (await acquireLease(c, lease, "h2", 300)) === 2, { timeoutMs: 2_000, intervalMs: 50 });
      expect(await renewLease(c, lease, "h1", 1, 300)).toBe(false);
      expect(await renewLease(c, lease, "h2", 2, 300)).toBe(true);
    });
  });

  it("refuses a stale term's claims of outbox rows and watcher ticks, and takes the current term's", async () => {
    const lease = freshLease();
    const [oldEpoch, newEpoch] = await withClient(async (c) => {
      const first = (await acquireLease(c, lease, "old", 60_000))!;
      // the old holder's lease ran out (its renewals stopped) and a new one won it
      await c.query("update leader_lease set expires_at = 0 where name = $1", [lease]);
      return [first, (await acquireLease(c, lease, "new", 60_000))!];
    });
    expect(newEpoch).toBe(oldEpoch + 1);
    await store.outbox.enqueue({ chatId: 7, dedupeKey: `fence-${lease}`, text: "hello" });

    const stale = { lease, epoch: oldEpoch };
    const current = { lease, epoch: newEpoch };
    expect(await store.outbox.claim({ owner: "old", limit: 10, leaseMs: 30_000, fence: stale })).toEqual([]);
    expect(await store.ticks.claim("orders", `slot-${lease}`, "old", stale)).toBe(false);
    expect((await store.outbox.claim({ owner: "new", limit: 10, leaseMs: 30_000, fence: current })).map((r) => r.dedupeKey)).toEqual([`fence-${lease}`]);
    expect(await store.ticks.claim("orders", `slot-${lease}`, "new", current)).toBe(true);
    expect(await store.ticks.claim("orders", `slot-${lease}`, "new", current)).toBe(false);
  });
});
