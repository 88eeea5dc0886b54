/**
 * On SQLite the inbox commits few times per update: an update new to the database runs as it
 * arrives while its record gathers with the others of a short window into one commit (the webhook
 * answer waits for it); an update's handled mark goes with the next update's record, and alone when
 * none comes soon; a stop writes what is left. While the database fails, updates wait for their
 * record again, and one that ran before its record failed is not run again when Telegram delivers
 * it again. Counted through the store's transactions, and read back through the rows still waiting.
 */
import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import type { Update } from "grammy/types";
import { createInbox, type Inbox } from "../../src/inbox/index.js";
import type { InboxStore } from "../../src/inbox/inbox.js";
import { openStore, type Store } from "../../src/store/index.js";
import type { InboxSettings } from "../../src/inbox/inbox.js";
import { createSealer } from "../../src/store/secrets.js";
import { createTestDatabase, type TestDatabase } from "../support/test-store.js";
import { createLogger } from "../../src/logger.js";
import { waitUntil } from "../support/wait.js";

let database: TestDatabase;
let store: Store;
afterEach(async () => {
  await store.close();
  await database.drop();
});

const message = (updateId: number, chat: number): Update =>
  ({ update_id: updateId, message: { message_id: updateId, date: 0, chat: { id: chat, type: "private", first_name: "U" }, from: { id: chat, is_bot: false, first_name: "U" }, text: "hi" } });

interface SetUp {
  inbox: Inbox;
  handled: number[];
  /** Commits so far, and how many there had been when each update was handed to the bot. */
  commits: () => number;
  commitsAtHandling: Map<number, number>;
  /** Makes every inbox transaction fail (true) or work again. */
  fail: (down: boolean) => void;
  /** Holds the handling of `updateId` until the returned function is called. */
  hold: (updateId: number) => () => void;
}

async function setUp(markWaitMs: number, settings: Partial<InboxSettings> = {}, before?: (store: Store) => Promise<unknown>): Promise<SetUp> {
  database = await createTestDatabase("sqlite");
  store = await openStore(database.location, createSealer([randomBytes(32)]));
  await before?.(store);
  let commits = 0;
  let down = false;
  const counted: InboxStore = {
    dialect: store.dialect,
    updates: store.updates,
    chatLeases: store.chatLeases,
    transaction: (fn, options) => (down ? Promise.reject(new Error("disk I/O error")) : store.transaction(fn, options).then((result) => (commits++, result))),
  };
  const handled: number[] = [];
  const commitsAtHandling = new Map<number, number>();
  const held = new Map<number, Promise<void>>();
  const handle = (update: Update) => {
    commitsAtHandling.set(update.update_id, commits);
    handled.push(update.update_id);
    return held.get(update.update_id) ?? Promise.resolve();
  };
  const hold = (updateId: number) => {
    let release!: () => void;
    held.set(updateId, new Promise<void>((resolve) => (release = resolve)));
    return () => release();
  };
  const inbox = createInbox({ store: counted, handle, logger: createLogger({ level: "silent" }), owner: "test" }, { maxBacklog: 100, concurrency: 4, sweepMs: 60_000, markWaitMs, ...settings });
  await inbox.start();
  return { inbox, handled, commits: () => commits, commitsAtHandling, fail: (value) => (down = value), hold };
}

/** Lets the loop run its pending turns (a batch is written on the turn after it was asked for). */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

it("a handled mark is written with the next update's record, in one commit; a stop writes what is left", async () => {
  const { inbox, handled, commits } = await setUp(60_000);
  expect(await inbox.receive(message(1, 10))).toBe("recorded");
  await waitUntil(() => handled.includes(1));
  await turns();
  const afterFirst = commits();
  expect(await store.updates.chatsWaiting(10)).toEqual(["10"]); // its mark waits for company

  expect(await inbox.receive(message(2, 20))).toBe("recorded");
  expect(commits()).toBe(afterFirst + 1); // update 2 recorded and update 1 marked: one commit
  expect(await store.updates.chatsWaiting(10)).toEqual(["20"]);

  await waitUntil(() => handled.includes(2));
  await inbox.stop(1_000);
  expect(await store.updates.chatsWaiting(10)).toEqual([]);
  expect(handled).toEqual([1, 2]);
});

it("a handled mark with no update after it is written alone once it has waited", async () => {
  const { inbox, handled, commits, hold } = await setUp(20);
  // handled after its record's commit, so the mark cannot share it
  const release = hold(1);
  expect(await inbox.receive(message(1, 10))).toBe("recorded");
  const recorded = commits();
  release();
  await waitUntil(() => handled.includes(1));
  await waitUntil(async () => (await store.updates.chatsWaiting(10)).length === 0);
  expect(commits()).toBe(recorded + 1);
  await inbox.stop(1_000);
});

