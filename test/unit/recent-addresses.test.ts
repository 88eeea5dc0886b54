import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { migrationsDirs } from "../../src/paths.js";

const A = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const tempPath = () => join(mkdtempSync(join(tmpdir(), "addr-")), "bot.db");

describe("recent addresses", () => {
  it("a database from before labels is migrated and keeps its addresses", async () => {
    // the migrations as they were before labels: the first two journal entries
    const old = mkdtempSync(join(tmpdir(), "migrations-"));
    cpSync(migrationsDirs.sqlite, old, { recursive: true });
    const journal = JSON.parse(readFileSync(join(old, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    writeFileSync(join(old, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, 2) }));
    const path = tempPath();
    const raw = new Database(path);
    migrate(drizzle(raw), { migrationsFolder: old });
    raw.prepare("INSERT INTO users (id, chat_id, created_at, updated_at) VALUES (1, 1, 0, 0)").run();
    raw.prepare("INSERT INTO recent_addresses (user_id, address, used_at) VALUES (1, ?, 5)").run(A);
    raw.close();

    const store = await openStore({ databasePath: path }, createSealer([randomBytes(32)]));
    expect(await store.recentAddresses.entries(1)).toEqual([{ address: A, label: null, usedAt: 5 }]);
    expect(await store.recentAddresses.setLabel(1, A, "Main")).toBe(true);
    expect((await store.recentAddresses.get(1, A))?.label).toBe("Main");
    await store.close();
  });

  it("keeps the newest ten unlabelled addresses and every labelled one; labels and Forget are per user", async () => {
    const store = await openStore({ databasePath: tempPath() }, createSealer([randomBytes(32)]));
    await store.users.touch(1, 1);
    await store.users.touch(2, 2);
    await store.recentAddresses.remember(1, A, 1);
    await store.recentAddresses.setLabel(1, A, "Main");
    const others = Array.from({ length: 12 }, (_, i) => `T${String(i).padStart(2, "0")}${"x".repeat(31)}`);
    for (const [i, a] of others.entries()) await store.recentAddresses.remember(1, a, 10 + i);
    const kept = (await store.recentAddresses.entries(1)).map((e) => e.address);
    expect(kept).toContain(A);
    expect(kept.filter((a) => a !== A)).toEqual(others.slice(2).reverse());
    expect(await store.recentAddresses.setLabel(2, A, "Theirs")).toBe(false);
    expect(await store.recentAddresses.forget(2, A)).toBe(false);
    expect(await store.recentAddresses.forget(1, A)).toBe(true);
    expect(await store.recentAddresses.get(1, A)).toBeUndefined();
    await store.close();
  });

  it("on SQLite the lists are kept in memory between writes, and every write is seen by the next read", async () => {
    const B = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
    const store = await openStore({ databasePath: tempPath() }, createSealer([randomBytes(32)]));
    await store.users.touch(1, 1);
    await store.recentAddresses.remember(1, A, 1);
    const first = await store.recentAddresses.entries(1);
    // a caller changing its copy changes nothing kept
    first[0]!.label = "changed by a caller";
    expect(await store.recentAddresses.entries(1)).toEqual([{ address: A, label: null, usedAt: 1 }]);
    expect(await store.recentAddresses.get(1, B)).toBeUndefined();

    await store.recentAddresses.remember(1, B, 2);
    expect((await store.recentAddresses.entries(1)).map((e) => e.address)).toEqual([B, A]);
    expect(await store.recentAddresses.get(1, B)).toEqual({ address: B, label: null, usedAt: 2 });
    await store.recentAddresses.setLabel(1, A, "Main");
    expect((await store.recentAddresses.get(1, A))?.label).toBe("Main");
    expect(await store.recentAddresses.list(1, 1)).toEqual([B]);
    await store.recentAddresses.forget(1, B);
    expect(await store.recentAddresses.entries(1)).toEqual([{ address: A, label: "Main", usedAt: 1 }]);
    expect(await store.recentAddresses.get(1, B)).toBeUndefined();
    // an order placed remembers its address inside the placement's transaction
    await store.transaction(async (tx) => tx.recentAddresses.remember(1, B, 3));
    expect((await store.recentAddresses.entries(1)).map((e) => e.address)).toEqual([B, A]);
    await store.close();
  });
});
