/**
 * Events that arrive while the outbox is full, over real HTTP: the marketplace gets its 200 at
 * once, the event waits in the store, and its notice comes once the sender makes room, in the
 * order the events arrived, once each, also after a restart. Small limits stand in for the
 * production ones (10 notices waiting for one chat, 300 in all).
 */
import { afterEach, describe, expect, it } from "vitest";
import { request } from "undici";
import { count, isNull } from "drizzle-orm";
import { filledEvent, signedHeaders } from "../support/marketplace-events.js";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createEventBacklog } from "../../src/events/backlog.js";
import { waitUntil } from "../support/wait.js";

const ALICE = 5101;
const BOB = 5102;
const SECRET = "whsec_" + Buffer.alloc(24, 7).toString("base64");
const orderId = (i: number) => `6f1c2b4a-1111-4222-8333-${String(944455556600 + i)}`;

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!;
});

async function givenEndpoint(userId: number) {
  const { keyId } = await n.h.givenUserWithKey(userId, { scope: "full" });
  const row = await n.h.store.webhooks.ensureForUser(userId, keyId);
  await n.h.store.webhooks.setEndpointId(row.id, `0b1e2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c${String(userId).slice(-2)}`);
  await n.h.store.webhooks.setSecret(row, SECRET);
  return n.hookUrl(row.routeToken);
}

/** Delivers an order.filled for order `i` (event id `msg_backlog_…_i` unless given); the marketplace's view: status and body. */
async function deliver(url: string, i: number, eventId = `msg_backlog_${url.slice(-6)}_${i}`) {
  const body = filledEvent({ eventId, orderId: orderId(i), txId: "cd".repeat(32) });
  const res = await request(url, { method: "POST", body, headers: signedHeaders(SECRET, eventId, body) });
  return { status: res.statusCode, body: (await res.body.json()) as { ok: boolean; duplicate: boolean } };
}

const waitingEvents = async () => {
  const { db, t } = n.h.store.raw.conn;
  return (await db.select({ c: count() }).from(t.webhookEvents).where(isNull(t.webhookEvents.appliedAt)))[0]!.c;
};
const filledNoticesTo = (chatId: number) =>
  n.h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId && String(c.payload.text).includes("Order filled"));
/** Which of this test's orders a notice is about (its buttons carry the order id). */
const orderOf = (payload: unknown) => [1, 2, 3, 4, 5].find((i) => JSON.stringify(payload).includes(orderId(i)));

describe("receiver: events that wait for room in the outbox", () => {
  it("a chat with notices already waiting: later events are answered at once and notified as the sender makes room, in order, once each", async () => {
    n = await startNoticesHarness({ backlogRoom: { total: 50, perChat: 2 } });
    const url = await givenEndpoint(ALICE);

    for (let i = 1; i <= 5; i++) expect(await deliver(url, i)).toEqual({ status: 200, body: { ok: true, duplicate: false } });
    // two notices written with their events; three events stored, waiting
    expect(await n.h.store.outbox.pendingForChat(ALICE, 10)).toBe(2);
    expect(await waitingEvents()).toBe(3);
    // a redelivery of a waiting event is still a duplicate
    expect(await deliver(url, 4)).toEqual({ status: 200, body: { ok: true, duplicate: true } });

    await n.sender.start();
    await waitUntil(async () => (await waitingEvents()) === 0 && (await n.h.store.outbox.pendingCount()) === 0, { timeoutMs: 10_000, message: "every event applied and sent" });
    expect(filledNoticesTo(ALICE).map((c) => orderOf(c.payload))).toEqual([1, 2, 3, 4, 5]);
  });

  it("events received in the same millisecond wait and are applied in the order they arrived, not by their ids", async () => {
    // one clock tick for every delivery: their received_at ties
    const at = Date.now();
    n = await startNoticesHarness({ backlogRoom: { total: 50, perChat: 1 }, receiverNow: () => at });
    const url = await givenEndpoint(ALICE);
    expect((await deliver(url, 1)).status).toBe(200); // written at once: the chat is now full
    // order 2 arrives first with an id that sorts last, order 3 second with one that sorts first
    expect(await deliver(url, 2, "msg_zz_arrived_first")).toEqual({ status: 200, body: { ok: true, duplicate: false } });
    expect(await deliver(url, 3, "msg_aa_arrived_second")).toEqual({ status: 200, body: { ok: true, duplicate: false } });
    expect(await waitingEvents()).toBe(2);

    await n.sender.start();
    await waitUntil(async () => (await waitingEvents()) === 0 && (await n.h.store.outbox.pendingCount()) === 0, { timeoutMs: 10_000, message: "both waiting events applied and sent" });
    expect(filledNoticesTo(ALICE).map((c) => orderOf(c.payload))).toEqual([1, 2, 3]);
  });

  it("another user's event is not held up by a full chat, but waits when the whole outbox is full; a new leader applies what waited through a restart", async () => {
    // no backlog draining before the restart: what waits is left for the one started after it
    n = await startNoticesHarness({ backlogRoom: { total: 3, perChat: 2 }, startBacklog: false });
    const alice = await givenEndpoint(ALICE);
    const bob = await givenEndpoint(BOB);

    for (let i = 1; i <= 3; i++) expect((await deliver(alice, i)).status).toBe(200);
    expect(await waitingEvents()).toBe(1); // Alice's chat is full at 2
    expect((await deliver(bob, 1)).status).toBe(200);
    expect(await n.h.store.outbox.pendingForChat(BOB, 10)).toBe(1); // Bob's chat had room: written at once
    expect((await deliver(bob, 2)).status).toBe(200);
    expect(await n.h.store.outbox.pendingForChat(BOB, 10)).toBe(1); // 3 in all: Bob's second waits too
    expect(await waitingEvents()).toBe(2);

    await n.h.restart();
    expect(await waitingEvents()).toBe(2);
    await n.sender.start();
    await waitUntil(async () => (await n.h.store.outbox.pendingCount()) === 0, { timeoutMs: 10_000, message: "the first three notices sent" });
    expect(await waitingEvents()).toBe(2); // nobody drains yet

    // the leader's duty after the restart: its first drain (at start) applies both; the next would come a minute later
    const backlog = createEventBacklog({ store: n.h.store, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, room: { total: 3, perChat: 2 }, drainEveryMs: 60_000 });
    const stop = await backlog.start();
    try {
      await waitUntil(async () => (await waitingEvents()) === 0 && (await n.h.store.outbox.pendingCount()) === 0, { timeoutMs: 10_000, message: "the waiting events applied and sent" });
    } finally {
      await stop();
    }
    expect(filledNoticesTo(ALICE).map((c) => orderOf(c.payload))).toEqual([1, 2, 3]);
    expect(filledNoticesTo(BOB).map((c) => orderOf(c.payload))).toEqual([1, 2]);
    expect(n.h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes("Order filled"))).toHaveLength(5);
  });
});
