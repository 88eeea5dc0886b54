/**
 * The client against a hand-written node:http stub: the tolerant cases of DESIGN.md, error shapes,
 * timeouts, retries and their bounds, idempotency, and that the API key never leaks.
 */
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace, MarketplaceError, ruleKind, type Marketplace } from "../../src/marketplace/index.js";
import { ADDRESS, ORDER_ID, RULE_ID, wireOrder, wireRule } from "./support/fixtures.js";
import { resetConnection, sendJson, sendRaw, startStub, type Stub } from "./support/stub.js";

const KEY = "sk_test_SECRET_4f9a1c2e7b";
const WEBHOOK_ID = "3b0f6a2c-1d4e-4f5a-8b6c-7d8e9f0a1b2c";
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

let stub: Stub;
let mp: Marketplace;

beforeAll(async () => {
  stub = await startStub();
  mp = createMarketplace({ baseUrl: stub.url, timeouts: { connectMs: 1_000, totalMs: 300 }, retry: FAST_RETRY });
});
afterAll(async () => {
  await mp.close();
  await stub.close();
});
afterEach(() => {
  stub.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  const err = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MarketplaceError);
  const mpErr = err as MarketplaceError;
  // The key never leaks, whatever the failure.
  for (const text of [mpErr.message, mpErr.title ?? "", mpErr.detail ?? "", String(mpErr), inspect(mpErr, { depth: 6 })]) {
    expect(text).not.toContain(KEY);
  }
  return mpErr;
}

