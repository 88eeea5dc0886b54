/**
 * Scheduled purchases on two replicas sharing PostgreSQL (the app's wiring: replicationFor, the
 * election, leaderDuties; the schedules job on node-cron every second with its ticks claimed per
 * slot), on a clock the test drives. Each due time is bought once: the leader runs 09:00; the next
 * day the leader places the order, loses the answer and is cut off from the database in the middle
 * of the run (its link stalls, as for a killed or frozen leader: its lease runs out); the other
 * replica takes over, takes the open run up again with the same Idempotency-Key and the marketplace
 * answers with the same order. The old leader, back on the link, does nothing more. Two orders for
 * two due times, one notice each.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import pino from "pino";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { replicationFor, type Replication } from "../../src/cluster/replication.js";
import { leaderDuties, type Duty } from "../../src/cluster/duties.js";
import type { Election } from "../../src/cluster/leader.js";
import { createScheduler } from "../../src/watch/scheduler.js";
import { createScheduleRunner, RETRY_MS, runIds } from "../../src/schedules/runner.js";
import { createNotifier } from "../../src/notices/notifier.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { startSandbox, type Sandbox } from "../../src/dev/sandbox/index.js";
import { createTestDatabase, describePg, dropTestDatabase } from "../support/postgres.js";
import { startStallingProxy, type StallingProxy } from "../support/stalling-tcp-proxy.js";
import { waitUntil } from "../support/wait.js";

const logger = pino({ level: "silent" });
const sealer = createSealer([randomBytes(32)]);
const USER = 9601;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const DAY = 24 * 60 * 60_000;
/** Tuesday 2026-12-01 09:00 UTC, then Wednesday. */
const DUE = Date.parse("2026-12-01T09:00:00Z");
const clock = { now: DUE - 60_000 };
/** POST /orders as the replicas make it: the Idempotency-Keys sent, and whether the next answer is lost. */
const wire = { keys: [] as string[], loseNextAnswer: false };

interface Replica {
  name: string;
  store: Store;
  replication: Replication;
  election: Election;
  ticks: number;
  deposed: number;
}

let databaseUrl: string;
let proxy: StallingProxy;
let dir: string;
let sandbox: Sandbox;
let marketplace: Marketplace;
const replicas: Replica[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase("schedules");
  proxy = await startStallingProxy(databaseUrl);
  dir = mkdtempSync(join(tmpdir(), "schedules-"));
  sandbox = await startSandbox({ port: 0, fillDelayMs: 600_000 });
  const real = createMarketplace({ baseUrl: sandbox.url, retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 10 } });
  marketplace = {
    public: real.public,
    close: () => real.close(),
    forKey(apiKey) {
      const client = real.forKey(apiKey);
      const place = client.placeOrder.bind(client);
      client.placeOrder = async (body, options) => {
        wire.keys.push(options.idempotencyKey);
        const order = await place(body, options);
        if (wire.loseNextAnswer) {
          wire.loseNextAnswer = false;
          throw new MarketplaceError("timeout", "POST /api/v1/orders: no complete response within 15000 ms");
        }
        return order;
      };
      return client;
    },
  };
});

