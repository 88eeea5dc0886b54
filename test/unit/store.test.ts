import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createStore } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createKeyValueStorage } from "../../src/store/kv-storage.js";

function tempStore(keys = [randomBytes(32)]) {
  const path = join(mkdtempSync(join(tmpdir(), "store-")), "bot.db");
  return { path, store: createStore(path, createSealer(keys)) };
}

describe("store", () => {
  it("opens with WAL and applies migrations", () => {
    const { store } = tempStore();
    expect(store.db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.$client.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(store.ping()).toBe(true);
    store.close();
    expect(store.ping()).toBe(false);
  });

  it("the data folder it creates is 0700, the database and its WAL files 0600 (also for an older install)", () => {
    const mode = (p: string) => statSync(p).mode & 0o777;
    const dir = join(mkdtempSync(join(tmpdir(), "store-")), "data");
    const path = join(dir, "bot.db");
    const store = createStore(path, createSealer([randomBytes(32)]));
    store.users.ensure(1, 1);
    expect(mode(dir)).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file)).toBe(0o600);
    store.close();

    const older = join(mkdtempSync(join(tmpdir(), "store-")), "bot.db");
    writeFileSync(older, "");
    chmodSync(older, 0o644);
    createStore(older, createSealer([randomBytes(32)])).close();
    expect(mode(older)).toBe(0o600);
  });

  it("key-value storage: cached reads stay exact across writes, deletes and a fresh process", async () => {
    const { path, store } = tempStore();
    const kv = createKeyValueStorage<{ n: number }>(store.db, "t:", { cacheLimit: 2 });
    expect(kv.read("a")).toBeUndefined();
    kv.write("a", { n: 1 });
    const copy = kv.read("a")!;
    copy.n = 99; // a caller mutating its copy must not change what is stored
    expect(kv.read("a")).toEqual({ n: 1 });
    kv.write("b", { n: 2 });
    kv.write("c", { n: 3 }); // evicts beyond the limit of 2
    expect(kv.read("a")).toEqual({ n: 1 });
    expect(store.db.$client.prepare("select count(*) as n from bot_storage").get()).toEqual({ n: 0 }); // not yet committed
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.db.$client.prepare("select count(*) as n from bot_storage").get()).toEqual({ n: 3 }); // one batch at the end of the turn
    kv.delete("a");
    expect(kv.read("a")).toBeUndefined();
    kv.flush(); // writes are group-committed; the store flushes its own storages on close
    store.close();
    const reopened = createStore(path, createSealer([randomBytes(32)]));
    const again = createKeyValueStorage<{ n: number }>(reopened.db, "t:");
    expect([again.read("a"), again.read("b"), again.read("c")]).toEqual([undefined, { n: 2 }, { n: 3 }]);
    expect(createKeyValueStorage(reopened.db, "other:").read("b")).toBeUndefined();
  });

  it("key-value storage: a batch that cannot be written is kept, reported and retried, not lost", async () => {
    const { store } = tempStore();
    const errors: unknown[] = [];
    const kv = createKeyValueStorage<{ n: number }>(store.db, "t:", { onWriteError: (e) => errors.push(e) });
    store.db.$client.exec("CREATE TRIGGER refuse BEFORE INSERT ON bot_storage BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    kv.write("a", { n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
    expect(kv.read("a")).toEqual({ n: 1 });
    store.db.$client.exec("DROP TRIGGER refuse");
    kv.flush();
    expect(store.db.$client.prepare("select value from bot_storage where key = 't:a'").get()).toEqual({ value: '{"n":1}' });
  });

  it("users: touch records the chat, unblocks on contact, and language changes are seen at once", async () => {
    const { store } = tempStore();
    await store.users.touch(7, 7);
    expect(store.users.get(7)).toMatchObject({ chatId: 7, blocked: false, language: null });
    expect(store.users.getLanguage(7)).toBeNull();
    store.users.setLanguage(7, "ru");
    expect(store.users.getLanguage(7)).toBe("ru");
    store.users.setBlockedByChat(7, true);
    expect(store.users.get(7)!.blocked).toBe(true);
    await store.users.touch(7, 7);
    expect(store.users.get(7)!.blocked).toBe(false);
    await store.users.touch(8, undefined); // seen in a group first
    expect(store.users.get(8)!.chatId).toBe(8);
    store.users.ensure(9, 9);
    expect(store.users.get(9)!.chatId).toBe(9);
  });

  it("users: a known user costs no write; new users are written together once the turn ends", async () => {
    const { store } = tempStore();
    store.users.ensure(1, 1);
    expect(store.users.touch(1, 1)).toBeUndefined();
    expect(store.users.touch(1, undefined)).toBeUndefined(); // the same user in a group
    const changes = () => (store.db.$client.prepare("select total_changes() as n").get() as { n: number }).n;
    const before = changes();
    const pending = [2, 3, 4].map((id) => store.users.touch(id, id));
    expect(pending.every((p) => p instanceof Promise)).toBe(true);
    expect(store.users.get(2)).toBeUndefined(); // not written before the turn ends
    await Promise.all(pending.filter((p) => p !== undefined));
    expect([2, 3, 4].map((id) => store.users.get(id)?.chatId)).toEqual([2, 3, 4]);
    expect(changes() - before).toBe(3);
    const moved = store.users.touch(1, 5); // a new private chat is a change
    expect(moved).toBeInstanceOf(Promise);
    await moved;
    expect(store.users.get(1)!.chatId).toBe(5);
  });

  it("api keys: sealed at rest, default handling, missing scopes, re-sealed after master key rotation", () => {
    const oldKey = randomBytes(32);
    const { path, store } = tempStore([oldKey]);
    store.users.ensure(1, 1);
    const first = store.apiKeys.add(1, { apiKey: "mk_test_aaaaaaaaaaaa1111", label: "main" });
    const second = store.apiKeys.add(1, { apiKey: "mk_test_bbbbbbbbbbbb2222", label: "bot" });
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect(second.fingerprint).toBe("2222");
    expect(store.apiKeys.getDefault(1)!.id).toBe(first.id);
    expect(store.apiKeys.setDefault(1, second.id)).toBe(true);
    expect(store.apiKeys.getDefault(1)!.id).toBe(second.id);
    expect(store.apiKeys.setDefault(2, first.id)).toBe(false); // not the owner
    store.apiKeys.markMissingScope(first.id, "purchase");
    store.apiKeys.markMissingScope(first.id, "purchase");
    expect(JSON.parse(store.apiKeys.get(1, first.id)!.missingScopes)).toEqual(["purchase"]);
    expect(store.apiKeys.remove(1, second.id)).toBe(true);
    expect(store.apiKeys.getDefault(1)!.id).toBe(first.id); // promoted
    store.db.$client.pragma("wal_checkpoint(TRUNCATE)");
    const file = readFileSync(path).toString("latin1");
    expect(file).not.toContain("mk_test_aaaaaaaaaaaa1111");
    store.close();

    const rotated = createStore(path, createSealer([randomBytes(32), oldKey]));
    const row = rotated.apiKeys.getDefault(1)!;
    expect(rotated.apiKeys.reveal(row)).toBe("mk_test_aaaaaaaaaaaa1111");
    const resealed = rotated.apiKeys.getDefault(1)!;
    expect(resealed.sealedKey).not.toBe(row.sealedKey);
    expect(rotated.apiKeys.reveal(resealed)).toBe("mk_test_aaaaaaaaaaaa1111");
  });
});
