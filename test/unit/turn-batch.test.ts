/**
 * The inbox's batching of writes (src/inbox/turn-batch.ts): the calls of one loop turn go as one
 * batch; a batch whose first call asks for a window gathers later calls until it ends, or until it
 * holds `fullAt` calls, and then goes at the end of that turn.
 */
import { expect, it } from "vitest";
import { turnBatch } from "../../src/inbox/turn-batch.js";

const aTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A batcher that records each batch it writes and answers every item with its double. */
function recorded(options: Parameters<typeof turnBatch<number, number>>[1] = {}) {
  const batches: number[][] = [];
  const write = turnBatch<number, number>((items) => {
    batches.push(items);
    return Promise.resolve(items.map((n) => n * 2));
  }, options);
  return { batches, write };
}

it("the calls of one turn are one batch; each caller gets its own result", async () => {
  const { batches, write } = recorded();
  const results = await Promise.all([write(1), write(2), write(3)]);
  expect(results).toEqual([2, 4, 6]);
  expect(batches).toEqual([[1, 2, 3]]);
});

it("a batch whose first call asks for a window gathers the calls of later turns until it ends", async () => {
  const { batches, write } = recorded({ windowMs: (first) => (first > 100 ? 60 : 0) });
  const first = write(101);
  await sleep(10);
  expect(batches).toEqual([]);
  const second = write(102);
  expect(await Promise.all([first, second])).toEqual([202, 204]);
  expect(batches).toEqual([[101, 102]]);
  // a first call without a window goes at the end of its turn
  const third = write(3);
  await aTurn();
  expect(batches).toEqual([[101, 102], [3]]);
  expect(await third).toBe(6);
});

it("a window's batch that reaches `fullAt` calls goes at the end of that turn", async () => {
  const { batches, write } = recorded({ windowMs: () => 60_000, fullAt: 3 });
  const early = [write(1), write(2)];
  await aTurn();
  expect(batches).toEqual([]);
  const full = write(3);
  await aTurn();
  expect(batches).toEqual([[1, 2, 3]]);
  expect(await Promise.all([...early, full])).toEqual([2, 4, 6]);
});
