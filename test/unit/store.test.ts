import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { openSqlite } from "../../src/store/sqlite-engine.js";
import { createSealer } from "../../src/store/secrets.js";
import { createKeyValueStorage } from "../../src/store/kv-storage.js";

async function tempStore(keys = [randomBytes(32)]) {
  const path = join(mkdtempSync(join(tmpdir(), "store-")), "bot.db");
  return { path, store: await openStore({ databasePath: path }, createSealer(keys)) };
}

describe("store", () => {
  it("opens with WAL and applies migrations", async () => {
    const { store } = await tempStore();
    expect(store.raw.sqlite!.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.raw.sqlite!.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(store.raw.sqlite!.pragma("cache_size", { simple: true })).toBe(-4000); // 4 MB of pages, not better-sqlite3's 16 MB
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });

  it("the data folder it creates is 0700, the database and its WAL files 0600 (also for an older install)", async () => {
    const mode = (p: string) => statSync(p).mode & 0o777;
    const dir = join(mkdtempSync(join(tmpdir(), "store-")), "data");
    const path = join(dir, "bot.db");
    const store = await openStore({ databasePath: path }, createSealer([randomBytes(32)]));
    await store.users.touch(1, 1);
    expect(mode(dir)).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file)).toBe(0o600);
    await store.close();

    const older = join(mkdtempSync(join(tmpdir(), "store-")), "bot.db");
    writeFileSync(older, "");
    chmodSync(older, 0o644);
    await (await openStore({ databasePath: older }, createSealer([randomBytes(32)]))).close();
    expect(mode(older)).toBe(0o600);
  });

  it("key-value storage (SQLite): cached reads stay exact across writes, deletes and a fresh process; writes of a turn share one commit", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "store-")), "bot.db");
    const engine = openSqlite(path);
    const count = () => engine.client.prepare("select count(*) as n from bot_storage").get();
    const kv = createKeyValueStorage<{ n: number }>(engine, "t:", { cacheLimit: 2 });
    expect(await kv.read("a")).toBeUndefined();
    const written = kv.write("a", { n: 1 });
    const copy = (await kv.read("a"))!;
    copy.n = 99; // a caller mutating its copy must not change what is stored
    expect(await kv.read("a")).toEqual({ n: 1 });
    const more = [kv.write("b", { n: 2 }), kv.write("c", { n: 3 })]; // evicts beyond the limit of 2
    expect(await kv.read("a")).toEqual({ n: 1 });
    expect(count()).toEqual({ n: 0 }); // not yet committed
    await Promise.all([written, ...more]); // settled after the commit
    expect(count()).toEqual({ n: 3 }); // one batch at the end of the turn
    await kv.delete("a");
    expect(await kv.read("a")).toBeUndefined();
    await kv.flush();
    await engine.close();
    const reopened = openSqlite(path);
    const again = createKeyValueStorage<{ n: number }>(reopened, "t:");
    expect([await again.read("a"), await again.read("b"), await again.read("c")]).toEqual([undefined, { n: 2 }, { n: 3 }]);
    expect(await createKeyValueStorage(reopened, "other:").read("b")).toBeUndefined();
    await reopened.close();
  });

  it("key-value storage (SQLite): a batch that cannot be written is kept, reported and retried, not lost", async () => {
    const engine = openSqlite(":memory:");
    const errors: unknown[] = [];
    const kv = createKeyValueStorage<{ n: number }>(engine, "t:", { onWriteError: (e) => errors.push(e) });
    engine.client.exec("CREATE TRIGGER refuse BEFORE INSERT ON bot_storage BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const written = kv.write("a", { n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
    expect(await kv.read("a")).toEqual({ n: 1 });
    engine.client.exec("DROP TRIGGER refuse");
    await written; // the retry a second later commits it
    expect(engine.client.prepare("select value from bot_storage where key = 't:a'").get()).toEqual({ value: '{"n":1}' });
  });

  it("users: touch records the chat, unblocks on contact, and language changes are seen at once", async () => {
    const { store } = await tempStore();
    await store.users.touch(7, 7);
    expect(await store.users.get(7)).toMatchObject({ chatId: 7, blocked: false, language: null });
    expect(await store.users.getLanguage(7)).toBeNull();
    await store.users.setLanguage(7, "ru");
    expect(await store.users.getLanguage(7)).toBe("ru");
    await store.users.setBlockedByChat(7, true);
    expect((await store.users.get(7))!.blocked).toBe(true);
    await store.users.touch(7, 7);
    expect((await store.users.get(7))!.blocked).toBe(false);
    await store.users.touch(8, undefined); // seen in a group first
    expect((await store.users.get(8))!.chatId).toBe(8);
    await store.users.touch(9, 9);
    expect((await store.users.get(9))!.chatId).toBe(9);
  });

  it("users (SQLite): a known user costs no write", async () => {
    const { store } = await tempStore();
    await store.users.touch(1, 1);
    const changes = () => (store.raw.sqlite!.prepare("select total_changes() as n").get() as { n: number }).n;
    const before = changes();
    await store.users.touch(1, 1);
    await store.users.touch(1, undefined); // the same user in a group
    expect(changes() - before).toBe(0);
    await store.users.touch(1, 5); // a new private chat is a change
    expect((await store.users.get(1))!.chatId).toBe(5);
  });

  it("api keys: sealed at rest, default handling, missing scopes, re-sealed after master key rotation", async () => {
    const oldKey = randomBytes(32);
    const { path, store } = await tempStore([oldKey]);
    await store.users.touch(1, 1);
    const first = await store.apiKeys.add(1, { apiKey: "mk_test_aaaaaaaaaaaa1111", label: "main" });
    const second = await store.apiKeys.add(1, { apiKey: "mk_test_bbbbbbbbbbbb2222", label: "bot" });
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect(second.fingerprint).toBe("2222");
    expect((await store.apiKeys.getDefault(1))!.id).toBe(first.id);
    expect(await store.apiKeys.setDefault(1, second.id)).toBe(true);
    expect((await store.apiKeys.getDefault(1))!.id).toBe(second.id);
    expect(await store.apiKeys.setDefault(2, first.id)).toBe(false); // not the owner
    await store.apiKeys.markMissingScope(first.id, "purchase");
    await store.apiKeys.markMissingScope(first.id, "purchase");
    expect(JSON.parse((await store.apiKeys.get(1, first.id))!.missingScopes)).toEqual(["purchase"]);
    expect(await store.apiKeys.remove(1, second.id)).toBe(true);
    expect((await store.apiKeys.getDefault(1))!.id).toBe(first.id); // promoted
    store.raw.sqlite!.pragma("wal_checkpoint(TRUNCATE)");
    const file = readFileSync(path).toString("latin1");
    expect(file).not.toContain("mk_test_aaaaaaaaaaaa1111");
    await store.close();

    const rotated = await openStore({ databasePath: path }, createSealer([randomBytes(32), oldKey]));
    const row = (await rotated.apiKeys.getDefault(1))!;
    expect(await rotated.apiKeys.reveal(row)).toBe("mk_test_aaaaaaaaaaaa1111");
    const resealed = (await rotated.apiKeys.getDefault(1))!;
    expect(resealed.sealedKey).not.toBe(row.sealedKey);
    expect(await rotated.apiKeys.reveal(resealed)).toBe("mk_test_aaaaaaaaaaaa1111");
    await rotated.close();
  });
});
