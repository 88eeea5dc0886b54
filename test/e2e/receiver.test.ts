/**
 * The marketplace event receiver over real HTTP: every bad input gets its 4xx and changes nothing,
 * a good event is stored with its notice in one go, a replay is acknowledged without a second notice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import { request } from "undici";
import { count } from "drizzle-orm";
import { signHmacHex, signStandard, signStripe } from "../../src/events/signatures.js";
import { EVENT_ADDRESS, filledEvent as anOrderFilled } from "../support/marketplace-events.js";
import { startNoticesHarness, type NoticesHarness, type NoticesHarnessOptions } from "../support/notices-harness.js";

const USER = 4242;
const SECRET = "whsec_" + Buffer.alloc(24, 9).toString("base64");
const ADDRESS = EVENT_ADDRESS;
const ORDER_ID = "6f1c2b4a-1111-4222-8333-944455556666";

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!; // a test that starts none must not stop the previous one again
});

async function setUp(options: NoticesHarnessOptions = {}) {
  n = await startNoticesHarness(options);
  const { keyId } = await n.h.givenUserWithKey(USER, { scope: "full" });
  const row = await n.h.store.webhooks.ensureForUser(USER, keyId);
  await n.h.store.webhooks.setEndpointId(row.id, "0b1e2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d");
  await n.h.store.webhooks.setSecret(row, SECRET);
  return { row, url: n.hookUrl(row.routeToken) };
}

/** An order.filled of ORDER_ID at ADDRESS (the shared event shape). */
function filledEvent(id = "msg_filled_1", orderId = ORDER_ID): string {
  return anOrderFilled({ eventId: id, orderId, txId: "ab".repeat(32) });
}

function signed(body: string, options: { id?: string; secret?: string; timestamp?: number } = {}): Record<string, string> {
  const id = options.id ?? "msg_filled_1";
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signStandard(options.secret ?? SECRET, id, timestamp, body),
  };
}

async function post(url: string, body: string | Buffer, headers: Record<string, string>) {
  const res = await request(url, { method: "POST", body, headers });
  const text = await res.body.text();
  return { status: res.statusCode, text };
}

const eventCount = async () => {
  const { db, t } = n.h.store.raw.conn;
  return (await db.select({ c: count() }).from(t.webhookEvents))[0]!.c;
};