describe("tolerant parsing", () => {
  it("accepts integers as numbers or numeric strings, TRX as decimals, and ignores extra fields", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        totalOrders: "12",
        energyDeliveredThisMonth: 65000,
        energyDelivered: "130000",
        energyAvgSunPerUnit: "48.5",
        bandwidthDelivered: 0,
        bandwidthAvgSunPerUnit: null,
        energyDaily: [0, "65000", 65000],
        bandwidthDaily: [],
        somethingNew: { nested: true },
      }),
    );
    const stats = await mp.forKey(KEY).orderStats();
    expect(stats).toEqual({
      totalOrders: 12,
      energyDeliveredThisMonth: 65000n,
      energyDelivered: 130000n,
      energyAvgSunPerUnit: "48.5",
      bandwidthDelivered: 0n,
      bandwidthAvgSunPerUnit: null,
      energyDaily: [0n, 65000n, 65000n],
      bandwidthDaily: [],
    });
    expect(stub.requests[0]?.path).toBe("/api/v1/orders/stats");
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(KEY);
  });

  it("keeps int64 values above 2^53 exact, as a JSON number and as a string", async () => {
    const raw = JSON.stringify({ ...wireOrder(), volume: "@@" }).replace('"@@"', "9007199254740993");
    expect(raw).toContain('"volume":9007199254740993');
    stub.handle((_req, res) => sendRaw(res, 200, raw));
    expect((await mp.forKey(KEY).getOrder(ORDER_ID)).volume).toBe(9007199254740993n);

    stub.handle((_req, res) => sendJson(res, 200, wireOrder({ volume: "9007199254740993" })));
    expect((await mp.forKey(KEY).getOrder(ORDER_ID)).volume).toBe(9007199254740993n);

    const statsRaw =
      '{"totalOrders":1,"energyDeliveredThisMonth":9223372036854775807,"energyDelivered":"18014398509481985",' +
      '"energyAvgSunPerUnit":null,"bandwidthDelivered":-9007199254740993,"bandwidthAvgSunPerUnit":"1.25",' +
      '"energyDaily":[12345678901234567,1],"bandwidthDaily":[]}';
    stub.handle((_req, res) => sendRaw(res, 200, statsRaw));
    const stats = await mp.forKey(KEY).orderStats();
    expect(stats.energyDeliveredThisMonth).toBe(9223372036854775807n);
    expect(stats.energyDelivered).toBe(18014398509481985n);
    expect(stats.bandwidthDelivered).toBe(-9007199254740993n);
    expect(stats.energyDaily).toEqual([12345678901234567n, 1n]);
  });

  it("keeps unknown statuses and rule types as they come", async () => {
    stub.handle((req, res) =>
      req.path.startsWith("/api/v1/orders")
        ? sendJson(res, 200, wireOrder({ status: "PartiallyRefunded", resource: "quantum" }))
        : sendJson(res, 200, [wireRule({ type: "AUTO_REFILL", status: "SUSPENDED", pauseReason: "Maintenance" })]),
    );
    const client = mp.forKey(KEY);
    const order = await client.getOrder(ORDER_ID);
    expect(order.status).toBe("PartiallyRefunded");
    expect(order.resource).toBe("quantum");
    const [rule] = await client.listRules();
    expect(rule?.type).toBe("AUTO_REFILL");
    expect(ruleKind(rule?.type)).toBe("refill");
    expect(rule?.status).toBe("SUSPENDED");
    expect(rule?.pauseReason).toBe("Maintenance");
  });

  it("reads fields the spec marks nullable as null when they are absent", async () => {
    const { txId: _txId, ...withoutTxId } = wireOrder();
    stub.handle((_req, res) => sendJson(res, 200, withoutTxId));
    expect((await mp.forKey(KEY).getOrder(ORDER_ID)).txId).toBeNull();
  });

  it("tolerates rule lists wrapped in { items }", async () => {
    stub.handle((_req, res) => sendJson(res, 200, { items: [{ volume: "131000", duration: null, priceTrx: "6.5", createdAt: "x" }] }));
    expect(await mp.forKey(KEY).ruleFires(RULE_ID)).toEqual([{ volume: 131000n, duration: null, priceTrx: "6.5", createdAt: "x" }]);
  });

  it("turns a body that does not fit into invalid_response, never a zod error", async () => {
    for (const body of [wireOrder({ volume: "65k" }), wireOrder({ priceTrx: "1,5" }), wireOrder({ volume: 1.5 }), [1, 2], "text", null]) {
      stub.handle((_req, res) => sendJson(res, 200, body));
      const err = await failure(mp.forKey(KEY).getOrder(ORDER_ID));
      expect(err.kind).toBe("invalid_response");
    }
    stub.handle((_req, res) => sendRaw(res, 200, "{not json", "application/json"));
    expect((await failure(mp.forKey(KEY).getOrder(ORDER_ID))).kind).toBe("invalid_response");
    stub.handle((req, res) => sendRaw(res, 200, `Key ${String(req.headers["x-api-key"])} accepted`, "text/plain"));
    expect((await failure(mp.forKey(KEY).getOrder(ORDER_ID))).kind).toBe("invalid_response");
    stub.handle((req, res) => sendJson(res, 200, wireOrder({ volume: `x${String(req.headers["x-api-key"])}` })));
    expect((await failure(mp.forKey(KEY).getOrder(ORDER_ID))).kind).toBe("invalid_response");
    expect(stub.requests).toHaveLength(9); // an invalid response is not retried
  });

  it("reports 200 with an empty body as invalid_response where JSON is expected", async () => {
    stub.handle((_req, res) => sendRaw(res, 200, ""));
    const err = await failure(mp.forKey(KEY).balance());
    expect(err.kind).toBe("invalid_response");
    expect(err.message).toMatch(/empty body/);
  });
});

