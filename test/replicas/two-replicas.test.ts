/**
 * Two replicas (`node dist/main.js`, what `npm start` runs) in webhook mode on loopback, sharing one
 * PostgreSQL database, behind a round-robin proxy; the fake Bot API delivers updates by webhook and
 * enforces Telegram's limits (429 beyond 30 sends a second or one a second per chat). Signed
 * marketplace events, and replays of each to the other replica, go through both receivers while
 * the leader is killed with SIGKILL midway and started again.
 *
 * Asserted: every event's notice arrives exactly once (a second copy only for a send in flight at
 * the kill), no 429, at most 30 sends in any second, at least a second between two sends to one
 * chat, each chat's notices in order, an update redelivered to the other replica handled once, a
 * Confirm tapped twice (one tap on each replica) placing one order, and every watcher tick run by
 * one replica.
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
import { startSandbox, type Sandbox } from "../../src/dev/sandbox/index.js";
import { BuyCard } from "../../src/bot/features/buy/callbacks.js";
import { tronAddressFromAccountId } from "../../src/tron/address.js";

const TOKEN = "424242:AAE_two-replicas-test-token-0123456789";
const SECRETS_KEY = randomBytes(32).toString("base64");
const CHATS = 24;
const EVENTS_PER_CHAT = 5;
// users who talk to the bot (its replies are not the sender's: kept apart from the notified chats)
const HELP_USER = 699_001;
const BUYER = 699_002;

let tg: FakeBotApi;
let set: ReplicaSet;
let databaseUrl: string;
let store: Store;
let sandbox: Sandbox;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  buildOnce();
  databaseUrl = await createTestDatabase("replicas");
  sandbox = await startSandbox({ port: 0, fillDelayMs: 600_000 });
  tg = await startFakeBotApi({ token: TOKEN, rateLimit: { globalPerSecond: 30, perChatPerSecond: 1 } });
  set = await startReplicaSet(
    replicaEnv({
      token: TOKEN,
      apiRoot: tg.apiRoot,
      databaseUrl,
      secretsKey: SECRETS_KEY,
      // the buyer's marketplace (the notices need none); orders fill long after the test
      marketplaceUrl: sandbox.url,
      extra: { LEADER_RETRY_MS: "250", LEADER_QUIET_MS: "1000", WATCH_ORDERS_CRON: "* * * * * *", LOG_LEVEL: "debug" },
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

/** The notices Telegram accepted: each with its chat, the transaction it tells of, and when. */
function acceptedNotices(): Array<{ chatId: number; txId: string; at: number }> {
  return tg
    .callsOf("sendMessage")
    .filter((c: RecordedCall) => (c.response as { ok?: boolean }).ok === true)
    .flatMap((c) => {
      const txId = NOTICE_TX.exec(String(c.payload.text))?.[0];
      return txId ? [{ chatId: Number(c.payload.chat_id), txId, at: c.at }] : [];
    });
}

