/**
 * Issue 28: session and flow state written only when changed. A write of the value the key already
 * holds makes no database write (its row's updated_at stays); a changed value and a delete are
 * written. Both engines.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { get, put } from "../../src/store/kv-storage.js";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../support/test-store.js";

const engines: TestEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "pg"] : ["sqlite"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)("session and conversation storage on %s", (engine) => {
  let database: TestDatabase;
  let store: Store;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await openStore(database.location, createSealer([randomBytes(32)]));
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const updatedAt = async (key: string) => {
    const { db, t } = store.raw.conn;
    const [row] = await db.select({ at: t.botStorage.updatedAt }).from(t.botStorage).where(eq(t.botStorage.key, key));
    return row?.at;
  };

  it("a value read and handed back unchanged is not written; a changed one is", async () => {
    await store.sessions.write("7", { blog: [] });
    const written = await updatedAt("session:7");
    expect(written).toBeDefined();
    await sleep(5);
    const read = await store.sessions.read("7");
    await store.sessions.write("7", read);
    expect(await updatedAt("session:7")).toBe(written);
    await store.sessions.write("7", { gated: { flow: "buy", messageId: 1, at: 1 } });
    expect(await updatedAt("session:7")).toBeGreaterThan(written!);
    expect(await store.sessions.read("7")).toEqual({ gated: { flow: "buy", messageId: 1, at: 1 } });
  });

  it("deletes: a stored key is deleted, an absent one stays absent", async () => {
    expect(await store.conversations.read("8")).toBeUndefined();
    await store.conversations.delete("8");
    expect(await get(store.raw.conn, "conversation:8")).toBeNull();
    await store.conversations.write("8", { buy: [] });
    await store.conversations.delete("8");
    expect(await get(store.raw.conn, "conversation:8")).toBeNull();
    expect(await store.conversations.read("8")).toBeUndefined();
  });

  it.runIf(engine === "pg")("on PostgreSQL, handing back unchanged what was read leaves another replica's later change in place; a take forgets the read", async () => {
    await store.sessions.write("9", { blog: [] });
    const read = await store.sessions.read("9");
    await put(store.raw.conn, "session:9", JSON.stringify({ other: true })); // another replica
    await store.sessions.write("9", read);
    expect(JSON.parse((await get(store.raw.conn, "session:9"))!)).toEqual({ other: true });
    expect(await store.sessions.take("9")).toEqual({ other: true });
    await store.sessions.write("9", read);
    expect(JSON.parse((await get(store.raw.conn, "session:9"))!)).toEqual({ blog: [] });
  });
});
