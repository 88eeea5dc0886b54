import { describe, expect, it } from "vitest";
import { createBatchCommit, createGroupCommit, type RunTransaction } from "../../src/store/group-commit.js";

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

/** `transaction` taking a few ms per commit (its round trips), counting how many are open at once. */
function slowed(transaction: RunTransaction<Set<string>>) {
  let open = 0;
  let most = 0;
  const run: RunTransaction<Set<string>> = async (fn) => {
    most = Math.max(most, ++open);
    try {
      return await transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return fn(tx);
      });
    } finally {
      open--;
    }
  };
  return { run, most: () => most };
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

  it("writes that arrive while a group commits form the next group, committed after it (one at a time)", async () => {
    const { rows, transactions, transaction, write } = setUp();
    const counted = slowed(transaction);
    const group = createGroupCommit(counted.run, write);
    const first = [group("a"), group("b")];
    // after the group's own flush (immediates run in order): the first group is committing now; a
    // timer of 1 ms could fire before that flush on a busy machine, and the writes would join it
    await new Promise((resolve) => setImmediate(resolve));
    const later = [group("c"), group("d"), group("e")];
    expect(await Promise.all([...first, ...later])).toEqual([true, true, true, true, true]);
    expect(transactions()).toBe(2);
    expect(counted.most()).toBe(1);
    expect(rows()).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("batch commit", () => {
  it("commits up to `concurrency` groups at once, each write in exactly one of them", async () => {
    const slow = slowed(setUp().transaction);
    const seen: string[] = [];
    const group = createBatchCommit(
      slow.run,
      (tx: Set<string>, items: readonly string[]) => {
        seen.push(...items);
        for (const item of items) tx.add(item);
        return Promise.resolve(items.map(() => true));
      },
      { concurrency: 2 },
    );
    const writes: Array<Promise<boolean>> = [];
    for (let turn = 0; turn < 6; turn++) {
      writes.push(group(`k${turn}a`), group(`k${turn}b`));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(writes);
    expect(slow.most()).toBe(2);
    expect(seen.sort()).toEqual([...new Set(seen)].sort());
    expect(seen).toHaveLength(12);
  });

  it("hands the whole group to one write; a failing group is written again item by item, so only the bad one rejects", async () => {
    const { rows, transaction, write } = setUp();
    const batches: string[][] = [];
    const group = createBatchCommit(transaction, async (tx: Set<string>, items: readonly string[]) => {
      batches.push([...items]);
      const out: boolean[] = [];
      for (const item of items) out.push(await write(tx, item));
      return out;
    });
    expect(await Promise.all([group("a"), group("b"), group("a")])).toEqual([true, true, false]);
    expect(batches).toEqual([["a", "b", "a"]]);
    const settled = await Promise.allSettled([group("c"), group("bad"), group("d")]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(batches.slice(1)).toEqual([["c", "bad", "d"], ["c"], ["bad"], ["d"]]);
    expect(rows()).toEqual(["a", "b", "c", "d"]);
  });
});
