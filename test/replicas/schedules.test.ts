/**
 * Scheduled purchases on two replicas as `npm start` runs them (`node dist/main.js`), sharing one
 * PostgreSQL database, in real time: a schedule due at the next minute is bought once although
 * the leader is killed with SIGKILL as soon as the run is claimed (before, during or after placing
 * its order, whichever the timing gives): the other replica leads, takes an open run up again with
 * the same Idempotency-Key, and the marketplace holds one order; one run row, one notice.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describePg, dropTestDatabase, testDatabaseUrl } from "../support/postgres.js";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { buildOnce, replicaEnv, startReplicaSet, type ReplicaSet } from "../support/replica-set.js";
import { waitUntil } from "../support/wait.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { startSandbox, type Sandbox } from "../../src/dev/sandbox/index.js";
import { formatTime } from "../../src/schedules/due.js";
import { RETRY_MS } from "../../src/schedules/runner.js";

const TOKEN = "424243:AAE_schedules-replicas-token-0123456789";
const SECRETS_KEY = randomBytes(32).toString("base64");
const USER = 699_501;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

let tg: FakeBotApi;
let set: ReplicaSet;
let databaseUrl: string;
let store: Store;
let sandbox: Sandbox;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  buildOnce();
  databaseUrl = await createTestDatabase("schedreplicas");
  sandbox = await startSandbox({ port: 0, fillDelayMs: 600_000 });
  tg = await startFakeBotApi({ token: TOKEN });
  set = await startReplicaSet(
    replicaEnv({
      token: TOKEN,
      apiRoot: tg.apiRoot,
      databaseUrl,
      secretsKey: SECRETS_KEY,
      marketplaceUrl: sandbox.url,
      extra: { LEADER_RETRY_MS: "250", LEADER_QUIET_MS: "500", LEADER_LEASE_MS: "1500", WATCH_SCHEDULES_CRON: "* * * * * *", LOG_LEVEL: "info" },
    }),
  );
  await set.start("a");
  await set.start("b");
  store = await openStore({ databasePath: ":memory:", databaseUrl }, createSealer([Buffer.from(SECRETS_KEY, "base64")]));
}, 120_000);

afterAll(async () => {
  await set?.stop();
  await store?.close();
  await tg?.stop();
  await sandbox?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

describePg("scheduled purchases on two replicas with a leader kill", () => {
  it("a time due at the next minute is bought once, the leader killed as soon as it claimed the run", async () => {
    await waitUntil(() => set.leaderName(), { timeoutMs: 20_000, message: "no leader elected" });
    const { accountId } = sandbox.control.createAccount({ trx: "1000" });
    const { key } = sandbox.control.createKey(accountId, { scope: "purchase" });
    await store.users.touch(USER, USER);
    const keyRow = await store.apiKeys.add(USER, { apiKey: key, label: "main" });
    // the next whole minute at least 10 s away, every day, in UTC
    const now = Date.now();
    let due = Math.ceil(now / 60_000) * 60_000;
    if (due - now < 10_000) due += 60_000;
    const minutes = new Date(due).getUTCHours() * 60 + new Date(due).getUTCMinutes();
    const schedule = (await store.schedules.add(
      { userId: USER, keyId: keyRow.id, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1h", days: "0123456", time: formatTime(minutes), timeZone: "UTC", notify: "all" },
      now,
    ))!;

    // the leader claims the run within a second or two of the due time; it is killed at once
    const leader = set.leaderName()!;
    const follower = leader === "a" ? "b" : "a";
    await waitUntil(async () => (await store.schedules.getRun(schedule.id, due)) !== undefined, { timeoutMs: due - Date.now() + 15_000, intervalMs: 20, message: "the run was not claimed" });
    await set.kill(leader);

    await waitUntil(() => set.leaderName() === follower, { timeoutMs: 15_000, message: "the other replica did not take over" });
    await waitUntil(async () => (await store.schedules.getRun(schedule.id, due))?.state === "placed", {
      timeoutMs: RETRY_MS + 30_000,
      intervalMs: 200,
      message: "the run was not placed",
    });
    // a few more ticks of the new leader change nothing
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    expect(sandbox.control.orderCount(accountId)).toBe(1);
    expect((await store.schedules.listRuns(schedule.id)).map((r) => [r.dueAt, r.state])).toEqual([[due, "placed"]]);
    const notices = (await store.raw.conn.db.select().from(store.raw.conn.t.outbox)).filter((r) => r.dedupeKey.startsWith(`schedule:${schedule.id}:`));
    expect(notices.map((r) => r.dedupeKey)).toEqual([`schedule:${schedule.id}:${due}@${USER}`]);
  }, 180_000);
});
