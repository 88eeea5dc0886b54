/**
 * A leader frozen with SIGSTOP (a paused VM, a stuck process: its sockets stay open, PostgreSQL sees
 * nothing wrong) is replaced by the other replica within 10 s through the lease; the events received
 * meanwhile are notified once, and the old leader, resumed with SIGCONT, sends nothing more: its
 * term is over and its claims are fenced by the epoch. Two real processes (`node dist/main.js`).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describePg, dropTestDatabase, testDatabaseUrl } from "../support/postgres.js";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { buildOnce, replicaEnv, startReplicaSet, type ReplicaSet } from "../support/replica-set.js";
import { deliverEvent, givenChatsWithEndpoints, NOTICE_TX, txIdOf } from "../support/event-endpoints.js";
import { waitUntil } from "../support/wait.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";

const TOKEN = "424243:AAE_frozen-leader-test-token-0123456789";
const SECRETS_KEY = randomBytes(32).toString("base64");
const CHATS = 4;

let tg: FakeBotApi;
let set: ReplicaSet;
let databaseUrl: string;
let store: Store;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  buildOnce();
  databaseUrl = await createTestDatabase("frozen");
  tg = await startFakeBotApi({ token: TOKEN, rateLimit: { globalPerSecond: 30, perChatPerSecond: 1 } });
  set = await startReplicaSet(
    replicaEnv({
      token: TOKEN,
      apiRoot: tg.apiRoot,
      databaseUrl,
      secretsKey: SECRETS_KEY,
      marketplaceUrl: "http://127.0.0.1:9", // no marketplace calls in this test
      extra: { LEADER_RETRY_MS: "1000", LEADER_QUIET_MS: "1500", LEADER_LEASE_MS: "5000", LOG_LEVEL: "info" },
    }),
  );
  await set.start("a");
  await set.start("b");
  store = await openStore({ databasePath: ":memory:", databaseUrl }, createSealer([Buffer.from(SECRETS_KEY, "base64")]));
}, 120_000);

afterAll(async () => {
  for (const r of set?.replicas.values() ?? []) r.child.kill("SIGCONT");
  await set?.stop();
  await store?.close();
  await tg?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** The transaction ids of the notices Telegram accepted, once per copy. */
function accepted(): string[] {
  return tg
    .callsOf("sendMessage")
    .filter((c: RecordedCall) => (c.response as { ok?: boolean }).ok === true)
    .flatMap((c) => NOTICE_TX.exec(String(c.payload.text)) ?? []);
}

describePg("a frozen leader", () => {
  it("is replaced within 10 s; what arrived meanwhile is notified once, and nothing again after it resumes", { timeout: 120_000 }, async () => {
    const endpoints = await givenChatsWithEndpoints(store, CHATS, 810_000);
    const leaderName = await waitUntil(() => set.leaderName(), { timeoutMs: 15_000 });
    const followerName = leaderName === "a" ? "b" : "a";
    const leader = set.replicas.get(leaderName)!;
    const follower = set.replicas.get(followerName)!;
    const sent: string[] = [];
    const deliverAll = async (n: number) => {
      for (const e of endpoints) {
        expect(await deliverEvent(follower.url, e, n)).toBe(200);
        sent.push(txIdOf(e.chatId, n));
      }
    };
    const allNotified = () => sent.every((tx) => accepted().includes(tx));

    await deliverAll(0);
    await waitUntil(allNotified, { timeoutMs: 20_000, intervalMs: 100 });
    // and recorded as sent: a send Telegram accepted but the leader had not marked yet when it froze
    // is sent again by the next leader (the README's "duplicates only for sends in flight")
    await waitUntil(async () => (await store.outbox.pendingCount()) === 0, { timeoutMs: 10_000, intervalMs: 50 });

    leader.child.kill("SIGSTOP");
    const stoppedAt = Date.now();
    await deliverAll(1);
    await waitUntil(() => set.leaderName() === followerName, { timeoutMs: 10_000, intervalMs: 50, message: "the follower did not take over within 10 s" });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    await waitUntil(allNotified, { timeoutMs: 15_000, intervalMs: 100 });

    // the old leader wakes up: it finds its term over and stands down, sending nothing
    leader.child.kill("SIGCONT");
    await waitUntil(() => leader.log.some((l) => l.includes("no longer the leader")), { timeoutMs: 15_000, intervalMs: 100 });
    await deliverAll(2);
    await waitUntil(allNotified, { timeoutMs: 20_000, intervalMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const copies = accepted();
    expect([...copies].sort()).toEqual([...sent].sort());
    expect(set.leaderName()).toBe(followerName);
  });
});
