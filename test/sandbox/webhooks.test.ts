import { describe, expect, it } from "vitest";
import { signStandardWebhook } from "../../src/dev/sandbox/sign.js";
import { account, expectProblem, matching, newAddress, order, parseJson, receiver, sandbox, T0, type Received, type WireEvent, type WireOrder, type WireWebhook } from "./helpers.js";

function verify(secret: string, delivery: Received): void {
  const id = delivery.headers["webhook-id"] as string;
  const timestamp = delivery.headers["webhook-timestamp"] as string;
  expect(delivery.headers["webhook-signature"]).toBe(signStandardWebhook(secret, id, timestamp, delivery.body));
  expect(parseJson<WireEvent>(delivery.body).id).toBe(id);
}

describe("webhook endpoints", () => {
  it("POST /api/v1/webhooks (full) creates an endpoint with a whsec_ secret of 24 random bytes", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const reply = await a.full<WireWebhook>("POST", "/api/v1/webhooks", { body: { url: "https://example.invalid/hook" } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: matching(/^[0-9a-f-]{36}$/), url: "https://example.invalid/hook", secret: matching(/^whsec_/) });
    expect(Buffer.from(reply.body.secret.slice(6), "base64")).toHaveLength(24);
    expectProblem(await a.full("POST", "/api/v1/webhooks", { body: { url: "ftp://example.invalid" } }), 400, "request.invalid_url");
    expectProblem(await a.full("POST", "/api/v1/webhooks", { body: {} }), 400, "request.invalid_url");
  });

  it("ping: 204, a signed webhook.ping delivery, recorded in the log", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const hook = await receiver();
    const created = (await a.full<WireWebhook>("POST", "/api/v1/webhooks", { body: { url: hook.url } })).body;
    const ping = await a.full("POST", `/api/v1/webhooks/${created.id}/ping`);
    expect(ping.status).toBe(204);
    expect(ping.body).toBeUndefined();
    await sb.control.flushWebhooks();
    expect(hook.received).toHaveLength(1);
    const delivery = hook.received[0]!;
    verify(created.secret, delivery);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Number(delivery.headers["webhook-timestamp"])).toBe(Math.floor(T0 / 1000));
    expect(JSON.parse(delivery.body)).toEqual({ id: delivery.headers["webhook-id"], type: "webhook.ping", createdAt: new Date(T0).toISOString(), data: {} });
    expect(sb.control.deliveries(created.id)).toEqual([
      { webhookId: created.id, eventId: delivery.headers["webhook-id"], type: "webhook.ping", attempt: 1, status: 200, at: T0 },
    ]);
  });

  it("delivers order.filled and order.failed to every endpoint of the account, and only there", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const other = account(sb);
    const [h1, h2, h3] = [await receiver(), await receiver(), await receiver()];
    const e1 = sb.control.createWebhook(a.accountId, h1.url);
    const e2 = sb.control.createWebhook(a.accountId, h2.url);
    sb.control.createWebhook(other.accountId, h3.url);
    const filled = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    sb.control.failNextOrder("async");
    const failed = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    await sb.control.settleOrders();
    await sb.control.flushWebhooks();
    expect(h3.received).toHaveLength(0);
    for (const [hook, endpoint] of [[h1, e1], [h2, e2]] as const) {
      expect(hook.received).toHaveLength(2);
      for (const delivery of hook.received) verify(endpoint.secret, delivery);
      const events = hook.received.map((d) => parseJson<WireEvent>(d.body));
      const byType = Object.fromEntries(events.map((e) => [e.type, e]));
      expect(byType["order.filled"]?.data.order).toEqual((await a.read<WireOrder>("GET", `/api/v1/orders/${filled.body.id}`)).body);
      expect(byType["order.filled"]?.data.order?.status).toBe("Filled");
      expect(byType["order.failed"]?.data.order).toMatchObject({ id: failed.body.id, status: "Failed" });
    }
    // One event id per event, the same for both endpoints.
    expect(h1.received.map((d) => d.headers["webhook-id"]).sort()).toEqual(h2.received.map((d) => d.headers["webhook-id"]).sort());
  });

  it("retries non-2xx answers with backoff, keeping the event id", async () => {
    const sb = await sandbox({ webhookRetryDelaysMs: [30, 60, 90] });
    const a = account(sb);
    const hook = await receiver([500, 503, 200]);
    const endpoint = sb.control.createWebhook(a.accountId, hook.url);
    await a.full("POST", `/api/v1/webhooks/${endpoint.id}/ping`);
    await sb.control.flushWebhooks();
    expect(hook.received).toHaveLength(3);
    const ids = new Set(hook.received.map((d) => d.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const delivery of hook.received) verify(endpoint.secret, delivery);
    const [t1, t2, t3] = hook.received.map((d) => d.at) as [number, number, number];
    expect(t2 - t1).toBeGreaterThanOrEqual(25);
    expect(t3 - t2).toBeGreaterThanOrEqual(55);
    expect(sb.control.deliveries(endpoint.id).map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it("records network errors and gives up after the last retry", async () => {
    const sb = await sandbox({ webhookRetryDelaysMs: [5, 5] });
    const a = account(sb);
    const endpoint = sb.control.createWebhook(a.accountId, "http://127.0.0.1:9/unreachable");
    await a.full("POST", `/api/v1/webhooks/${endpoint.id}/ping`);
    await sb.control.flushWebhooks();
    expect(sb.control.deliveries().map((d) => [d.attempt, d.status])).toEqual([
      [1, "error"],
      [2, "error"],
      [3, "error"],
    ]);
  });

  it("DELETE: 204, stops delivery (pending retries too); unknown or foreign ids are 404", async () => {
    const sb = await sandbox({ webhookRetryDelaysMs: [50, 50, 50] });
    const a = account(sb);
    const b = account(sb);
    const hook = await receiver([500]);
    const endpoint = sb.control.createWebhook(a.accountId, hook.url);
    expectProblem(await b.full("POST", `/api/v1/webhooks/${endpoint.id}/ping`), 404, "webhook.not_found");
    expectProblem(await b.full("DELETE", `/api/v1/webhooks/${endpoint.id}`), 404, "webhook.not_found");
    await a.full("POST", `/api/v1/webhooks/${endpoint.id}/ping`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await a.full("DELETE", `/api/v1/webhooks/${endpoint.id}`)).status).toBe(204);
    await sb.control.flushWebhooks();
    expect(hook.received).toHaveLength(1);
    expectProblem(await a.full("POST", `/api/v1/webhooks/${endpoint.id}/ping`), 404, "webhook.not_found");
    expectProblem(await a.full("DELETE", `/api/v1/webhooks/${endpoint.id}`), 404, "webhook.not_found");
    // Orders of the account no longer reach it.
    await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    await sb.control.settleOrders();
    await sb.control.flushWebhooks();
    expect(hook.received).toHaveLength(1);
  });
});
