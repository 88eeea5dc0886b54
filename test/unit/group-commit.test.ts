import { describe, expect, it } from "vitest";
import { createGroupCommit, type RunTransaction } from "../../src/store/group-commit.js";

/** A fake transactional table: writes go to a copy, committed (or dropped) as a whole. */
function setUp() {
  let committed = new Set<string>();
  let transactions = 0;
  let broken = false;
  const transaction: RunTransaction<Set<string>> = async (fn) => {
    transactions++;
    const tx = new Set(committed);
    const result = await fn(tx);
    if (broken) throw new Error("cannot commit");
    committed = tx;
    return result;
  };
  /** Inserts a key (false when already there); keys starting with "bad" throw after inserting. */
  const write = async (tx: Set<string>, k: string) => {
    const inserted = !tx.has(k);
    tx.add(k);
    if (k.startsWith("bad")) throw new Error(`refused ${k}`);
    return Promise.resolve(inserted);
  };
  return { rows: () => [...committed].sort(), transactions: () => transactions, breakIt: () => (broken = true), transaction, write };
}

describe("group commit", () => {
  it("writes of one loop turn share a transaction; each caller gets its own result", async () => {
    const { rows, transactions, transaction, write } = setUp();
    const group = createGroupCommit(transaction, write);
    const results = await Promise.all([group("a"), group("b"), group("a"), group("c")]);
    expect(results).toEqual([true, true, false, true]); // the repeated key is a duplicate within the batch
    expect(transactions()).toBe(1);
    expect(rows()).toEqual(["a", "b", "c"]);
    expect(await group("d")).toBe(true); // a lone write
    expect(transactions()).toBe(2);
  });

  it("a failing write rejects alone, leaving nothing behind; the others of its batch still commit", async () => {
    const { rows, transaction, write } = setUp();
    const group = createGroupCommit(transaction, write);
    const settled = await Promise.allSettled([group("a"), group("bad1"), group("b")]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toContain("refused bad1");
    expect(rows()).toEqual(["a", "b"]);
    await expect(group("bad2")).rejects.toThrow("refused bad2");
    expect(rows()).toEqual(["a", "b"]);
  });

  it("nothing is acknowledged when the database cannot commit", async () => {
    const { breakIt, transaction, write } = setUp();
    const group = createGroupCommit(transaction, write);
    breakIt();
    const settled = await Promise.allSettled([group("x"), group("y")]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
  });
});
