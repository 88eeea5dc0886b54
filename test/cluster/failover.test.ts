/**
 * Failover when the leader is cut off from PostgreSQL with its sockets left open (a proxy that stops
 * forwarding): two replicas in this process, each with its own store, election and paced sender
 * (the app's wiring: replicationFor, leaderDuties, senderDuty). The leader's lease lapses, the other
 * replica takes over within 10 s, the notices written meanwhile are sent once, and the old leader,
 * once its link is back, sends nothing more.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Api } from "grammy";
import pino from "pino";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createSender } from "../../src/notices/sender.js";
import { replicationFor, type Replication } from "../../src/cluster/replication.js";
import { leaderDuties, senderDuty } from "../../src/cluster/duties.js";
import type { Election } from "../../src/cluster/leader.js";
import { createTestDatabase, describePg, dropTestDatabase } from "../support/postgres.js";
import { startStallingProxy, type StallingProxy } from "../support/stalling-tcp-proxy.js";
import { waitUntil } from "../support/wait.js";

const logger = pino({ level: "silent" });
const LEASE_MS = 3000;
const sealer = createSealer([randomBytes(32)]);

interface Replica {
  name: string;
  store: Store;
  replication: Replication;
  election: Election;
  /** The dedupe keys of the notices its sender handed to the Bot API, in order. */
  sent: string[];
  deposed: number;
}

let databaseUrl: string;
let proxy: StallingProxy;
let dir: string;
const replicas: Replica[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase("failover");
  proxy = await startStallingProxy(databaseUrl);
  dir = mkdtempSync(join(tmpdir(), "failover-"));
});

afterAll(async () => {
  proxy?.resume();
  for (const r of replicas.splice(0)) {
    await r.election.stop();
    await r.replication.publisher?.close();
    await r.store.close();
  }
  await proxy?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A Bot API that answers every sendMessage at once and records which notice it was (its text). */
function recordingApi(sent: string[]): Api {
  const api = new Api("123456:failover-test-token");
  api.config.use((_prev, method, payload) => {
    const p = payload as { chat_id: number; text?: string };
    sent.push(p.text ?? method);
    return Promise.resolve({ ok: true, result: { message_id: sent.length, date: 0, chat: { id: p.chat_id, type: "private" }, text: p.text } } as never);
  });
  return api;
}

async function startReplica(name: string, url: string): Promise<Replica> {
  const store = await openStore({ databasePath: join(dir, `${name}.db`), databaseUrl: url, databasePoolMax: 4, databaseTimeoutMs: 1500 }, sealer);
  const replication = replicationFor(store, { instanceId: name, botMode: "webhook", leader: { retryMs: 500, quietMs: 500, leaseMs: LEASE_MS } }, logger);
  const sent: string[] = [];
  const current: { wake?: () => void } = {};
  const role = leaderDuties([senderDuty(() => createSender({ store, api: recordingApi(sent), logger, owner: `${name}/sender`, idleMs: 100, perChatIntervalMs: 0 }), current)], logger);
  const replica: Replica = { name, store, replication, sent, deposed: 0, election: undefined! };
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

const notice = (store: Store, key: string, chatId: number) => store.outbox.enqueue({ chatId, dedupeKey: key, text: key });

describePg("failover on PostgreSQL", () => {
  it("a leader whose database link stops answering is replaced within 10 s; the notices written meanwhile are sent once", async () => {
    // a: the leader, through the proxy; b: the follower, direct
    const a = await startReplica("a", proxy.urlFor(databaseUrl));
    await waitUntil(() => a.election.isLeader(), { timeoutMs: 10_000 });
    const b = await startReplica("b", databaseUrl);
    await notice(b.store, "before", 1);
    // marked sent before the link stalls (a send whose mark was cut off would rightly go again)
    await waitUntil(async () => (await b.store.outbox.getByDedupeKey("before"))?.status === "sent", { timeoutMs: 5_000 });

    proxy.stall();
    const stalledAt = Date.now();
    const during = ["during-1", "during-2", "during-3", "during-4", "during-5"];
    for (const [i, key] of during.entries()) await notice(b.store, key, 10 + i);

    // a stops leading on its own (it cannot renew), b takes over once the lease has run out
    await waitUntil(() => !a.election.isLeader(), { timeoutMs: LEASE_MS, message: "the cut-off leader did not stand down before its lease ran out" });
    await waitUntil(() => b.election.isLeader(), { timeoutMs: 10_000, message: "the other replica did not take over within 10 s" });
    expect(Date.now() - stalledAt).toBeLessThan(10_000);
    await waitUntil(() => during.every((key) => b.sent.includes(key)), { timeoutMs: 5_000 });

    // the link comes back: the old leader's stuck work ends, and it sends nothing it no longer leads for
    proxy.resume();
    await waitUntil(() => a.deposed === 1, { timeoutMs: 10_000 });
    await notice(b.store, "after", 2);
    await waitUntil(() => b.sent.includes("after"), { timeoutMs: 5_000 });
    expect(a.election.isLeader()).toBe(false);

    const all = [...a.sent, ...b.sent];
    for (const key of ["before", ...during, "after"]) expect(all.filter((k) => k === key), key).toHaveLength(1);
    expect(a.sent).toEqual(["before"]);
  }, 40_000);
});
