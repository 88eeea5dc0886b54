/**
 * Issue 28: session and flow state written only when changed. A write of the value the key already
 * holds makes no database write (its row's updated_at stays); a changed value and a delete are
 * written. Both engines.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { get, put } from "../../src/store/kv-storage.js";
import { storeEngines, storePerTest } from "../support/test-store.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeEngines)("session and conversation storage on %s", (engine) => {
  const fresh = storePerTest(engine);

  const updatedAt = async (key: string) => {
    const { db, t } = fresh.store.raw.conn;
    const [row] = await db.select({ at: t.botStorage.updatedAt }).from(t.botStorage).where(eq(t.botStorage.key, key));
    return row?.at;
  };

  it("a value read and handed back unchanged is not written; a changed one is", async () => {
    await fresh.store.sessions.write("7", { blog: [] });
    const written = await updatedAt("session:7");
    expect(written).toBeDefined();
    await sleep(5);
    const read = await fresh.store.sessions.read("7");
    await fresh.store.sessions.write("7", read);
    expect(await updatedAt("session:7")).toBe(written);
    await fresh.store.sessions.write("7", { gated: { flow: "buy", messageId: 1, at: 1 } });
    expect(await updatedAt("session:7")).toBeGreaterThan(written!);
    expect(await fresh.store.sessions.read("7")).toEqual({ gated: { flow: "buy", messageId: 1, at: 1 } });
  });

  it("deletes: a stored key is deleted, an absent one stays absent", async () => {
    expect(await fresh.store.conversations.read("8")).toBeUndefined();
    await fresh.store.conversations.delete("8");
    expect(await get(fresh.store.raw.conn, "conversation:8")).toBeNull();
    await fresh.store.conversations.write("8", { buy: [] });
    await fresh.store.conversations.delete("8");
    expect(await get(fresh.store.raw.conn, "conversation:8")).toBeNull();
    expect(await fresh.store.conversations.read("8")).toBeUndefined();
  });

  it("an absent key is known without a read on SQLite (once read or deleted here), never on PostgreSQL", async () => {
    const { prompts } = fresh.store;
    const sqlite = engine === "sqlite";
    // not read yet: unknown on both
    expect(prompts.knownAbsent("10")).toBe(false);
    expect(await prompts.read("10")).toBeUndefined();
    expect(prompts.knownAbsent("10")).toBe(sqlite);
    const write = prompts.write("10", { id: "check", messageId: 1 });
    // a write queued (not yet committed) already counts
    expect(prompts.knownAbsent("10")).toBe(false);
    await write;
    expect(prompts.knownAbsent("10")).toBe(false);
    await prompts.delete("10");
    expect(prompts.knownAbsent("10")).toBe(sqlite);
    expect(await prompts.read("10")).toBeUndefined();
  });

  it.runIf(engine === "pg")("on PostgreSQL, handing back unchanged what was read leaves another replica's later change in place; a take forgets the read", async () => {
    await fresh.store.sessions.write("9", { blog: [] });
    const read = await fresh.store.sessions.read("9");
    await put(fresh.store.raw.conn, "session:9", JSON.stringify({ other: true })); // another replica
    await fresh.store.sessions.write("9", read);
    expect(JSON.parse((await get(fresh.store.raw.conn, "session:9"))!)).toEqual({ other: true });
    expect(await fresh.store.sessions.take("9")).toEqual({ other: true });
    await fresh.store.sessions.write("9", read);
    expect(JSON.parse((await get(fresh.store.raw.conn, "session:9"))!)).toEqual({ blog: [] });
  });
});