describe("receiver: good events", () => {
  it("stores an order.filled with its notice and stamps the endpoint; a replay is acknowledged without a second notice", async () => {
    const { row, url } = await setUp();
    const body = filledEvent();
    const first = await post(url, body, signed(body));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ ok: true, duplicate: false });

    const notice = (await n.h.store.outbox.getByDedupeKey(`order:${ORDER_ID}:filled@${USER}`))!;
    expect(notice.chatId).toBe(USER);
    expect(notice.status).toBe("pending");
    expect(notice.text).toContain("Order filled");
    expect(notice.text).toContain("131,000 energy for 1 day");
    expect(notice.text).toContain(`<code>${ADDRESS}</code>`);
    expect(notice.text).toContain("<code>7.86 TRX</code>");
    expect(notice.text).toContain(`https://tronscan.org/#/transaction/${"ab".repeat(32)}`);
    const stamped = (await n.h.store.webhooks.get(row.id))!;
    expect(stamped.lastEventType).toBe("order.filled");
    expect(stamped.lastVerifiedAt).not.toBeNull();

    // The marketplace retries the same event (same id, new timestamp and signature).
    const again = await post(url, body, signed(body, { timestamp: Math.floor(Date.now() / 1000) + 1 }));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text)).toEqual({ ok: true, duplicate: true });
    expect(await eventCount()).toBe(1);
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(1);
  });

  it("order.failed gives a refund notice; an order placed through the bot gets its row updated", async () => {
    const { url } = await setUp();
    const intent = await n.h.store.orders.createIntent({ userId: USER, keyId: 1, chatId: USER, resource: "energy", targetAddress: ADDRESS, volume: 65000n, duration: "1h" });
    await n.h.store.orders.markPlaced(intent.intentId, { orderId: ORDER_ID, status: "Created", totalTrx: "3.100000", txId: null });
    // A sparse event: only the id and the status; the rest comes from the bot's row.
    const body = JSON.stringify({ type: "order.failed", data: { orderId: ORDER_ID, status: "Failed" } });
    const res = await post(url, body, signed(body, { id: "msg_failed_1" }));
    expect(res.status).toBe(200);
    const notice = (await n.h.store.outbox.getByDedupeKey(`order:${ORDER_ID}:failed@${USER}`))!;
    expect(notice.text).toContain("Order failed");
    expect(notice.text).toContain("65,000 energy for 1 hour");
    expect(notice.text).toContain("<code>3.10 TRX</code> was refunded");
    expect((await n.h.store.orders.getByOrderId(ORDER_ID))?.status).toBe("Failed");
  });

  it("unknown event types are stored and ignored; notices off stores the event but enqueues nothing", async () => {
    const { url } = await setUp();
    const other = JSON.stringify({ id: "evt_9", type: "deposit.received", data: { amount: "5" } });
    expect((await post(url, other, signed(other, { id: "evt_9" }))).status).toBe(200);
    expect(await eventCount()).toBe(1);
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(0);

    await n.h.store.users.update(USER, { noticesEnabled: false });
    const body = filledEvent("msg_2");
    expect((await post(url, body, signed(body, { id: "msg_2" }))).status).toBe(200);
    expect(await eventCount()).toBe(2);
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(0);
  });

  it("a ping nobody asked for is pushed as a notice; one the bot asked for is left to the waiting /webhook flow", async () => {
    const { row, url } = await setUp();
    const ping = (id: string) => JSON.stringify({ id, type: "webhook.ping", data: {} });
    expect((await post(url, ping("msg_p1"), signed(ping("msg_p1"), { id: "msg_p1" }))).status).toBe(200);
    expect((await n.h.store.outbox.getByDedupeKey(`ping:${row.id}:msg_p1@${USER}`))?.text).toContain("signature verifies");

    await n.h.store.webhooks.markPingRequested(row.id, Date.now());
    expect((await post(url, ping("msg_p2"), signed(ping("msg_p2"), { id: "msg_p2" }))).status).toBe(200);
    expect(await n.h.store.outbox.getByDedupeKey(`ping:${row.id}:msg_p2@${USER}`)).toBeUndefined();
    expect((await n.h.store.webhooks.get(row.id))?.lastEventType).toBe("webhook.ping");
  });

  it("accepts the Standard Webhooks reference vector's signature (then refuses its body, which has no event type)", async () => {
    const ref = { secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", id: "msg_p5jXN8AQM9LWM0D4loKWxJek", ts: 1614265330, payload: '{"test": 2432232314}' };
    const { row, url } = await setUp({ receiverNow: () => ref.ts * 1000 });
    await n.h.store.webhooks.setSecret(row, ref.secret);
    const headers = { "webhook-id": ref.id, "webhook-timestamp": String(ref.ts), "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" };
    expect((await post(url, ref.payload, headers)).status).toBe(400);
    expect((await post(url, ref.payload, { ...headers, "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE" })).status).toBe(401);
  });
});

describe("receiver: the other signature schemes", () => {
  it("hex HMAC in the configured header; without an event id, a redelivered body is recognised by its hash", async () => {
    const { url } = await setUp({ signature: { scheme: "hmac-hex", header: "X-Signature" } });
    const body = JSON.stringify({ type: "order.filled", data: { order: { id: ORDER_ID, status: "Filled" } } });
    const headers = { "content-type": "application/json", "x-signature": `sha256=${signHmacHex(SECRET, body)}` };
    expect(JSON.parse((await post(url, body, headers)).text)).toEqual({ ok: true, duplicate: false });
    expect(JSON.parse((await post(url, body, headers)).text)).toEqual({ ok: true, duplicate: true });
    expect((await post(url, body, { ...headers, "x-signature": signHmacHex("other", body) })).status).toBe(401);
    expect((await post(url, body, signed(body))).status).toBe(401); // Standard headers mean nothing here
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(1);
  });

  it("Stripe's t=,v1= with its tolerance", async () => {
    const { url } = await setUp({ signature: { scheme: "stripe" } });
    const body = filledEvent("evt_stripe");
    const now = Math.floor(Date.now() / 1000);
    expect((await post(url, body, { "stripe-signature": signStripe(SECRET, now, body) })).status).toBe(200);
    expect((await post(url, body, { "stripe-signature": signStripe(SECRET, now - 400, body) })).status).toBe(401);
    expect((await post(url, body, { "stripe-signature": signStripe("nope", now, body) })).status).toBe(401);
  });
});