describe("error bodies", () => {
  it("takes the code from `code`, and the status, title and detail", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 402, { type: "about:blank", title: "Insufficient balance", status: 402, detail: "Top up 5 TRX", code: "wallet.insufficient_balance" }),
    );
    const err = await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h", volume: 65000n }, { idempotencyKey: "k-1" }));
    expect(err).toMatchObject({ kind: "http", status: 402, code: "wallet.insufficient_balance", title: "Insufficient balance", detail: "Top up 5 TRX" });
    expect(err.isInsufficientBalance).toBe(true);
    expect(stub.requests).toHaveLength(1);
  });

  it("finds the code when it is only the last segment of `type`", async () => {
    stub.handle((_req, res) => sendJson(res, 402, { type: "https://errors.example/wallet.insufficient_balance", title: "Payment Required", status: "402" }));
    const err = await failure(mp.forKey(KEY).enableSmart({ targetAddress: ADDRESS }));
    expect(err.code).toBe("wallet.insufficient_balance");
    expect(err.isInsufficientBalance).toBe(true);
  });

  it("finds the code when it is only the title", async () => {
    stub.handle((_req, res) => sendJson(res, 403, { type: null, title: "api_key.spend_limit_exceeded", status: 403, detail: null, instance: null }));
    const err = await failure(mp.forKey(KEY).createRenewal({ targetAddress: ADDRESS, volume: 65000 }));
    expect(err).toMatchObject({ kind: "http", status: 403, code: "api_key.spend_limit_exceeded" });
    expect(err.isSpendLimit).toBe(true);
    expect(err.isKeyRejected).toBe(false);
  });

  it("handles an HTML error page: no code, still a clean error; a GET retries it and it stays transient", async () => {
    stub.handle((_req, res) => sendRaw(res, 502, "<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html"));
    const err = await failure(mp.forKey(KEY).balance());
    expect(err).toMatchObject({ kind: "http", status: 502, code: undefined, title: undefined, detail: undefined, problem: false });
    expect(err.message).not.toContain("<html>");
    expect(err.isProviderFailed).toBe(false);
    expect(err.isTransient).toBe(true);
    expect(stub.requests).toHaveLength(3);
  });

  it("502 with the marketplace's problem document on POST /orders: provider failed and refunded, not retried", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 502, { type: "https://errors.example/provider.failed", title: "Bad Gateway", status: 502, detail: "refunded", code: "provider.failed" }),
    );
    const err = await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "k-502" }));
    expect(err).toMatchObject({ kind: "http", status: 502, code: "provider.failed", problem: true });
    expect(err.isProviderFailed).toBe(true);
    expect(err.isTransient).toBe(false);
    expect(stub.requests).toHaveLength(1);
  });

  it("a problem document is recognised by its title or type alone too", async () => {
    stub.handle((_req, res) => sendJson(res, 502, { type: "about:blank", status: 502 }));
    const byType = await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "k-type" }));
    expect(byType).toMatchObject({ problem: true, code: undefined });
    expect(byType.isProviderFailed).toBe(true);
    stub.handle((_req, res) => sendJson(res, 502, { title: "Provider failed" }));
    expect((await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "k-title" }))).isProviderFailed).toBe(true);
    expect(stub.requests).toHaveLength(2);
  });

  it("a 502 from a proxy (HTML, or JSON that is no problem document) on POST /orders: outcome unknown, retried with the same key", async () => {
    const bodies: Array<[string, string]> = [
      ["<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html"],
      ['{"message":"An invalid response was received from the upstream server"}', "application/json"],
      ["", "text/plain"],
      ["[]", "application/json"],
    ];
    for (const [body, type] of bodies) {
      stub.requests.length = 0;
      stub.handle((_req, res) => sendRaw(res, 502, body, type));
      const err = await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "k-proxy" }));
      expect(err, body).toMatchObject({ kind: "http", status: 502, problem: false });
      expect(err.isProviderFailed, body).toBe(false);
      expect(err.isTransient, body).toBe(true);
      expect(stub.requests, body).toHaveLength(3);
      expect(stub.requests.every((r) => r.headers["idempotency-key"] === "k-proxy")).toBe(true);
    }
  });

  it("a proxy's 502 on POST /orders followed by the order: the retry with the same key gets it", async () => {
    stub.handle((_req, res, i) => (i === 0 ? sendRaw(res, 502, "<html>Bad Gateway</html>", "text/html") : sendJson(res, 200, wireOrder())));
    const order = await mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h", volume: 65000n }, { idempotencyKey: "k-again" });
    expect(order.id).toBe(ORDER_ID);
    expect(stub.requests.map((r) => r.headers["idempotency-key"])).toEqual(["k-again", "k-again"]);
  });

  it("handles a 500 with an empty body", async () => {
    stub.handle((_req, res) => sendRaw(res, 500, ""));
    const err = await failure(mp.forKey(KEY).listRules());
    expect(err).toMatchObject({ kind: "http", status: 500, code: undefined });
    expect(err.isTransient).toBe(true);
    expect(stub.requests).toHaveLength(3);
  });

  it("401 is a rejected key, and a key echoed by the server is scrubbed", async () => {
    stub.handle((req, res) =>
      sendJson(res, 401, { title: `Key ${String(req.headers["x-api-key"])} is invalid`, detail: `no such key: ${String(req.headers["x-api-key"])}`, code: "api_key.invalid" }),
    );
    const err = await failure(mp.forKey(KEY).balance());
    expect(err.isKeyRejected).toBe(true);
    expect(err.code).toBe("api_key.invalid");
    expect(err.title).toContain("[redacted]");
    expect(stub.requests).toHaveLength(1);
  });
});

