/**
 * Paid broadcasts in the sender (issue 33, item 6): with `paidPerSecond` set, rows flagged
 * paidBroadcast are paced in a lane of their own (Telegram lets them past the ~30/s limit) and sent
 * with allow_paid_broadcast; the ordinary notices keep their window, and are never sent paid. The Bot
 * API here holds every call until the test lets it go, so what is in flight at once is what the
 * sender's windows allowed (in flight counts against a window), not a matter of timing.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { Api } from "grammy";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createSender, type Sender } from "../../src/notices/sender.js";
import { createLogger } from "../../src/logger.js";
import { createTestDatabase, testEngine, type TestDatabase } from "../support/test-store.js";
import { setTimeout as sleep } from "node:timers/promises";
import { waitUntil } from "../support/wait.js";

interface Held {
  payload: Record<string, unknown>;
  release(): void;
}

let db: TestDatabase;
let store: Store;
let sender: Sender | undefined;
let held: Held[];
let holding = true;
afterEach(async () => {
  holding = false;
  for (const call of held) call.release();
  await sender?.stop();
  await store.close();
  await db.drop();
});

/** A Bot API whose every call waits until released, then answers like a sent message. */
function holdingApi(): Api {
  const api = new Api("123456:TEST-TOKEN");
  api.config.use((_prev, method, payload) => {
    const answer = { ok: true as const, result: { message_id: 1, date: 0, chat: { id: 1, type: "private" } } as never };
    if (!holding) return Promise.resolve(answer);
    return new Promise((resolve) => {
      held.push({ payload: { method, ...(payload as Record<string, unknown>) }, release: () => resolve(answer) });
    });
  });
  return api;
}

async function setUp(paidPerSecond?: number): Promise<void> {
  held = [];
  holding = true;
  db = await createTestDatabase();
  store = await openStore(db.location, createSealer([randomBytes(32)]));
  for (let chat = 1; chat <= 10; chat++) {
    await store.users.touch(8000 + chat, 8000 + chat);
    await store.outbox.enqueue({ chatId: 8000 + chat, dedupeKey: `announce:1:${chat}`, text: `paid ${chat}`, paidBroadcast: true, announcementId: 1 });
  }
  for (let chat = 1; chat <= 5; chat++) {
    await store.users.touch(9000 + chat, 9000 + chat);
    await store.outbox.enqueue({ chatId: 9000 + chat, dedupeKey: `plain:${chat}`, text: `plain ${chat}` });
  }
  sender = createSender({ store, api: holdingApi(), logger: createLogger({ level: "silent" }), globalPerSecond: 2, idleMs: 20, ...(paidPerSecond ? { paidPerSecond } : {}) });
  await sender.start();
}

const inFlight = (prefix: string) => held.filter((c) => String(c.payload.text).startsWith(prefix));

describe(`paid broadcasts in the sender (${testEngine})`, () => {
  it("with paidPerSecond: the paid rows go out past the ordinary window, with allow_paid_broadcast; the ordinary ones keep their pace, unpaid", async () => {
    await setUp(100);
    await waitUntil(() => held.length === 12);
    // several more passes of the sender (idle 20 ms) take nothing more while both windows hold what is in flight
    await sleep(200);
    expect(inFlight("paid")).toHaveLength(10);
    expect(inFlight("plain")).toHaveLength(2);
    expect(inFlight("paid").every((c) => c.payload.allow_paid_broadcast === true)).toBe(true);
    expect(inFlight("plain").every((c) => c.payload.allow_paid_broadcast === undefined)).toBe(true);
  });

  it("without paidPerSecond: one window for every row (the paid ones still flagged paid)", async () => {
    await setUp();
    await waitUntil(() => held.length === 2);
    await sleep(200);
    expect(held).toHaveLength(2);
    expect(held.map((c) => c.payload.text)).toEqual(["paid 1", "paid 2"]);
    expect(held.every((c) => c.payload.allow_paid_broadcast === true)).toBe(true);
  });
});
