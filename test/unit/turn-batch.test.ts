/**
 * The inbox's batching of writes (src/inbox/turn-batch.ts): the calls of one loop turn go as one
 * batch; a batch whose first call asks for a window gathers later calls until it ends, or until a
 * call for which `goesNow` says so (a full batch, a caller that cannot wait), and then goes at the
 * end of that turn.
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

it("a window's batch that reaches three calls, or gets a call that cannot wait, goes at the end of that turn", async () => {
  // windows for items above 100; a batch of three is full; a negative item cannot wait
  const { batches, write } = recorded({ windowMs: (first) => (first > 100 ? 60_000 : 0), goesNow: (item, gathered) => gathered >= 3 || item < 0 });
  const early = [write(101), write(102)];
  await aTurn();
  expect(batches).toEqual([]);
  const full = write(103);
  await aTurn();
  expect(batches).toEqual([[101, 102, 103]]);
  expect(await Promise.all([...early, full])).toEqual([202, 204, 206]);

  const windowed = write(104);
  await aTurn();
  const urgent = write(-1);
  await aTurn();
  expect(batches.at(-1)).toEqual([104, -1]);
  expect(await Promise.all([windowed, urgent])).toEqual([208, -2]);
});

it("calls that gathered while a batch was written go without a window when one of them cannot wait", async () => {
  const batches: number[][] = [];
  let release!: () => void;
  const write = turnBatch<number, number>(
    async (items) => {
      batches.push(items);
      if (items.includes(101)) await new Promise<void>((resolve) => (release = resolve));
      return items.map((n) => n * 2);
    },
    { windowMs: () => 60_000, goesNow: (item) => item < 0 },
  );
  const first = write(101);
  await aTurn(); // the window of 101's batch is open
  expect(batches).toEqual([]);
  const urgent = write(-1); // ends that window: 101 and -1 are written together
  await aTurn();
  expect(batches).toEqual([[101, -1]]);
  // while that batch is written, a windowed call and one that cannot wait gather
  const later = [write(102), write(-2)];
  release();
  expect(await Promise.all([first, urgent, ...later])).toEqual([202, -2, 204, -4]);
  expect(batches).toEqual([[101, -1], [102, -2]]);
});