afterAll(async () => {
  proxy?.resume();
  for (const r of replicas.splice(0)) {
    await r.election.stop();
    await r.replication.publisher?.close();
    await r.store.close();
  }
  await marketplace?.close();
  await sandbox?.stop();
  await proxy?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function startReplica(name: string, url: string): Promise<Replica> {
  const store = await openStore({ databasePath: join(dir, `${name}.db`), databaseUrl: url, databasePoolMax: 4, databaseTimeoutMs: 1500 }, sealer);
  const replication = replicationFor(store, { instanceId: name, botMode: "webhook", leader: { retryMs: 300, quietMs: 200, leaseMs: 1500 } }, logger);
  const notifier = createNotifier({ store, translator: createNoticeTranslator("en"), defaultLocale: "en", now: () => clock.now });
  const replica: Replica = { name, store, replication, election: undefined!, ticks: 0, deposed: 0 };
  const runner = createScheduleRunner({ store, marketplace, notifier, logger, now: () => clock.now, prices: createPriceCache(() => clock.now), concurrency: 2 });
  const schedulesDuty: Duty = async () => {
    const scheduler = createScheduler(
      [
        {
          name: "schedules",
          cron: "* * * * * *",
          run: async () => {
            replica.ticks++;
            await runner.tick();
          },
        },
      ],
      logger,
      { claimTick: replication.claimTick },
    );
    await scheduler.start();
    return () => scheduler.stop();
  };
  const role = leaderDuties([schedulesDuty], logger);
  replica.election = replication.election({
    elected: (connection, term) => role.elected(connection, term),
    deposed: async () => {
      await role.deposed();
      replica.deposed++;
    },
  });
  replicas.push(replica);
  await replica.election.start();
  return replica;
}

describePg("scheduled purchases on two replicas (PostgreSQL)", () => {
  it("each due time is bought once, across a leader change in the middle of a run", async () => {
    // a: the leader, through the proxy; b: the follower, direct
    const a = await startReplica("a", proxy.urlFor(databaseUrl));
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 10_000 });
    const b = await startReplica("b", databaseUrl);
    const { accountId } = sandbox.control.createAccount({ trx: "1000" });
    const { key } = sandbox.control.createKey(accountId, { scope: "purchase" });
    await a.store.users.touch(USER, USER);
    const keyRow = await a.store.apiKeys.add(USER, { apiKey: key, label: "main" });
    const schedule = (await a.store.schedules.add(
      { userId: USER, keyId: keyRow.id, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1h", days: "12345", time: "09:00", timeZone: "UTC", notify: "all" },
      DUE - 60 * 60_000,
    ))!;
    const runState = async (dueAt: number) => (await b.store.schedules.getRun(schedule.id, dueAt))?.state;

    // 09:00:05 on Tuesday: the leader buys, once, however many seconds tick past it
    clock.now = DUE + 5_000;
    await waitUntil(async () => (await runState(DUE)) === "placed", { timeoutMs: 10_000, message: "Tuesday's run was not placed" });
    const ticked = a.ticks;
    await waitUntil(() => a.ticks >= ticked + 2, { timeoutMs: 5_000 });
    expect(sandbox.control.orderCount(accountId)).toBe(1);
    expect(b.ticks).toBe(0);

    // Wednesday 09:00:05: the leader's order is made but its answer lost; then the leader is cut off
    const wednesday = DUE + DAY;
    wire.loseNextAnswer = true;
    clock.now = wednesday + 5_000;
    await waitUntil(() => sandbox.control.orderCount(accountId) === 2 && wire.keys.length === 2, { timeoutMs: 10_000, message: "Wednesday's order was not made" });
    proxy.stall();
    expect(await runState(wednesday)).toBe("placing");

    // the other replica leads; the open run is taken up once it is RETRY_MS old, with the same key
    await waitUntil(() => b.election.isLeader(), { timeoutMs: 10_000, message: "the other replica did not take over" });
    clock.now = wednesday + 5_000 + RETRY_MS + 1_000;
    await waitUntil(async () => (await runState(wednesday)) === "placed", { timeoutMs: 10_000, message: "the open run was not taken up" });
    expect(sandbox.control.orderCount(accountId)).toBe(2);
    expect(wire.keys).toEqual([runIds(schedule.id, DUE).idempotencyKey, runIds(schedule.id, wednesday).idempotencyKey, runIds(schedule.id, wednesday).idempotencyKey]);

    // the old leader's link comes back: it stood down, and buys nothing more
    proxy.resume();
    await waitUntil(() => a.deposed === 1, { timeoutMs: 10_000, message: "the cut-off leader did not stand down" });
    clock.now += 30_000;
    const bTicks = b.ticks;
    await waitUntil(() => b.ticks >= bTicks + 2, { timeoutMs: 5_000 });
    expect(a.election.isLeader()).toBe(false);
    expect(sandbox.control.orderCount(accountId)).toBe(2);
    expect(wire.keys).toHaveLength(3);

    // one run row and one notice per due time
    const runs = await b.store.schedules.listRuns(schedule.id);
    expect(runs.map((r) => [r.dueAt, r.state])).toEqual([
      [DUE, "placed"],
      [wednesday, "placed"],
    ]);
    const notices = await b.store.raw.conn.db.select().from(b.store.raw.conn.t.outbox);
    expect(notices.map((row) => row.dedupeKey).sort()).toEqual([`schedule:${schedule.id}:${DUE}@${USER}`, `schedule:${schedule.id}:${wednesday}@${USER}`]);
  }, 60_000);
});