describe("receiver: bad input never changes anything and never gets a 5xx", () => {
  it("answers each bad delivery with its 4xx", async () => {
    const { row, url } = await setUp({ signature: { maxBodyBytes: 2048 } });
    const body = filledEvent();
    const now = Math.floor(Date.now() / 1000);
    const withoutHeader = (name: string) => {
      const h = signed(body);
      delete h[name];
      return h;
    };
    const cases: Array<[string, () => Promise<{ status: number }>, number]> = [
      ["wrong secret", () => post(url, body, signed(body, { secret: "whsec_" + Buffer.alloc(24, 1).toString("base64") })), 401],
      ["tampered body", () => post(url, body.replace("131000", "131001"), signed(body)), 401],
      ["stale timestamp", () => post(url, body, signed(body, { timestamp: now - 330 })), 401],
      ["future timestamp", () => post(url, body, signed(body, { timestamp: now + 330 })), 401],
      ["missing webhook-id", () => post(url, body, withoutHeader("webhook-id")), 401],
      ["missing webhook-timestamp", () => post(url, body, withoutHeader("webhook-timestamp")), 401],
      ["missing webhook-signature", () => post(url, body, withoutHeader("webhook-signature")), 401],
      ["no headers at all", () => post(url, body, { "content-type": "application/json" }), 401],
      ["bad JSON, correctly signed", () => post(url, "{not json", signed("{not json")), 400],
      ["JSON that is not an event", () => post(url, "[1,2,3]", signed("[1,2,3]")), 400],
      ["an empty body", () => post(url, "", signed("")), 400],
      ["oversize body (content-length)", () => post(url, "x".repeat(4096), signed("x".repeat(4096))), 413],
      ["unknown token", () => post(n.hookUrl("A".repeat(32)), body, signed(body)), 404],
      ["malformed token", () => post(n.hookUrl("..%2F..%2Fetc"), body, signed(body)), 404],
      ["GET instead of POST", async () => ({ status: (await request(url)).statusCode }), 404],
    ];
    for (const [name, send, expected] of cases) {
      const { status } = await send();
      expect({ name, status }).toEqual({ name, status: expected });
    }
    expect(await eventCount()).toBe(0);
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(0);
    expect((await n.h.store.webhooks.get(row.id))?.lastVerifiedAt).toBeNull();
    // Deliveries that reached a known endpoint but did not verify show in /webhook's status.
    expect((await n.h.store.webhooks.get(row.id))?.lastEventAt).not.toBeNull();
  });

  it("refuses an oversize chunked body (no content-length) with 413", async () => {
    const { url } = await setUp({ signature: { maxBodyBytes: 2048 } });
    const big = "y".repeat(10_000);
    const chunks = Readable.from((function* () {
      for (let i = 0; i < 10; i++) yield Buffer.from(big.slice(i * 1000, (i + 1) * 1000));
    })());
    const res = await request(url, { method: "POST", body: chunks, headers: signed(big) });
    await res.body.text();
    expect(res.statusCode).toBe(413);
  });

  it("an endpoint whose secret was never given refuses every delivery; logs never carry the secret", async () => {
    n = await startNoticesHarness();
    await n.h.givenUserWithKey(USER, { scope: "full" });
    const row = await n.h.store.webhooks.ensureForUser(USER, null);
    const body = filledEvent();
    expect((await post(n.hookUrl(row.routeToken), body, signed(body))).status).toBe(401);
    expect(n.h.logs.join("\n")).not.toContain(SECRET.slice(6));
  });
});

describe("receiver: shutting down", () => {
  it("a delivery arriving after the store closed gets 503 (the marketplace delivers it again) and logs no error", async () => {
    const { url } = await setUp();
    await n.h.store.close();
    const res = await post(url, filledEvent(), signed(filledEvent()));
    expect(res.status).toBe(503);
    // the event backlog's drainer (every 100 ms here) meets the closed store too, and says nothing
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(n.h.logs.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50)).toEqual([]);
  });
});
