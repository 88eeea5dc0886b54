/**
 * Benchmarks of several replicas on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped
 * with one line when neither is set). Each run gets a fresh database. The replicas are the real bot
 * (`node dist/main.js`) in webhook mode behind the round-robin proxy, the fake Bot API enforcing
 * Telegram's limits (30 sends a second overall, one a second per chat, 429 beyond).
 *
 * - Fan-out: `chats` × `perChat` signed events, every event to one receiver and its replay to the
 *   other, as fast as they are taken; the notices' rate against the 30/s ceiling, lost, duplicated,
 *   429s. The rate is the sender's once every event was taken (as the one-process fan-out measures
 *   it: its notices are all enqueued first); while the receivers take the events at full speed they
 *   share two cores with the sender, so the rate over the whole run is reported beside it.
 * - Latency: events at 10 a second for 20 s after 3 s of warm-up (not measured), each to a chat of its
 *   own, posted to the replica that is NOT the leader (one process: to the only one); from the
 *   receiver's 200 to the fake Bot API receiving the sendMessage, p50 / p99.
 */
import { randomBytes } from "node:crypto";
import { startFakeBotApi, type FakeBotApi } from "../src/dev/telegram-fake/fake-bot-api.js";
import { buildOnce, replicaEnv, startReplicaSet, type ReplicaSet } from "../test/support/replica-set.js";
import { deliverEvent, givenChatsWithEndpoints, NOTICE_TX, txIdOf } from "../test/support/event-endpoints.js";
import { connectTo, createDatabase, dropDatabase } from "../test/support/pg-databases.js";
import { waitUntil } from "../test/support/wait.js";
import { openStore, type Store } from "../src/store/index.js";
import { createSealer } from "../src/store/secrets.js";
import { pct } from "./load.js";

const TOKEN = "515151:AAE_bench-replicas-token-0123456789ab";

export interface FanoutReplicasFigures {
  notices: number;
  /** Sends per second from the moment the last event was taken to the last send. */
  rate: number;
  /** Sends per second over the whole run, the receivers' busy phase included. */
  rateOverall: number;
  lost: number;
  duplicates: number;
  tooManyRequests: number;
  maxInOneSecond: number;
}

export interface LatencyFigures {
  events: number;
  p50Ms: number;
  p99Ms: number;
  lost: number;
}

interface Cluster {
  tg: FakeBotApi;
  set: ReplicaSet;
  store: Store;
  stop(): Promise<void>;
}

export function benchDatabaseUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

async function startCluster(replicas: number): Promise<Cluster> {
  const server = benchDatabaseUrl()!;
  buildOnce();
  const databaseUrl = await createDatabase(server, "bench_replicas");
  const secretsKey = randomBytes(32).toString("base64");
  const tg = await startFakeBotApi({ token: TOKEN, rateLimit: { globalPerSecond: 30, perChatPerSecond: 1 } });
  const set = await startReplicaSet(
    replicaEnv({ token: TOKEN, apiRoot: tg.apiRoot, databaseUrl, secretsKey, marketplaceUrl: "http://127.0.0.1:9", extra: { LOG_LEVEL: "info" } }),
  );
  for (let i = 0; i < replicas; i++) await set.start(String.fromCharCode(97 + i));
  await waitUntil(() => set.leaderName(), { timeoutMs: 15_000 });
  // the leader's duties start after its quiet period
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const store = await openStore({ databasePath: ":memory:", databaseUrl }, createSealer([Buffer.from(secretsKey, "base64")]));
  return {
    tg,
    set,
    store,
    async stop() {
      await set.stop();
      await store.close();
      await tg.stop();
      await dropDatabase(server, databaseUrl);
    },
  };
}

function noticeSends(tg: FakeBotApi): Array<{ txId: string; at: number; ok: boolean; status?: number }> {
  return tg.callsOf("sendMessage").flatMap((c) => {
    const txId = NOTICE_TX.exec(String(c.payload.text))?.[0];
    const response = c.response as { ok?: boolean; error_code?: number };
    return txId ? [{ txId, at: c.at, ok: response.ok === true, status: response.error_code }] : [];
  });
}

