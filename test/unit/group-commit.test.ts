import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createGroupCommit } from "../../src/store/group-commit.js";

function setUp() {
  const path = join(mkdtempSync(join(tmpdir(), "group-commit-")), "t.db");
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (k TEXT PRIMARY KEY)");
  /** Another connection: sees only what is committed. */
  const committed = new Database(path, { readonly: true }).prepare("SELECT count(*) FROM t").pluck();
  const insert = db.prepare("INSERT INTO t (k) VALUES (?) ON CONFLICT DO NOTHING");
  const count = db.prepare("SELECT count(*) FROM t").pluck();
  const rows = () => db.prepare("SELECT k FROM t ORDER BY k").pluck().all() as string[];
  /** Inserts a key (false when already there); keys starting with "bad" throw after inserting. */
  const write = (k: string) => {
    if (!db.inTransaction) throw new Error("not in a transaction");
    const inserted = insert.run(k).changes > 0;
    if (k.startsWith("bad")) throw new Error(`refused ${k}`);
    return inserted;
  };
  return { db, rows, count, committed, write };
}

describe("group commit", () => {
  it("writes of one loop turn share a transaction; each caller gets its own result", async () => {
    const { db, rows, count, committed, write } = setUp();
    const seen: Array<[number, number]> = [];
    const group = createGroupCommit(db, (k: string) => {
      seen.push([count.get() as number, committed.get() as number]);
      return write(k);
    });
    const results = await Promise.all([group("a"), group("b"), group("a"), group("c")]);
    expect(results).toEqual([true, true, false, true]); // the repeated key is a duplicate within the batch
    // each write saw the earlier ones of its batch, none of which was committed yet: one transaction
    expect(seen).toEqual([[0, 0], [1, 0], [2, 0], [2, 0]]);
    expect(committed.get()).toBe(3);
    expect(rows()).toEqual(["a", "b", "c"]);

    expect(await group("d")).toBe(true); // a lone write
    expect(rows()).toEqual(["a", "b", "c", "d"]);
    expect(db.inTransaction).toBe(false);
  });

  it("a failing write rejects alone, leaving nothing behind; the others of its batch still commit", async () => {
    const { db, rows, write } = setUp();
    const group = createGroupCommit(db, write);
    const settled = await Promise.allSettled([group("a"), group("bad1"), group("b")]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toContain("refused bad1");
    expect(rows()).toEqual(["a", "b"]);

    await expect(group("bad2")).rejects.toThrow("refused bad2");
    expect(rows()).toEqual(["a", "b"]);
    expect(db.inTransaction).toBe(false);
  });

  it("nothing is acknowledged when the database cannot commit", async () => {
    const { db, write } = setUp();
    const group = createGroupCommit(db, write);
    const pending = [group("x"), group("y")];
    db.close();
    const settled = await Promise.allSettled(pending);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("durable group commit", () => {
  it("fsyncs the batches that acknowledge something (synchronous FULL), and only those", async () => {
    const { db, write } = setUp();
    db.pragma("synchronous = NORMAL");
    const seen: number[] = [];
    const durable = createGroupCommit(db, (k: string) => {
      seen.push(db.pragma("synchronous", { simple: true }) as number);
      return write(k);
    }, { durable: true });
    const plain = createGroupCommit(db, (k: string) => {
      seen.push(db.pragma("synchronous", { simple: true }) as number);
      return write(k);
    });
    await Promise.all([durable("a"), durable("b")]);
    await durable("c");
    await plain("d");
    // 2 = FULL (each commit fsynced), 1 = NORMAL
    expect(seen).toEqual([2, 2, 2, 1]);
    expect(db.pragma("synchronous", { simple: true })).toBe(1);
  });
});
