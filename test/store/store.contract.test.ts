/**
 * The store's contract, held by both engines: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set (see test/support/pg-setup.ts). Each engine gets a fresh database (a schema of its own on PG).
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireLease } from "../../src/store/leader-lease.js";
import { LEADER_LEASE } from "../../src/cluster/leader.js";
import { openStore, StoreClosedError, StoreMisuseError, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { fileOf } from "../../src/store/outbox.js";
import { ROUTE_TTL_MS } from "../../src/store/webhooks.js";
import { LANGUAGE_TTL_MS } from "../../src/store/users.js";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../support/test-store.js";

const engines: TestEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "pg"] : ["sqlite"];

describe.each(engines)("store contract on %s", (engine) => {
  let database: TestDatabase;
  let store: Store;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await openStore(database.location, createSealer([randomBytes(32)]));
    for (const chat of [1, 2, 3]) await store.users.touch(chat, chat);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const enqueue = (chatId: number, key: string) => store.outbox.enqueue({ chatId, dedupeKey: key, text: key });

  it("says which engine it is", () => {
    expect(store.dialect).toBe(engine);
    expect(typeof store.connectDedicated).toBe(engine === "pg" ? "function" : "undefined");
  });

  it("outbox: a dedupe key is stored once; a chat that blocked the bot gets it as blocked", async () => {
    expect(await enqueue(1, "k")).toBe(true);
    expect(await enqueue(1, "k")).toBe(false);
    await store.users.setBlockedByChat(2, true);
    expect(await enqueue(2, "b")).toBe(true);
    expect((await store.outbox.getByDedupeKey("b"))?.status).toBe("blocked");
    expect(await store.outbox.pendingCount()).toBe(1);
  });

  it("outbox claim: per chat only the oldest pending row, chats in id order, skipChats and limit respected", async () => {
    for (const key of ["1a", "2a", "1b", "3a", "2b"]) await enqueue(Number(key[0]), key);
    const first = await store.outbox.claim({ owner: "r1", limit: 10, leaseMs: 30_000 });
    expect(first.map((r) => r.dedupeKey)).toEqual(["1a", "2a", "3a"]);
    expect(first.every((r) => r.leaseOwner === "r1" && r.leaseUntil !== null)).toBe(true);
    // leased heads block their chats: nothing more to claim
    expect(await store.outbox.claim({ owner: "r2", limit: 10, leaseMs: 30_000 })).toEqual([]);
    expect(await store.outbox.markSent(first[0]!.id, "r1", Date.now())).toBe(true);
    expect((await store.outbox.claim({ owner: "r1", limit: 10, leaseMs: 30_000, skipChats: [1] })).map((r) => r.dedupeKey)).toEqual([]);
    expect((await store.outbox.claim({ owner: "r1", limit: 1, leaseMs: 30_000 })).map((r) => r.dedupeKey)).toEqual(["1b"]);
  });

  it("outbox claim: two claimers at once never take the same row or two rows of one chat", async () => {
    for (let chat = 1; chat <= 3; chat++) for (let i = 0; i < 3; i++) await enqueue(chat, `${chat}:${i}`);
    const [a, b] = await Promise.all([
      store.outbox.claim({ owner: "a", limit: 10, leaseMs: 30_000 }),
      store.outbox.claim({ owner: "b", limit: 10, leaseMs: 30_000 }),
    ]);
    const all = [...a, ...b];
    expect(all.map((r) => r.dedupeKey).sort()).toEqual(["1:0", "2:0", "3:0"]);
  });

  it("outbox leases: settling checks the owner; a takeover releases a gone owner's rows at once", async () => {
    await enqueue(1, "x");
    await enqueue(2, "y");
    const [x, y] = await store.outbox.claim({ owner: "old", limit: 10, leaseMs: 60_000 });
    expect(await store.outbox.claim({ owner: "new", limit: 10, leaseMs: 60_000 })).toEqual([]);
    expect(await store.outbox.releaseLeasesExcept("new")).toBe(2);
    const again = await store.outbox.claim({ owner: "new", limit: 10, leaseMs: 60_000 });
    expect(again.map((r) => r.id)).toEqual([x!.id, y!.id]);
    // the old owner's late answer no longer settles a row it lost
    expect(await store.outbox.markSent(x!.id, "old", Date.now())).toBe(false);
    expect(await store.outbox.markFailed(y!.id, "old", "400")).toBe(false);
    expect(await store.outbox.markSent(x!.id, "new", Date.now())).toBe(true);
    expect(await store.outbox.markFailed(y!.id, "new", "400: bad")).toBe(true);
    expect((await store.outbox.getByDedupeKey("y"))?.status).toBe("dead");
    // a clean stop releases only its own leases
    await enqueue(3, "z");
    await store.outbox.claim({ owner: "new", limit: 10, leaseMs: 60_000 });
    expect(await store.outbox.releaseLeasesOf("someone-else")).toBe(0);
    expect(await store.outbox.releaseLeasesOf("new")).toBe(1);
  });

  it("outbox retry: back to pending, due later, not claimable before", async () => {
    await enqueue(1, "r");
    const [row] = await store.outbox.claim({ owner: "o", limit: 1, leaseMs: 60_000 });
    expect(await store.outbox.retryAt(row!.id, "o", Date.now() + 60_000, "502", true)).toBe(true);
    expect(await store.outbox.claim({ owner: "o", limit: 1, leaseMs: 60_000 })).toEqual([]);
    expect(await store.outbox.nextDueAt()).toBeGreaterThan(Date.now());
  });

  it("outbox files: a photo or document keeps its bytes exactly until settled, then they are cleared; a text row has none", async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x80]);
    await store.outbox.enqueue({ chatId: 1, dedupeKey: "chart", text: "caption", file: { kind: "photo", name: "a.png", bytes } });
    await store.outbox.enqueue({ chatId: 2, dedupeKey: "csv", text: "", file: { kind: "document", name: "a.csv", bytes: Buffer.from("\uFEFF\"kind\"\r\n", "utf8") } });
    await enqueue(3, "plain");
    const claimed = await store.outbox.claim({ owner: "o", limit: 10, leaseMs: 60_000 });
    expect(claimed.map((r) => [r.dedupeKey, fileOf(r)?.kind, fileOf(r)?.name])).toEqual([
      ["chart", "photo", "a.png"],
      ["csv", "document", "a.csv"],
      ["plain", undefined, undefined],
    ]);
    expect(fileOf(claimed[0]!)?.bytes.equals(bytes)).toBe(true);
    expect(fileOf(claimed[1]!)?.bytes.toString("utf8")).toBe("\uFEFF\"kind\"\r\n");
    expect(await store.outbox.markSent(claimed[0]!.id, "o", Date.now())).toBe(true);
    expect(await store.outbox.markFailed(claimed[1]!.id, "o", "400: bad")).toBe(true);
    const [sent, dead] = [await store.outbox.getByDedupeKey("chart"), await store.outbox.getByDedupeKey("csv")];
    expect([sent?.status, sent?.fileKind, sent?.fileBase64]).toEqual(["sent", "photo", null]);
    expect([dead?.status, dead?.fileKind, dead?.fileBase64]).toEqual(["dead", "document", null]);
  });

  it("transactions: bound repositories commit together, a throw rolls everything back", async () => {
    await store.transaction(async (tx) => {
      await tx.outbox.enqueue({ chatId: 1, dedupeKey: "t1", text: "t" });
      await tx.users.update(1, { notifyFires: true });
    });
    expect(await store.outbox.getByDedupeKey("t1")).toBeDefined();
    await expect(
      store.transaction(async (tx) => {
        await tx.outbox.enqueue({ chatId: 1, dedupeKey: "t2", text: "t" });
        await tx.users.update(1, { notifyFires: false });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await store.outbox.getByDedupeKey("t2")).toBeUndefined();
    expect((await store.users.get(1))?.notifyFires).toBe(true);
  });

  it("after commit: a callback runs once the transaction's writes are visible, never after a rollback, at once outside one", async () => {
    const seen: Array<Promise<unknown>> = [];
    const look = (key: string) => () => void seen.push(store.outbox.getByDedupeKey(key));
    await store.transaction(async (tx) => {
      await tx.outbox.enqueue({ chatId: 1, dedupeKey: "c1", text: "t" });
      store.afterCommit(look("c1"));
      expect(seen).toHaveLength(0);
    });
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toMatchObject({ dedupeKey: "c1" });
    await expect(
      store.transaction(async (tx) => {
        await tx.outbox.enqueue({ chatId: 1, dedupeKey: "c2", text: "t" });
        store.afterCommit(look("c2"));
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(seen).toHaveLength(1);
    store.afterCommit(look("c1"));
    expect(seen).toHaveLength(2);
  });

  it("transactions: the store's own repositories refuse to be used inside one", async () => {
    await expect(store.transaction(() => store.outbox.enqueue({ chatId: 1, dedupeKey: "leak", text: "t" }))).rejects.toThrow(StoreMisuseError);
    expect(await store.outbox.getByDedupeKey("leak")).toBeUndefined();
  });

  it("transactions: misuse is caught in a transaction still open after another one ended, and never outside one", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = store.transaction(async (tx) => {
      await gate;
      await tx.outbox.enqueue({ chatId: 1, dedupeKey: "first", text: "t" });
    });
    // open meanwhile (on SQLite it waits for its turn); it misuses the store once the first has ended
    const second = store.transaction(async () => {
      await first;
      await store.outbox.enqueue({ chatId: 1, dedupeKey: "leak", text: "t" });
    });
    release();
    await first;
    await expect(second).rejects.toThrow(StoreMisuseError);
    expect(await store.outbox.getByDedupeKey("leak")).toBeUndefined();
    // outside every transaction the same call is what it should be
    expect(await store.outbox.enqueue({ chatId: 1, dedupeKey: "after", text: "t" })).toBe(true);
    // and a transaction opened after all of them ended still knows its own code
    await expect(store.transaction(() => store.transaction(() => Promise.resolve()))).rejects.toThrow(StoreMisuseError);
  });

  it("pending keys: a pasted key is taken once, even by two takers at the same moment", async () => {
    const now = Date.now();
    await store.pendingKeys.hold(1, "sbx_full_AbCdEfGhIjKlMnOpQrStUv", now);
    const taken = await Promise.all([store.pendingKeys.take(1, now), store.pendingKeys.take(1, now)]);
    expect(taken.filter((k) => k !== undefined)).toEqual(["sbx_full_AbCdEfGhIjKlMnOpQrStUv"]);
    expect(await store.pendingKeys.take(1, now)).toBeUndefined();
    // one past its time is gone too
    await store.pendingKeys.hold(2, "sbx_full_AbCdEfGhIjKlMnOpQrStUv", now - 11 * 60_000);
    expect(await store.pendingKeys.take(2, now)).toBeUndefined();
  });

  it("closing: a write queued before close is kept; every call after close began gets StoreClosedError; close twice is one close", async () => {
    const queued = store.sessions.write("1", { at: "before close" });
    const closing = store.close();
    const again = store.close();
    await expect(store.users.get(1)).rejects.toBeInstanceOf(StoreClosedError);
    await expect(store.transaction((tx) => tx.users.get(1))).rejects.toBeInstanceOf(StoreClosedError);
    await queued;
    await Promise.all([closing, again]);
    await expect(store.sessions.read("1")).rejects.toBeInstanceOf(StoreClosedError);
    await expect(store.sessions.write("1", {})).rejects.toBeInstanceOf(StoreClosedError);
    const reopened = await openStore(database.location, createSealer([randomBytes(32)]));
    try {
      expect(await reopened.sessions.read("1")).toEqual({ at: "before close" });
    } finally {
      await reopened.close();
    }
  });

  it("events waiting for the outbox: listed per endpoint oldest first, applied once by compare-and-set; counts stop at their limit", async () => {
    const endpoint = await store.webhooks.ensureForUser(1, null);
    const record = (eventId: string, applied: boolean, at: number) => store.webhooks.recordEvent(endpoint.id, { eventId, type: "order.filled", payload: "{}", applied }, at);
    expect(await record("e1", true, 1_000)).toBe(true);
    expect(await store.webhooks.hasWaiting(endpoint.id)).toBe(false);
    expect(await record("e3", false, 3_000)).toBe(true);
    expect(await record("e2", false, 2_000)).toBe(true);
    expect(await record("e2", false, 4_000)).toBe(false); // a replay stays one event
    expect(await store.webhooks.hasWaiting(endpoint.id)).toBe(true);
    expect(await store.webhooks.endpointsWithWaiting(10)).toEqual([{ id: endpoint.id, userId: 1 }]);
    expect((await store.webhooks.waiting(endpoint.id, 10)).map((e) => [e.eventId, e.receivedAt])).toEqual([["e2", 2_000], ["e3", 3_000]]);
    expect((await store.webhooks.waiting(endpoint.id, 1)).map((e) => e.eventId)).toEqual(["e2"]);

    const [a, b] = await Promise.all([store.webhooks.markApplied(endpoint.id, "e2", 5_000), store.webhooks.markApplied(endpoint.id, "e2", 5_000)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await store.webhooks.markApplied(endpoint.id, "e1", 5_000)).toBe(false); // applied when it arrived
    expect(await store.webhooks.markApplied(endpoint.id, "e3", 6_000)).toBe(true);
    expect(await store.webhooks.hasWaiting(endpoint.id)).toBe(false);
    expect(await store.webhooks.endpointsWithWaiting(10)).toEqual([]);

    for (const key of ["1a", "1b", "1c", "2a"]) await enqueue(Number(key[0]), key);
    expect(await store.outbox.pendingForChat(1, 2)).toBe(2);
    expect(await store.outbox.pendingForChat(1, 10)).toBe(3);
    expect(await store.outbox.pendingForChat(3, 10)).toBe(0);
    expect(await store.outbox.holdsAtLeast(4)).toBe(true);
    expect(await store.outbox.holdsAtLeast(5)).toBe(false);
  });

  it.runIf(engine === "pg")("webhook routes: a replica sees an endpoint another one removed within ROUTE_TTL_MS, and a ping stamp at once", async () => {
    const other = await openStore(database.location, createSealer([randomBytes(32)]));
    try {
      const endpoint = await store.webhooks.ensureForUser(1, null);
      expect((await store.webhooks.routeFor(endpoint.routeToken))?.enabled).toBe(true);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      await other.webhooks.markPingRequested(endpoint.id, 4242);
      // the route read a moment ago still serves; what a ping needs is read afresh
      expect(await store.webhooks.lastPingAt(endpoint.id)).toBe(4242);
      expect(await other.webhooks.remove(1, endpoint.id)).toBe(true);
      expect((await store.webhooks.routeFor(endpoint.routeToken))?.id).toBe(endpoint.id);
      vi.advanceTimersByTime(ROUTE_TTL_MS);
      expect(await store.webhooks.routeFor(endpoint.routeToken)).toBeUndefined();
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it("users.seen records the user and answers their chosen language, whether the record changed or not", async () => {
    const users = store.users;
    expect(await users.seen(40, 40, "de")).toBeNull(); // new: recorded, nothing chosen
    expect(await users.get(40)).toMatchObject({ chatId: 40, languageCode: "de", blocked: false });
    await users.setLanguage(40, "ru");
    expect(await users.seen(40, 40, "de")).toBe("ru"); // nothing changed
    expect(await users.seen(40, undefined, "en")).toBe("ru"); // Telegram's language changed
    expect(await users.get(40)).toMatchObject({ chatId: 40, languageCode: "en" });
    await users.setBlockedByChat(40, true);
    expect(await users.seen(40, 40, undefined)).toBe("ru"); // unblocked, the language kept
    expect(await users.get(40)).toMatchObject({ blocked: false, languageCode: "en" });
    expect(await users.seen(41, undefined, undefined)).toBeNull(); // a user seen outside a private chat first
    expect(await users.get(41)).toMatchObject({ chatId: 41, languageCode: null });
  });

  it.runIf(engine === "pg")("users: a language chosen through another replica is read by the next update at once, and by a flow's replayed steps within LANGUAGE_TTL_MS", async () => {
    const other = await openStore(database.location, createSealer([randomBytes(32)]));
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      expect(await store.users.seen(50, 50, "en")).toBeNull();
      expect(await store.users.getLanguage(50)).toBeNull();
      await other.users.setLanguage(50, "zh");
      expect(await store.users.getLanguage(50)).toBeNull(); // read a moment ago
      vi.advanceTimersByTime(LANGUAGE_TTL_MS);
      expect(await store.users.getLanguage(50)).toBe("zh");
      await other.users.setLanguage(50, "ru");
      expect(await store.users.seen(50, 50, "en")).toBe("ru"); // every update reads it afresh
      expect(await store.users.getLanguage(50)).toBe("ru");
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it("cron ticks: only the first claimer of a slot runs it", async () => {
    const claims = await Promise.all(["a", "b", "c"].map((owner) => store.ticks.claim("orders", "2026-11-24T00:00:20Z", owner)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.ticks.claim("orders", "2026-11-24T00:00:40Z", "b")).toBe(true);
    expect(await store.ticks.claim("rules", "2026-11-24T00:00:20Z", "b")).toBe(true);
    expect(await store.ticks.prune(Date.now() + 1)).toBe(3);
  });

  it("processed updates: true the first time an update id is seen, pruned by age", async () => {
    const seen = await Promise.all([store.updates.markProcessed(900_000_001), store.updates.markProcessed(900_000_001)]);
    expect(seen.sort()).toEqual([false, true]);
    expect(await store.updates.markProcessed(2 ** 40)).toBe(true);
    expect(await store.updates.prune(Date.now() + 1)).toBe(2);
    expect(await store.updates.markProcessed(900_000_001)).toBe(true);
  });

  it("readiness: a leader is known on SQLite at once, on PostgreSQL only while a leader lease is live", async () => {
    if (engine === "sqlite") return expect(await store.leaderKnown()).toBe(true);
    expect(await store.leaderKnown()).toBe(false);
    const client = await store.connectDedicated!();
    try {
      expect(await acquireLease(client, LEADER_LEASE, "a", 60_000)).toBeDefined();
      expect(await store.leaderKnown()).toBe(true);
    } finally {
      await client.end();
    }
  });

  it("update inbox: a batch records only new ids; waiting updates come oldest first per chat until handled; handled ones are pruned by age", async () => {
    const at = Date.now();
    const first = await store.transaction((tx) =>
      tx.updates.record(
        [
          { updateId: 12, chatKey: "c1", payload: '{"update_id":12}' },
          { updateId: 11, chatKey: "c1", payload: '{"update_id":11}' },
          { updateId: 13, chatKey: "c2", payload: '{"update_id":13}' },
        ],
        at,
      ),
    );
    expect([...first].sort()).toEqual([11, 12, 13]);
    // a redelivery in a later batch is not new
    expect([...(await store.transaction((tx) => tx.updates.record([{ updateId: 12, chatKey: "c1", payload: "{}" }, { updateId: 14, chatKey: "c3", payload: "{}" }], at)))]).toEqual([14]);
    expect((await store.updates.waiting(["c1"])).map((e) => [e.updateId, e.payload])).toEqual([
      [11, '{"update_id":11}'],
      [12, '{"update_id":12}'],
    ]);
    expect((await store.updates.chatsWaiting(10)).sort()).toEqual(["c1", "c2", "c3"]);
    expect(await store.updates.backlog()).toEqual({ count: 4, oldestAt: at });

    await store.transaction((tx) => tx.updates.markHandled([11, 13], at + 1));
    expect((await store.updates.waiting(["c1", "c2"])).map((e) => e.updateId)).toEqual([12]);
    expect((await store.updates.chatsWaiting(10)).sort()).toEqual(["c1", "c3"]);
    // only handled rows are pruned (here one at a time: in chunks): the waiting ones are still to be handled
    expect(await store.updates.prune(at + 10, 1)).toBe(2);
    expect((await store.updates.backlog()).count).toBe(2);
  });

  it.runIf(engine === "pg")("chat leases: one holder at a time until it lapses; let go only with nothing waiting", async () => {
    expect([...(await store.chatLeases.take(["c1", "c2", "c1"], "a", 60_000))].sort()).toEqual(["c1", "c2"]);
    // held by a: b gets only the free chat; a takes its own again (renewal)
    expect([...(await store.chatLeases.take(["c1", "c3"], "b", 60_000))]).toEqual(["c3"]);
    expect([...(await store.chatLeases.take(["c1"], "a", 60_000))]).toEqual(["c1"]);
    expect([...(await store.chatLeases.renew(["c1", "c3"], "a", 60_000))]).toEqual(["c1"]);
    // nobody else's chats are swept while their leases live; a lapsed lease frees the chat
    await store.transaction((tx) => tx.updates.record([{ updateId: 21, chatKey: "c1", payload: "{}" }, { updateId: 22, chatKey: "c4", payload: "{}" }], Date.now()));
    expect(await store.updates.chatsWaiting(10)).toEqual(["c4"]);
    await store.chatLeases.take(["c4"], "b", -1);
    expect(await store.updates.chatsWaiting(10)).toEqual(["c4"]);
    expect([...(await store.chatLeases.take(["c4"], "a", 60_000))]).toEqual(["c4"]);
    // c1 has an update waiting: a keeps it; c2 has none: let go
    expect(await store.chatLeases.releaseIdle(["c1", "c2"], "a")).toEqual(["c1"]);
    expect([...(await store.chatLeases.take(["c2"], "b", 60_000))]).toEqual(["c2"]);
    await store.chatLeases.releaseAll("a");
    expect([...(await store.chatLeases.take(["c1", "c4"], "b", 60_000))].sort()).toEqual(["c1", "c4"]);
  });

  it("processed updates and users: each row is stamped with the time of its own write, not the first one's", async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await store.updates.markProcessed(1);
    await store.users.touch(41, 41);
    await sleep(30);
    const between = Date.now();
    await sleep(30);
    await store.updates.markProcessed(2);
    await store.users.touch(42, undefined);
    // only the older id is pruned: the newer one's time is its own
    expect(await store.updates.prune(between)).toBe(1);
    expect(await store.updates.markProcessed(2)).toBe(false);
    expect((await store.users.get(41))!.createdAt).toBeLessThan(between);
    expect((await store.users.get(42))!.createdAt).toBeGreaterThan(between);
  });

  it("order intents: previewed → placing by compare-and-set, once settled never again", async () => {
    const intent = await store.orders.createIntent({ userId: 1, keyId: 1, chatId: 1, resource: "energy", targetAddress: "T", volume: 2n ** 60n, duration: "1d" });
    expect(intent.volume).toBe(String(2n ** 60n));
    const placing = await Promise.all([store.orders.markPlacing(intent.intentId), store.orders.markPlacing(intent.intentId)]);
    expect(placing).toEqual([true, true]); // a retry of the same placement may go on (same Idempotency-Key)
    await store.orders.markPlaced(intent.intentId, { orderId: "o1", status: "Created", totalTrx: "1", txId: null });
    expect(await store.orders.markPlacing(intent.intentId)).toBe(false);
    expect(await store.orders.markCancelled(intent.intentId)).toBe(false);
    expect(await store.orders.abandonPlacing(intent.intentId, intent.updatedAt, "x")).toBe(false);
    expect((await store.orders.getByOrderId("o1"))?.state).toBe("placed");
  });

  it("64-bit chat ids and millisecond times round-trip as numbers", async () => {
    const big = 2 ** 40 + 7;
    await store.users.touch(big, -big);
    expect(await store.users.get(big)).toMatchObject({ id: big, chatId: -big });
    expect(typeof (await store.users.get(big))!.createdAt).toBe("number");
  });
});