it("updates new to the database run as they arrive; their records share one commit, which their answers wait for", async () => {
  const { inbox, handled, commits, commitsAtHandling } = await setUp(60_000, { commitWindowMs: 100 });
  const before = commits();
  const answered: number[] = [];
  const receiving = [1, 2, 3].map((id) => inbox.receive(message(id, id * 10)).then((outcome) => (answered.push(id), outcome)));
  await waitUntil(() => handled.length === 3);
  // all three handed to the bot before their record was committed, and none answered yet
  expect([...commitsAtHandling.values()]).toEqual([before, before, before]);
  expect(answered).toEqual([]);
  expect(await Promise.all(receiving)).toEqual(["recorded", "recorded", "recorded"]);
  expect(commits()).toBe(before + 1);
  await inbox.stop(1_000);
  expect(await store.updates.chatsWaiting(10)).toEqual([]);
});

it("an update no higher than one recorded before the start runs only once it is recorded (a delivery from before)", async () => {
  const { inbox, handled, commits, commitsAtHandling } = await setUp(60_000, {}, (s) => s.updates.markProcessed(50));
  const before = commits();
  expect(await inbox.receive(message(40, 10))).toBe("recorded");
  await waitUntil(() => handled.includes(40));
  expect(commitsAtHandling.get(40)).toBe(before + 1);
  expect(await inbox.receive(message(51, 10))).toBe("recorded");
  await waitUntil(() => handled.includes(51));
  expect(commitsAtHandling.get(51)).toBe(before + 1); // new: ran before its own commit
  await inbox.stop(1_000);
});

it("after a failed commit updates wait for their record; one that ran before its record failed is recorded as handled when delivered again", async () => {
  const { inbox, handled, commits, commitsAtHandling, fail } = await setUp(10, { sweepMs: 50 });
  fail(true);
  // ran at once, then its record failed: the webhook is answered 500 and Telegram delivers it again later
  await expect(inbox.receive(message(1, 10))).rejects.toThrow(/disk I\/O/);
  expect(handled).toEqual([1]);
  // the database is failing: the next update waits for its record, which fails, so it does not run
  await expect(inbox.receive(message(2, 20))).rejects.toThrow(/disk I\/O/);
  await turns();
  expect(handled).toEqual([1]);

  fail(false);
  expect(await inbox.receive(message(1, 10))).toBe("recorded");
  expect(await inbox.receive(message(2, 20))).toBe("recorded");
  await waitUntil(() => handled.includes(2));
  expect(handled).toEqual([1, 2]); // 1 not run twice
  // recorded once more, the next new update runs before its commit again
  const before = commits();
  expect(await inbox.receive(message(3, 30))).toBe("recorded");
  expect(commitsAtHandling.get(3)).toBe(before);
  await inbox.stop(1_000);
  expect(await store.updates.chatsWaiting(10)).toEqual([]);
});

it("an update delivered again while it still runs (its record had failed) is recorded and marked, not run again", async () => {
  const { inbox, handled, fail, hold } = await setUp(10, { sweepMs: 50 });
  const release = hold(1);
  fail(true);
  await expect(inbox.receive(message(1, 10))).rejects.toThrow(/disk I\/O/);
  fail(false);
  // delivered again while it runs; the run ends before this record commits
  const again = inbox.receive(message(1, 10));
  release();
  expect(await again).toBe("recorded");
  await turns();
  await waitUntil(async () => (await store.updates.chatsWaiting(10)).length === 0);
  expect(handled).toEqual([1]);
  await inbox.stop(1_000);
});

it("an update below one already received (overtaken on the way) is recorded first, and does not wait out the window", async () => {
  const { inbox, handled, commits, commitsAtHandling } = await setUp(60_000, { commitWindowMs: 60_000 });
  const before = commits();
  const later = inbox.receive(message(5, 50));
  await turns();
  expect(handled).toEqual([5]); // running; its record waits in the window
  // 4 was overtaken by 5: it runs once recorded, and its record ends the window for both
  expect(await Promise.all([inbox.receive(message(4, 40)), later])).toEqual(["recorded", "recorded"]);
  await waitUntil(() => handled.includes(4));
  expect(commitsAtHandling.get(5)).toBe(before);
  expect(commitsAtHandling.get(4)).toBe(before + 1);
  await inbox.stop(1_000);
});
