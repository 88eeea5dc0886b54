/**
 * Issue 28: on SQLite with the update inbox (webhook mode), the chats' state writes go into the next
 * transaction the process opens (an update's handled mark at the latest) instead of one of their
 * own each. A write settles at once and is read back at once; it reaches the database with the
 * next transaction, or by itself a moment later when none comes; a transaction rolled back for its
 * own reason does not lose it; closing the store writes what waits.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { get } from "../../src/store/kv-storage.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createTestDatabase, type TestDatabase } from "../support/test-store.js";
import { waitUntil } from "../support/wait.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("state writes riding the next commit (SQLite, webhook mode)", () => {
  const sealer = createSealer([randomBytes(32)]);
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    store = await openStore(database.location, sealer, { rideNextCommit: true });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const stored = (key: string) => get(store.raw.conn, key);
  /** Rows changed on the connection so far: a write of its own would add to it. */
  const changes = () => (store.raw.sqlite!.prepare("select total_changes() as n").get() as { n: number }).n;

  it("a write settles at once, is read back at once, and goes into the next transaction", async () => {
    await store.prompts.write("1", { id: "check", messageId: 5 });
    expect(await store.prompts.read("1")).toEqual({ id: "check", messageId: 5 });
    expect(store.prompts.knownAbsent("1")).toBe(false);
    // no transaction of its own yet
    expect(await stored("prompt:1")).toBeNull();

    await store.transaction(() => Promise.resolve());
    expect(JSON.parse((await stored("prompt:1"))!)).toEqual({ id: "check", messageId: 5 });
    const after = changes();
    // carried once: the moment it would have waited for passes without a second write
    await sleep(120);
    expect(changes()).toBe(after);

    await store.prompts.delete("1");
    expect(await store.prompts.read("1")).toBeUndefined();
    expect(store.prompts.knownAbsent("1")).toBe(true);
    await store.transaction(() => Promise.resolve());
    expect(await stored("prompt:1")).toBeNull();
  });

  it("with no other transaction, a write reaches the database by itself a moment later", async () => {
    await store.conversations.write("2", { buy: [1] });
    expect(await stored("conversation:2")).toBeNull();
    await waitUntil(async () => (await stored("conversation:2")) ?? undefined, { timeoutMs: 2_000, message: "the state write never reached the database" });
    expect(JSON.parse((await stored("conversation:2"))!)).toEqual({ buy: [1] });
  });

  it("a transaction rolled back for its own reason does not lose the writes it carried", async () => {
    await store.sessions.write("3", { blog: [7] });
    await expect(
      store.transaction(() => Promise.reject(new Error("the owner's write failed"))),
    ).rejects.toThrow("the owner's write failed");
    expect(await stored("session:3")).toBeNull();
    expect(await store.sessions.read("3")).toEqual({ blog: [7] });
    // the next transaction (here the write's own, a moment later) carries it again
    await waitUntil(async () => (await stored("session:3")) ?? undefined, { timeoutMs: 2_000, message: "the write carried by a rolled-back transaction was lost" });
    expect(JSON.parse((await stored("session:3"))!)).toEqual({ blog: [7] });
  });

  it("a newer write of a key made while an older one was carried wins, and closing writes what waits", async () => {
    await store.prompts.write("4", { id: "buy", messageId: 1 });
    await store.transaction(async () => {
      // written while the transaction carrying the older value is open
      await store.prompts.write("4", { id: "buy", messageId: 2 });
    });
    expect(await store.prompts.read("4")).toEqual({ id: "buy", messageId: 2 });
    await store.close();
    const reopened = await openStore(database.location, sealer, { rideNextCommit: true });
    try {
      expect(await reopened.prompts.read("4")).toEqual({ id: "buy", messageId: 2 });
    } finally {
      await reopened.close();
    }
  });
});