export async function benchFanoutReplicas(chats = 300, perChat = 3): Promise<FanoutReplicasFigures> {
  const c = await startCluster(2);
  try {
    const endpoints = await givenChatsWithEndpoints(c.store, chats, 800_000);
    const expected = chats * perChat;
    for (let n = 0; n < perChat; n++) {
      // every event and its replay, through the proxy (alternating replicas)
      await Promise.all(endpoints.map(async (e) => (await deliverEvent(c.set.proxy.url, e, n), await deliverEvent(c.set.proxy.url, e, n))));
    }
    const taken = Date.now();
    await waitUntil(() => new Set(noticeSends(c.tg).filter((s) => s.ok).map((s) => s.txId)).size >= expected, { timeoutMs: expected * 100, intervalMs: 200 }).catch(() => undefined);
    const sends = noticeSends(c.tg);
    const ok = sends.filter((s) => s.ok);
    const unique = new Set(ok.map((s) => s.txId));
    const times = ok.map((s) => s.at).sort((a, b) => a - b);
    let maxInOneSecond = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      maxInOneSecond = Math.max(maxInOneSecond, i - j + 1);
    }
    const rateFrom = (from: number) => times.filter((t) => t >= from).length / Math.max((times.at(-1)! - from) / 1000, 0.001);
    return {
      notices: expected,
      rate: times.length > 1 ? rateFrom(Math.max(taken, times[0]!)) : 0,
      rateOverall: times.length > 1 ? rateFrom(times[0]!) : 0,
      lost: expected - unique.size,
      duplicates: ok.length - unique.size,
      tooManyRequests: sends.filter((s) => s.status === 429).length,
      maxInOneSecond,
    };
  } finally {
    await c.stop();
  }
}

export async function benchNoticeLatency(replicas: 1 | 2, seconds = 20, perSecond = 10, warmupSeconds = 3): Promise<LatencyFigures> {
  const c = await startCluster(replicas);
  try {
    const events = seconds * perSecond;
    const warmup = warmupSeconds * perSecond;
    const endpoints = await givenChatsWithEndpoints(c.store, warmup + events, 900_000);
    const leader = c.set.leaderName();
    const target = [...c.set.replicas.values()].find((r) => replicas === 1 || r.name !== leader)!;
    /** Delivers `batch` at an even pace (event i due at i / perSecond s); when each was answered 200, by tx id. */
    const paced = async (batch: typeof endpoints) => {
      const answeredAt = new Map<string, number>();
      const started = performance.now();
      await Promise.all(
        batch.map(async (e, i) => {
          const due = started + (i * 1000) / perSecond;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          if ((await deliverEvent(target.url, e, 0)) === 200) answeredAt.set(txIdOf(e.chatId, 0), Date.now());
        }),
      );
      return answeredAt;
    };
    // a warm-up at the same pace, not measured: the first statements, connections and compiled code of fresh processes
    await paced(endpoints.slice(0, warmup));
    await waitUntil(() => noticeSends(c.tg).filter((s) => s.ok).length >= warmup, { timeoutMs: 15_000 }).catch(() => undefined);
    const answeredAt = await paced(endpoints.slice(warmup));
    await waitUntil(() => noticeSends(c.tg).filter((s) => s.ok && answeredAt.has(s.txId)).length >= events, { timeoutMs: 15_000 }).catch(() => undefined);
    const latencies = noticeSends(c.tg)
      .filter((s) => s.ok && answeredAt.has(s.txId))
      .map((s) => Math.max(0, s.at - answeredAt.get(s.txId)!))
      .sort((a, b) => a - b);
    return { events, p50Ms: pct(latencies, 0.5), p99Ms: pct(latencies, 0.99), lost: events - latencies.length };
  } finally {
    await c.stop();
  }
}

/** True when a PostgreSQL server answers at the bench's URL. */
export async function postgresReachable(): Promise<boolean> {
  const url = benchDatabaseUrl();
  if (!url) return false;
  try {
    await (await connectTo(url)).end();
    return true;
  } catch {
    return false;
  }
}
