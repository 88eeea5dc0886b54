/**
 * The per-endpoint response limits (src/marketplace/response-limits.ts) against a node:http stub:
 * a page of 20,000 orders (the spec allows 100) fails that call at once with kind too_large, the
 * rest of the body is never read (the stub sees the connection closed mid-body), and other calls
 * on the same client go on.
 */
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace, MarketplaceError, type Marketplace } from "../../src/marketplace/index.js";
import { renderError } from "../../src/bot/errors/render.js";
import { createFormatter } from "../../src/format/formatter.js";
import { ORDER_ID, wireOrder } from "./support/fixtures.js";
import { sendJson, sendRaw, startStub, type Stub } from "./support/stub.js";

const KEY = "sk_test_SECRET_4f9a1c2e7b";
const ITEMS = 20_000;

let stub: Stub;
let mp: Marketplace;

beforeAll(async () => {
  stub = await startStub();
  mp = createMarketplace({ baseUrl: stub.url, timeouts: { connectMs: 1_000, totalMs: 10_000 }, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 } });
});
afterAll(async () => {
  await mp.close();
  await stub.close();
});
afterEach(() => {
  stub.requests.length = 0;
});

async function rejection(promise: Promise<unknown>): Promise<MarketplaceError> {
  const err = await promise.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MarketplaceError);
  return err as MarketplaceError;
}

/** Streams a page of `ITEMS` orders without a length, a thousand at a time; says how far it got. */
async function streamHugePage(res: ServerResponse): Promise<{ items: number; finished: boolean }> {
  res.writeHead(200, { "content-type": "application/json" });
  const order = JSON.stringify(wireOrder());
  let written = 0;
  const write = (text: string) => (res.destroyed ? Promise.resolve() : res.write(text) ? Promise.resolve() : Promise.race([once(res, "drain"), once(res, "close")]));
  await write('{"page":1,"pageSize":20000,"total":20000,"items":[');
  while (written < ITEMS && !res.destroyed) {
    const batch = Array.from({ length: 1_000 }, () => order).join(",");
    await write(written === 0 ? batch : `,${batch}`);
    written += 1_000;
    // let the socket report a close by the client before writing on
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!res.destroyed) res.end("]}");
  if (!res.writableFinished && !res.destroyed) await Promise.race([once(res, "finish"), once(res, "close")]);
  return { items: written, finished: res.writableFinished };
}

describe("response size limits", () => {
  it("a page of 20,000 orders: too_large, not retried, and the body is not read to its end", async () => {
    let served: Promise<{ items: number; finished: boolean }> | undefined;
    stub.handle((_req, res) => {
      served = streamHugePage(res);
      return served.then(() => undefined);
    });
    const err = await rejection(mp.forKey(KEY).listOrders({ page: 1, pageSize: 100 }));
    expect(err.kind).toBe("too_large");
    expect(err.message).toContain("GET /api/v1/orders");
    expect(err.message).not.toContain(KEY);
    const outcome = await served!;
    // the client stopped reading and closed the connection long before the last of 20,000 orders
    expect(outcome.finished).toBe(false);
    expect(outcome.items).toBeLessThan(ITEMS);
    expect(stub.requests).toHaveLength(1);
  });

  it("an answer that declares a length over the limit is refused before it is read", async () => {
    const page = JSON.stringify({ page: 1, pageSize: 20_000, total: ITEMS, items: Array.from({ length: ITEMS }, () => wireOrder()) });
    stub.handle((_req, res) => sendRaw(res, 200, page));
    const err = await rejection(mp.forKey(KEY).listOrders());
    expect(err.kind).toBe("too_large");
    expect(stub.requests).toHaveLength(1);
  });

  it("each endpoint has its own limit: a 100-order page is read, one order of 100 KB is not", async () => {
    stub.handle((req, res) =>
      req.path === "/api/v1/orders"
        ? sendJson(res, 200, { page: 1, pageSize: 100, total: 100, items: Array.from({ length: 100 }, () => wireOrder({ txId: "a".repeat(64) })) })
        : sendJson(res, 200, wireOrder({ status: "x".repeat(100_000) })),
    );
    const client = mp.forKey(KEY);
    expect((await client.listOrders({ pageSize: 100 })).items).toHaveLength(100);
    expect((await rejection(client.getOrder(ORDER_ID))).kind).toBe("too_large");
  });

  it("other calls go on while one answer is cut off: the huge page and a balance at the same time", async () => {
    stub.handle((req, res) => (req.path === "/api/v1/orders" ? streamHugePage(res).then(() => undefined) : sendJson(res, 200, { usdtTrc20: "1", trx: "2" })));
    const client = mp.forKey(KEY);
    const [page, balance] = await Promise.allSettled([client.listOrders(), client.balance()]);
    expect(page.status === "rejected" && (page.reason as MarketplaceError).kind).toBe("too_large");
    expect(balance).toEqual({ status: "fulfilled", value: { usdtTrc20: "1", trx: "2" } });
    expect(await client.balance()).toEqual({ usdtTrc20: "1", trx: "2" });
  });

  it("an error page over the limit is still the status's error, not too_large", async () => {
    stub.handle((_req, res) => sendRaw(res, 503, `<html>${"x".repeat(200_000)}</html>`, "text/html"));
    const err = await rejection(mp.forKey(KEY).orderStats());
    expect(err.kind).toBe("http");
    expect(err.status).toBe(503);
  });

  it("maps to its own sentence through the one error mapping, logged as unexpected", () => {
    const err = new MarketplaceError("too_large", "GET /api/v1/orders: the answer is longer than 262144 bytes");
    const rendered = renderError(err, { t: (key) => key, fmt: createFormatter("en") }, 0);
    expect(rendered).toEqual({ text: "error-marketplace-too-large", expected: false });
  });
});