describePg("two replicas on one PostgreSQL", () => {
  it("notify every event once, within Telegram's limits and in order, through a leader killed midway", { timeout: 180_000 }, async () => {
    const endpoints = await givenChatsWithEndpoints(store, CHATS, 700_000);
    await waitUntil(() => set.leaderName(), { timeoutMs: 10_000 });

    // an update Telegram redelivers to the other replica is handled once: the first replica's
    // answer is lost on its way back, so the fake Bot API delivers the update again
    set.proxy.dropNextAnswer((path) => path.startsWith("/telegram/"));
    await tg.sendText({ userId: HELP_USER, text: "/help" });
    await waitUntil(() => tg.messages(HELP_USER).some((m) => m.from === "bot"), { timeoutMs: 10_000 });

    // Confirm tapped twice, the taps reaching different replicas (the proxy alternates): one order.
    // The buy flow's own steps alternate between the replicas too (its state is in the database).
    const { accountId } = sandbox.control.createAccount({ trx: "1000" });
    const { key } = sandbox.control.createKey(accountId, { scope: "purchase" });
    await store.users.touch(BUYER, BUYER);
    await store.apiKeys.add(BUYER, { apiKey: key, label: "main" });
    await tg.sendText({ userId: BUYER, text: `/buy energy ${tronAddressFromAccountId(randomBytes(20))} 65k 1h` });
    const card = await tg.waitForCall("sendMessage", (p) => p.chat_id === BUYER && /Total to pay/.test(String(p.text)), 15_000);
    const messageId = (card.response as { result: { message_id: number } }).result.message_id;
    const intentId = tg
      .buttons(BUYER)
      .map((b) => (b.callbackData ? BuyCard.confirm.unpack(b.callbackData)?.intent : undefined))
      .find((id) => id !== undefined)!;
    await waitUntil(async () => (await store.orders.get(intentId))?.messageId === messageId || undefined, { timeoutMs: 10_000 });
    const data = BuyCard.confirm.pack({ intent: intentId });
    const servedBefore = new Map(set.proxy.served);
    await Promise.all([tg.tap({ userId: BUYER, messageId, data }), tg.tap({ userId: BUYER, messageId, data })]);
    await waitUntil(() => tg.callsOf("answerCallbackQuery").length >= 2 || undefined, { timeoutMs: 15_000 });
    await waitUntil(async () => (await store.orders.get(intentId))?.state === "placed" || undefined, { timeoutMs: 15_000 });
    // each replica took one of the two taps (counted once a replica has answered its webhook request)
    const tapsServed = () => [...set.proxy.served].map(([backend, n]) => n - (servedBefore.get(backend) ?? 0));
    await waitUntil(() => tapsServed().reduce((a, b) => a + b, 0) >= 2 || undefined, { timeoutMs: 10_000 });
    expect(tapsServed()).toEqual([1, 1]);
    expect(sandbox.control.orderCount(accountId)).toBe(1);
    expect(sandbox.control.ledger(accountId).filter((e) => e.kind === "charge")).toHaveLength(1);
    // the bot's replies must not share a second with the notices' burst (Telegram's 30/s counts both)
    await new Promise((resolve) => setTimeout(resolve, 1100));

    // every event to one receiver, its replay to the other (the proxy alternates)
    const sent: Array<{ chatId: number; txId: string }> = [];
    let killed = false;
    for (let n = 0; n < EVENTS_PER_CHAT; n++) {
      await Promise.all(
        endpoints.map(async (e) => {
          expect(await deliverEvent(set.proxy.url, e, n)).toBe(200);
          // the replay (the proxy alternates: to the other replica), acknowledged and changing nothing
          expect(await deliverEvent(set.proxy.url, e, n)).toBe(200);
          sent.push({ chatId: e.chatId, txId: txIdOf(e.chatId, n) });
        }),
      );
      if (n === 1) {
        // midway: the leader dies without a word, and comes back
        await waitUntil(() => acceptedNotices().length >= CHATS / 2, { timeoutMs: 20_000 });
        const leader = set.leaderName()!;
        await set.kill(leader);
        killed = true;
        await set.start(leader);
      }
    }

    await waitUntil(() => new Set(acceptedNotices().map((x) => x.txId)).size === sent.length, { timeoutMs: 60_000, intervalMs: 100 });
    const notices = acceptedNotices();

    // every event notified; a second copy only for what the killed leader had in flight (≤ 30)
    const copies = new Map<string, number>();
    for (const x of notices) copies.set(x.txId, (copies.get(x.txId) ?? 0) + 1);
    expect([...copies.keys()].sort()).toEqual(sent.map((s) => s.txId).sort());
    const twice = [...copies.values()].filter((c) => c > 1);
    expect(twice.every((c) => c === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(30);
    expect(killed).toBe(true);

    // Telegram's limits held across replicas: no 429, ≤ 30 in any second, ≥ 1 s per chat, order kept
    const all = tg.callsOf("sendMessage");
    expect(all.filter((c) => (c.response as { error_code?: number }).error_code === 429)).toEqual([]);
    const times = all.map((c) => c.at).sort((a, b) => a - b);
    for (let i = 30; i < times.length; i++) expect(times[i]! - times[i - 30]!).toBeGreaterThanOrEqual(1000);
    for (const e of endpoints) {
      const mine = notices.filter((x) => x.chatId === e.chatId);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.at - mine[i - 1]!.at).toBeGreaterThanOrEqual(1000);
      const firstSeen = [...new Set(mine.map((x) => x.txId))];
      expect(firstSeen).toEqual([...firstSeen].sort());
    }

    // the /help sent before: answered once although delivered through both replicas' path
    expect(tg.messages(HELP_USER).filter((m) => m.from === "bot")).toHaveLength(1);
    expect(set.proxy.answersDropped()).toBe(1);

    // one watcher run per tick across the replicas
    const claimed = set.logs.filter((l) => l.includes('"watch tick claimed"')).map((l) => {
      const { job, slot } = JSON.parse(l) as { job: string; slot: string };
      return `${job}@${slot}`;
    });
    expect(claimed.length).toBeGreaterThan(2);
    expect(new Set(claimed).size).toBe(claimed.length);
  });
});
