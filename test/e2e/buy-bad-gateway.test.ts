/**
 * A 502 on POST /orders is "provider failed, refunded" only when the marketplace says so in its own
 * problem document. A reverse proxy's 502 page (the app died after committing the order) says nothing
 * about the order: the intent stays `placing`, and Confirm again reuses its key: one order, one charge.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { BAD_GATEWAY_PAGE, startProxy, type Proxy } from "../marketplace/support/proxy.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { BuyCard } from "../../src/bot/features/buy/callbacks.js";
import { buttonData, charges, confirm, confirmData, freshAddress, previewByOneLiner, text } from "./buy-support.js";

const USER = 3101;
let h: Harness;
let proxy: Proxy;
let proxied: Marketplace;

afterEach(async () => {
  await h.stop();
  await proxied.close();
  await proxy.close();
});

/** The bot reaches the sandbox through a proxy (set up once the sandbox is listening). */
async function startBehindProxy(): Promise<void> {
  const via: { marketplace?: Marketplace } = {};
  h = await startHarness({
    extendDeps: (deps) => ({
      ...deps,
      marketplace: {
        public: deps.marketplace.public,
        forKey: (apiKey) => (via.marketplace ?? deps.marketplace).forKey(apiKey),
        close: () => deps.marketplace.close(),
      },
    }),
  });
  proxy = await startProxy(h.sandbox.url);
  proxied = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
  via.marketplace = proxied;
}

const isPlaceOrder = (method: string, url: string) => method === "POST" && url.split("?")[0] === "/api/v1/orders";
const posts = () => proxy.requests.filter((r) => isPlaceOrder(r.method, r.url));

describe("a 502 that is not the marketplace's", () => {
  it("the order was committed behind a proxy's 502 page: outcome unknown, the intent stays placing, Confirm again reuses the key; one charge", async () => {
    await startBehindProxy();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    // Both attempts of the client (the first and its retry with the same key) get the proxy's page.
    proxy.replaceAnswers(isPlaceOrder, BAD_GATEWAY_PAGE, 2);

    const unknown = text(await confirm(h, USER, intentId, /cannot tell yet/));
    expect(unknown).toContain("Tapping Confirm again is safe");
    expect(unknown).not.toContain("provider failed");
    expect(buttonData(h, USER)).toEqual([confirmData(intentId)]);
    const placing = (await h.store.orders.get(intentId))!;
    expect(placing).toMatchObject({ state: "placing", lastError: "http 502" });
    expect(posts().map((r) => r.outcome)).toEqual(["replaced", "replaced"]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1); // it did go through
    expect(charges(h, accountId)).toHaveLength(1);

    await h.tg.tapButton({ userId: USER, text: /Confirm again/ });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes("Created, being delivered"));
    const row = (await h.store.orders.get(intentId))!;
    expect(row.state).toBe("placed");
    expect(posts().map((r) => r.headers["idempotency-key"])).toEqual(Array(3).fill(row.idempotencyKey));
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(charges(h, accountId).map((c) => c.orderId)).toEqual([row.orderId]);
  });

  it("one proxy 502 and the retry with the same key gets the order: placed at once, one charge", async () => {
    await startBehindProxy();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    proxy.replaceAnswers(isPlaceOrder, BAD_GATEWAY_PAGE, 1);
    await confirm(h, USER, intentId, /Created, being delivered/);
    expect(posts().map((r) => r.outcome)).toEqual(["replaced", 200]);
    expect((await h.store.orders.get(intentId))!.state).toBe("placed");
    expect(charges(h, accountId)).toHaveLength(1);
  });

  it("the marketplace's own 502 (a problem document) through the same proxy still means refunded: rejected, Try again", async () => {
    await startBehindProxy();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1d`);
    h.sandbox.control.failNextOrder("sync");
    await confirm(h, USER, intentId, /provider failed/);
    expect(posts()).toHaveLength(1); // not retried
    expect(await h.store.orders.get(intentId)).toMatchObject({ state: "rejected", lastError: "http 502 provider.failed" });
    expect(buttonData(h, USER)).toEqual([BuyCard.again.pack({ intent: intentId })]);
    expect(h.sandbox.control.ledger(accountId).map((e) => e.kind).filter((k) => k !== "deposit")).toEqual(["charge", "refund"]);
  });
});