describe("timeouts, retries and ambiguity", () => {
  it("retries a GET after 503 twice, then succeeds (3 requests)", async () => {
    stub.handle((_req, res, i) =>
      i < 2 ? sendJson(res, 503, { title: "busy" }) : sendJson(res, 200, { usdtTrc20: "0", trx: "12.345000" }),
    );
    expect(await mp.forKey(KEY).balance()).toEqual({ usdtTrc20: "0", trx: "12.345000" });
    expect(stub.requests).toHaveLength(3);
  });

  it("a slow response hits the total timeout (kind timeout), and the GET is retried", async () => {
    stub.handle((_req, res) => {
      setTimeout(() => sendJson(res, 200, { usdtTrc20: "0", trx: "1" }), 1_000).unref();
    });
    const started = Date.now();
    const err = await failure(mp.forKey(KEY).balance());
    expect(err.kind).toBe("timeout");
    expect(err.isTransient).toBe(true);
    expect(stub.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("a slow body (headers sent, body stalled) is a timeout too", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"usdtTrc20":"0",');
    });
    const err = await failure(mp.forKey(KEY).balance());
    expect(err.kind).toBe("timeout");
  });

  it("a timeout that ends with success on the retry", async () => {
    stub.handle((_req, res, i) => {
      if (i === 0) return; // never answered
      sendJson(res, 200, { usdtTrc20: "1", trx: "2" });
    });
    expect(await mp.forKey(KEY).balance()).toEqual({ usdtTrc20: "1", trx: "2" });
    expect(stub.requests).toHaveLength(2);
  });

  it("POST /automations with a connection reset is ambiguous, sent exactly once", async () => {
    stub.handle((_req, res) => resetConnection(res));
    const err = await failure(mp.forKey(KEY).createRefill({ targetAddress: ADDRESS, minimal: 30000n, volume: 65000n, duration: "1h" }));
    expect(err.kind).toBe("ambiguous");
    expect(err.isTransient).toBe(false);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]?.method).toBe("POST");
    expect(stub.requests[0]?.path).toBe("/api/v1/automations");
  });

  it("a POST that times out is ambiguous and not retried", async () => {
    stub.handle(() => undefined);
    const err = await failure(mp.forKey(KEY).pauseRule(RULE_ID));
    expect(err.kind).toBe("ambiguous");
    expect(stub.requests).toHaveLength(1);
  });

  it("5xx on other POSTs and DELETE is reported, never retried", async () => {
    stub.handle((_req, res) => sendJson(res, 503, {}));
    expect((await failure(mp.forKey(KEY).cancelRule(RULE_ID))).status).toBe(503);
    expect((await failure(mp.forKey(KEY).deleteWebhook(WEBHOOK_ID))).status).toBe(503);
    expect((await failure(mp.forKey(KEY).pingWebhook(WEBHOOK_ID))).status).toBe(503);
    expect(stub.requests.map((r) => r.method)).toEqual(["POST", "DELETE", "POST"]);
  });

  it("POST /orders is retried on reset, timeout and 5xx with the same Idempotency-Key", async () => {
    stub.handle((_req, res, i) => {
      if (i === 0) return resetConnection(res);
      if (i === 1) return sendJson(res, 503, { title: "busy" });
      sendJson(res, 200, wireOrder());
    });
    const order = await mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h", volume: 65000n }, { idempotencyKey: "idem-123" });
    expect(order.id).toBe(ORDER_ID);
    expect(stub.requests).toHaveLength(3);
    expect(new Set(stub.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["idem-123"]));
    expect(new Set(stub.requests.map((r) => r.body)).size).toBe(1);

    stub.requests.length = 0;
    stub.handle(() => undefined);
    const err = await failure(mp.forKey(KEY).placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "idem-456" }));
    expect(err.kind).toBe("timeout"); // retrying with the same key is safe, so not "ambiguous"
    expect(stub.requests).toHaveLength(3);
    expect(stub.requests.every((r) => r.headers["idempotency-key"] === "idem-456")).toBe(true);
  });

  it("never retries 4xx", async () => {
    stub.handle((_req, res) => sendJson(res, 404, { code: "order.not_found" }));
    const err = await failure(mp.forKey(KEY).getOrder(ORDER_ID));
    expect(err.isNotFound).toBe(true);
    expect(stub.requests).toHaveLength(1);
  });

  it("honours Retry-After within the cap", async () => {
    stub.handle((_req, res, i) => {
      if (i === 0) {
        res.writeHead(429, { "retry-after": "0" });
        res.end();
        return;
      }
      sendJson(res, 200, { usdtTrc20: "0", trx: "0" });
    });
    expect((await mp.forKey(KEY).balance()).trx).toBe("0");
    expect(stub.requests).toHaveLength(2);
  });

  it("a refused connection is kind network; a POST that certainly was not sent stays network", async () => {
    const dead = await startStub();
    const deadUrl = dead.url;
    await dead.close();
    const other = createMarketplace({ baseUrl: deadUrl, retry: FAST_RETRY });
    try {
      expect((await failure(other.forKey(KEY).balance())).kind).toBe("network");
      expect((await failure(other.forKey(KEY).enableSmart({ targetAddress: ADDRESS }))).kind).toBe("network");
      expect((await failure(other.public.checkAddress(ADDRESS))).kind).toBe("network");
    } finally {
      await other.close();
    }
  });

  it("a call after close() fails cleanly and certainly was not sent", async () => {
    const closed = createMarketplace({ baseUrl: stub.url, retry: FAST_RETRY });
    await closed.close();
    expect((await failure(closed.forKey(KEY).cancelRule(RULE_ID))).kind).toBe("network");
    expect(stub.requests).toHaveLength(0);
  });

  it("the caller's AbortSignal cancels the call and its retries", async () => {
    stub.handle(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(mp.forKey(KEY).balance({ signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(250);
    expect(stub.requests).toHaveLength(1);
    await expect(mp.forKey(KEY).balance({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("requests", () => {
  it("sends JSON bodies with int64 kept exact, and no key on public endpoints", async () => {
    stub.handle((req, res) => {
      if (req.path.startsWith("/api/v1/address-checker")) {
        return sendJson(res, 200, {
          address: ADDRESS,
          activated: true,
          energyLimit: "9007199254740993",
          energyUsed: 0,
          energyAvailable: 1,
          bandwidthLimit: 600,
          bandwidthUsed: 0,
          bandwidthAvailable: 600,
        });
      }
      sendJson(res, 200, wireOrder());
    });
    const client = mp.forKey(KEY);
    await client.placeOrder({ targetAddress: ADDRESS, duration: "1h", volume: 9007199254740993n, resource: "energy" }, { idempotencyKey: "a" });
    await client.placeOrder({ targetAddress: ADDRESS, duration: "1h", volume: "65000" }, { idempotencyKey: "b" });
    const check = await client.checkAddress(ADDRESS);
    expect(check.energyLimit).toBe(9007199254740993n);
    await mp.public.checkAddress(ADDRESS);

    const [big, small, checkReq, publicReq] = stub.requests;
    expect(big?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(big?.body ?? "")).toEqual({ resource: "energy", targetAddress: ADDRESS, volume: "9007199254740993", duration: "1h" });
    expect(JSON.parse(small?.body ?? "")).toEqual({ targetAddress: ADDRESS, volume: 65000, duration: "1h" });
    expect(checkReq?.url).toBe(`/api/v1/address-checker?address=${ADDRESS}`);
    expect(checkReq?.headers["x-api-key"]).toBeUndefined();
    expect(publicReq?.headers["x-api-key"]).toBeUndefined();
  });

  it("refuses to place an order without an Idempotency-Key", async () => {
    const client = mp.forKey(KEY);
    // @ts-expect-error the key is required
    await expect(client.placeOrder({ targetAddress: ADDRESS, duration: "1h" }, {})).rejects.toThrow(RangeError);
    await expect(client.placeOrder({ targetAddress: ADDRESS, duration: "1h" }, { idempotencyKey: "" })).rejects.toThrow(RangeError);
    expect(stub.requests).toHaveLength(0);
  });

  it("refuses path values that could change the route before any request, and encodes the rest", async () => {
    stub.handle((_req, res) => sendJson(res, 404, {}));
    const client = mp.forKey(KEY);
    for (const refused of [
      client.getOrder("../wallet/balance"),
      client.getOrder(".."),
      client.getOrder("not-a-uuid"),
      client.ruleFires("a b?c=d#e"),
      client.pauseRule(`${RULE_ID}/../../wallet`),
      client.pingWebhook("%2e%2e"),
      mp.public.blogPost("..", "en"),
      mp.public.blogPost("%2e%2E", "en"),
      mp.public.blogPost("a%252Fb", "en"),
      mp.public.blogPost("héllo/world", "zh-CN"),
      client.getOrder(""),
    ]) {
      const err = await failure(refused);
      expect(err.kind).toBe("bad_path");
      expect(err.isNotFound).toBe(true);
    }
    expect(stub.requests).toHaveLength(0);

    await failure(client.getOrder(ORDER_ID.toUpperCase()));
    await failure(mp.public.blogPost("héllo wörld", "zh-CN"));
    expect(stub.requests.map((r) => r.url)).toEqual([
      `/api/v1/orders/${ORDER_ID.toUpperCase()}`,
      "/api/v1/blog/posts/h%C3%A9llo%20w%C3%B6rld?locale=zh-CN",
    ]);
  });

  it("builds query strings for previews and pages", async () => {
    stub.handle((req, res) => {
      if (req.path === "/api/v1/orders/preview") {
        return sendJson(res, 200, { priceTrx: "1", baseCostTrx: "1", commissionTrx: "0", activationTrx: "0", burnCostTrx: "6.5", savingsPercent: "84.6", balanceTrx: "10" });
      }
      if (req.path === "/api/v1/automations/preview") return sendJson(res, 200, { priceTrx: "1", baseCostTrx: "0.9", commissionTrx: "0.1" });
      sendJson(res, 200, { items: [], page: 2, pageSize: 10, total: 0 });
    });
    const client = mp.forKey(KEY);
    await client.previewOrder({ volume: 65000n, days: "1h", resource: "energy", target: ADDRESS });
    await client.previewFiring({ volume: 131000, duration: "1h", type: "smart" });
    await client.previewFiring();
    await client.listOrders({ page: 2, pageSize: 10 });
    expect(stub.requests.map((r) => r.url)).toEqual([
      `/api/v1/orders/preview?volume=65000&days=1h&resource=energy&target=${ADDRESS}`,
      "/api/v1/automations/preview?volume=131000&duration=1h&type=smart",
      "/api/v1/automations/preview",
      "/api/v1/orders?page=2&pageSize=10",
    ]);
  });

  it("rejects an API key that cannot be sent as a header, without echoing it", () => {
    expect(() => mp.forKey("abc\ndef-SECRET")).toThrow(RangeError);
    try {
      mp.forKey("abc\ndef-SECRET");
    } catch (err) {
      expect(String(err)).not.toContain("SECRET");
    }
    expect(() => mp.forKey("")).toThrow(RangeError);
  });

  it("keeps the key out of inspect/JSON of a client", () => {
    const client = mp.forKey(KEY);
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });

  it("tolerates a base URL that already ends with /api/v1", async () => {
    const other = createMarketplace({ baseUrl: `${stub.url}/api/v1/`, retry: FAST_RETRY });
    stub.handle((_req, res) => sendJson(res, 200, { usdtTrc20: "0", trx: "0" }));
    try {
      await other.forKey(KEY).balance();
      expect(stub.requests[0]?.path).toBe("/api/v1/wallet/balance");
    } finally {
      await other.close();
    }
  });
});

describe("options cache", () => {
  const orderOptions = {
    resources: [{ resource: "energy", durations: ["1h", "1d"], unit: 65000, minVolume: "32000", maxVolume: 10000000 }],
    activationMaxTrx: "1.1",
  };
  const ruleOptions = { durations: ["1h"], energyUnit: 65000, minVolume: 32000, maxVolume: "5000000", renewalMinVolume: 65000, renewalMaxVolume: 1000000 };

  it("caches options per key for the TTL, with an injectable clock", async () => {
    let now = 1_000_000;
    const local = createMarketplace({ baseUrl: stub.url, retry: FAST_RETRY, now: () => now, optionsTtlMs: 60_000 });
    stub.handle((req, res) => sendJson(res, 200, req.path.endsWith("/orders/options") ? orderOptions : ruleOptions));
    try {
      const a = local.forKey("key-a-0001");
      const [first, concurrent] = await Promise.all([a.orderOptions(), a.orderOptions()]);
      expect(first.resources[0]?.minVolume).toBe(32000n);
      expect(concurrent).toBe(first);
      await local.forKey("key-a-0001").orderOptions(); // a new client for the same key shares the cache
      expect(stub.requests).toHaveLength(1);

      await local.forKey("key-b-0002").orderOptions(); // another key: its own entry
      expect(stub.requests).toHaveLength(2);

      expect((await a.ruleOptions()).maxVolume).toBe(5000000n);
      await a.ruleOptions();
      expect(stub.requests).toHaveLength(3);

      now += 60_001;
      await a.orderOptions();
      expect(stub.requests).toHaveLength(4);
      await a.orderOptions({ fresh: true });
      expect(stub.requests).toHaveLength(5);
    } finally {
      await local.close();
    }
  });

  it("keeps a blog post a few minutes by language and slug (a reader pages through it), not a failure", async () => {
    let now = 1_000_000;
    const local = createMarketplace({ baseUrl: stub.url, retry: { ...FAST_RETRY, attempts: 1 }, now: () => now });
    const post = {
      slug: "what-is-energy",
      title: "What is energy",
      excerpt: "…",
      coverImageUrl: null,
      categorySlug: "basics",
      categoryName: "Basics",
      contentJson: "{}",
      publishedAt: "2026-11-01T00:00:00Z",
      metaTitle: null,
      metaDescription: null,
      isTranslated: true,
    };
    stub.handle((req, res) => (req.path.includes("missing") ? sendJson(res, 404, { error: { code: "not_found", message: "no" } }) : sendJson(res, 200, post)));
    try {
      await local.public.blogPost("what-is-energy", "en");
      await local.public.blogPost("what-is-energy", "en");
      await local.forKey("key-d-0004").blogPost("what-is-energy", "en"); // keyed clients share it
      expect(stub.requests).toHaveLength(1);
      await local.public.blogPost("what-is-energy", "ru"); // another language: its own entry
      expect(stub.requests).toHaveLength(2);
      await expect(local.public.blogPost("missing", "en")).rejects.toBeInstanceOf(MarketplaceError);
      await expect(local.public.blogPost("missing", "en")).rejects.toBeInstanceOf(MarketplaceError);
      expect(stub.requests).toHaveLength(4);
      now += 5 * 60_000 + 1;
      await local.public.blogPost("what-is-energy", "en");
      expect(stub.requests).toHaveLength(5);
      await local.public.blogPost("what-is-energy", "en", { fresh: true });
      expect(stub.requests).toHaveLength(6);
    } finally {
      await local.close();
    }
  });

  it("does not cache failures", async () => {
    const local = createMarketplace({ baseUrl: stub.url, retry: { ...FAST_RETRY, attempts: 1 } });
    stub.handle((_req, res, i) => (i === 0 ? sendJson(res, 500, {}) : sendJson(res, 200, ruleOptions)));
    try {
      const a = local.forKey("key-c-0003");
      await expect(a.ruleOptions()).rejects.toBeInstanceOf(MarketplaceError);
      expect((await a.ruleOptions()).energyUnit).toBe(65000n);
      expect(stub.requests).toHaveLength(2);
    } finally {
      await local.close();
    }
  });
});

describe("pagination", () => {
  it("iterates pages until the total is reached, and stops at maxPages", async () => {
    const all = Array.from({ length: 5 }, (_, i) => wireOrder({ id: `o-${i}` }));
    stub.handle((req, res) => {
      const q = new URL(req.url, "http://x").searchParams;
      const page = Number(q.get("page"));
      const size = Number(q.get("pageSize"));
      sendJson(res, 200, { items: all.slice((page - 1) * size, page * size), page, pageSize: size, total: all.length });
    });
    const client = mp.forKey(KEY);
    const ids: string[] = [];
    for await (const page of client.iterateOrders({ pageSize: 2 })) ids.push(...page.items.map((o) => o.id));
    expect(ids).toEqual(["o-0", "o-1", "o-2", "o-3", "o-4"]);
    expect(stub.requests).toHaveLength(3);

    stub.requests.length = 0;
    const pages = [];
    for await (const page of client.iterateOrders({ pageSize: 2, maxPages: 2 })) pages.push(page.page);
    expect(pages).toEqual([1, 2]);

    stub.requests.length = 0;
    for await (const _ of client.iterateOrders({ pageSize: 1000 })) break;
    expect(stub.requests[0]?.url).toBe("/api/v1/orders?page=1&pageSize=100");
  });

  it("stops on an empty page even if the total says otherwise", async () => {
    stub.handle((_req, res) => sendJson(res, 200, { items: [], page: 1, pageSize: 10, total: 99 }));
    const pages = [];
    for await (const page of mp.forKey(KEY).iterateOrders({ pageSize: 10 })) pages.push(page);
    expect(pages).toHaveLength(1);
  });
});
