/**
 * On SQLite the inbox writes an update's handled mark with the next update's record, in one
 * commit, and alone when none comes soon; a stop writes what is left. Counted through the store's
 * transactions, and read back through the rows still waiting.
 */
import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import type { Update } from "grammy/types";
import { createInbox, type Inbox } from "../../src/inbox/index.js";
import type { InboxStore } from "../../src/inbox/inbox.js";
import { openStore, type Store } from "../../src/store/index.js";
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

async function setUp(markWaitMs: number): Promise<{ inbox: Inbox; handled: number[]; commits: () => number }> {
  database = await createTestDatabase("sqlite");
  store = await openStore(database.location, createSealer([randomBytes(32)]));
  let commits = 0;
  const counted: InboxStore = {
    dialect: store.dialect,
    updates: store.updates,
    chatLeases: store.chatLeases,
    transaction: (fn, options) => store.transaction(fn, options).then((result) => (commits++, result)),
  };
  const handled: number[] = [];
  const inbox = createInbox(
    { store: counted, handle: (update) => Promise.resolve(void handled.push(update.update_id)), logger: createLogger({ level: "silent" }), owner: "test" },
    { maxBacklog: 100, concurrency: 4, sweepMs: 60_000, markWaitMs },
  );
  inbox.start();
  return { inbox, handled, commits: () => commits };
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
  const { inbox, handled, commits } = await setUp(20);
  expect(await inbox.receive(message(1, 10))).toBe("recorded");
  const recorded = commits();
  await waitUntil(() => handled.includes(1));
  await waitUntil(async () => (await store.updates.chatsWaiting(10)).length === 0);
  expect(commits()).toBe(recorded + 1);
  await inbox.stop(1_000);
});
