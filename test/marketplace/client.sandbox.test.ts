/**
 * Every client method against the sandbox over real HTTP, and the idempotency guarantee end to
 * end: a reset after the sandbox committed an order, retried with the same key, charges once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/dev/sandbox/index.js";
import { tronAddressFromAccountId } from "../../src/tron/address.js";
import { trxToSun } from "../../src/tron/amounts.js";
import {
  createMarketplace,
  MarketplaceError,
  orderStatusKind,
  pauseReasonKind,
  ruleKind,
  ruleStatusKind,
  type Marketplace,
  type MarketplaceClient,
} from "../../src/marketplace/index.js";
import { startProxy, type Proxy } from "./support/proxy.js";

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ZERO = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
let nextAddress = 1;
/** A fresh valid address per test, so rules and activation do not interfere. */
function freshAddress(): string {
  const bytes = new Uint8Array(20);
  bytes[0] = 0x5a;
  bytes[19] = nextAddress++;
  return tronAddressFromAccountId(bytes);
}

let sb: Sandbox;
let mp: Marketplace;
let accountId: string;
let purchase: MarketplaceClient;
let read: MarketplaceClient;
let full: MarketplaceClient;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, fillDelayMs: 50 });
  mp = createMarketplace({ baseUrl: sb.url, retry: FAST_RETRY, timeouts: { connectMs: 1_000, totalMs: 3_000 } });
  ({ accountId } = sb.control.createAccount({ trx: "1000" }));
  purchase = mp.forKey(sb.control.createKey(accountId, { scope: "purchase" }).key);
  read = mp.forKey(sb.control.createKey(accountId, { scope: "read" }).key);
  full = mp.forKey(sb.control.createKey(accountId, { scope: "full" }).key);
});
afterAll(async () => {
  await mp?.close();
  await sb?.stop();
});

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  const err = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MarketplaceError);
  return err as MarketplaceError;
}

function charges(account: string, orderId: string) {
  return sb.control.ledger(account).filter((e) => e.kind === "charge" && e.orderId === orderId);
}

describe("orders", () => {
  it("options, preview, place, get, settle, list, iterate, stats", async () => {
    const options = await purchase.orderOptions();
    const energy = options.resources.find((r) => r.resource === "energy");
    expect(energy).toBeDefined();
    expect(typeof energy?.minVolume).toBe("bigint");
    expect(energy?.durations.length).toBeGreaterThan(0);
    expect(options.activationMaxTrx).toMatch(/^\d+(\.\d+)?$/);
    const duration = energy!.durations[0]!;
    const volume = energy!.unit;

    const target = freshAddress();
    const preview = await purchase.previewOrder({ volume, days: duration, resource: "energy", target });
    expect(trxToSun(preview.priceTrx)).toBeGreaterThan(0n);
    expect(trxToSun(preview.activationTrx)).toBeGreaterThan(0n); // target not activated yet
    expect(trxToSun(preview.balanceTrx)).toBe(trxToSun("1000"));

    const before = trxToSun(sb.control.balanceOf(accountId).trx);
    const order = await purchase.placeOrder({ targetAddress: target, volume, duration, resource: "energy" }, { idempotencyKey: randomUUID() });
    expect(orderStatusKind(order.status)).toBe("created");
    expect(order.volume).toBe(volume);
    expect(order.txId).toBeNull();
    expect(trxToSun(sb.control.balanceOf(accountId).trx)).toBe(before - trxToSun(order.totalTrx));

    expect((await read.getOrder(order.id)).id).toBe(order.id);
    await sb.control.settleOrders();
    const filled = await read.getOrder(order.id);
    expect(orderStatusKind(filled.status)).toBe("filled");

    const page = await read.listOrders({ page: 1, pageSize: 10 });
    expect(page.items[0]?.id).toBe(order.id);
    expect(page.total).toBeGreaterThanOrEqual(1);

    const ids: string[] = [];
    for await (const p of read.iterateOrders({ pageSize: 1, maxPages: 10 })) ids.push(...p.items.map((o) => o.id));
    expect(ids).toContain(order.id);
    expect(ids).toHaveLength(page.total);

    const stats = await read.orderStats();
    expect(stats.totalOrders).toBeGreaterThanOrEqual(1);
    expect(stats.energyDelivered).toBeGreaterThanOrEqual(volume);
    expect(stats.energyDaily).toHaveLength(14);
  });

  it("the same Idempotency-Key returns the same order and charges once", async () => {
    const key = randomUUID();
    const body = { targetAddress: USDT, volume: 65_000n, duration: "1h" };
    const a = await purchase.placeOrder(body, { idempotencyKey: key });
    const b = await purchase.placeOrder(body, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(charges(accountId, a.id)).toHaveLength(1);
  });

  it("a reset after the sandbox committed the order: the retry with the same key returns it, one charge", async () => {
    const proxy: Proxy = await startProxy(sb.url);
    const viaProxy = createMarketplace({ baseUrl: proxy.url, retry: FAST_RETRY });
    try {
      const { accountId: account } = sb.control.createAccount({ trx: "100" });
      const client = viaProxy.forKey(sb.control.createKey(account, { scope: "purchase" }).key);
      proxy.dropAnswers((method, url) => method === "POST" && url === "/api/v1/orders");
      const order = await client.placeOrder({ targetAddress: ZERO, volume: 65_000n, duration: "1h" }, { idempotencyKey: "idem-reset-1" });

      expect(proxy.requests.map((r) => r.outcome)).toEqual(["dropped", 200]);
      expect(proxy.requests.map((r) => r.headers["idempotency-key"])).toEqual(["idem-reset-1", "idem-reset-1"]);
      expect(sb.control.orderCount(account)).toBe(1);
      expect(charges(account, order.id)).toHaveLength(1);
      expect(sb.control.ledger(account).filter((e) => e.kind === "charge")).toHaveLength(1);
      expect(trxToSun(sb.control.balanceOf(account).trx)).toBe(trxToSun("100") - trxToSun(order.totalTrx));
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });

  it("a reset after the sandbox created a rule is ambiguous, and nothing is retried", async () => {
    const proxy = await startProxy(sb.url);
    const viaProxy = createMarketplace({ baseUrl: proxy.url, retry: FAST_RETRY });
    try {
      const client = viaProxy.forKey(sb.control.createKey(accountId, { scope: "purchase" }).key);
      proxy.dropAnswers((method) => method === "POST");
      const target = freshAddress();
      const err = await failure(client.enableSmart({ targetAddress: target }));
      expect(err.kind).toBe("ambiguous");
      expect(proxy.requests).toHaveLength(1);
      // The rule does exist: the bot must check before creating another one.
      const rules = await client.listRules();
      expect(rules.some((r) => r.targetAddress === target && ruleKind(r.type) === "smart")).toBe(true);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });

  it("provider failure: 502 synchronously (refunded, not retried), or Failed later", async () => {
    const { accountId: account } = sb.control.createAccount({ trx: "100" });
    const client = mp.forKey(sb.control.createKey(account, { scope: "purchase" }).key);

    sb.control.failNextOrder("sync");
    const err = await failure(client.placeOrder({ targetAddress: USDT, volume: 65_000n, duration: "1h" }, { idempotencyKey: randomUUID() }));
    expect(err.isProviderFailed).toBe(true);
    expect(err.kind).toBe("http");
    expect(trxToSun(sb.control.balanceOf(account).trx)).toBe(trxToSun("100"));

    sb.control.failNextOrder("async");
    const order = await client.placeOrder({ targetAddress: USDT, volume: 65_000n, duration: "1h" }, { idempotencyKey: randomUUID() });
    expect(orderStatusKind(order.status)).toBe("created");
    await sb.control.settleOrders();
    expect(orderStatusKind((await client.getOrder(order.id)).status)).toBe("failed");
    expect(trxToSun(sb.control.balanceOf(account).trx)).toBe(trxToSun("100"));
  });

  it("errors: balance, scope, spend limit, invalid key, unknown order", async () => {
    const { accountId: poor } = sb.control.createAccount({ trx: "0" });
    const poorClient = mp.forKey(sb.control.createKey(poor, { scope: "purchase" }).key);
    const body = { targetAddress: USDT, volume: 65_000n, duration: "1h" };
    const balanceErr = await failure(poorClient.placeOrder(body, { idempotencyKey: randomUUID() }));
    expect(balanceErr).toMatchObject({ status: 402, code: "wallet.insufficient_balance" });
    expect(balanceErr.isInsufficientBalance).toBe(true);

    const scopeErr = await failure(read.placeOrder(body, { idempotencyKey: randomUUID() }));
    expect(scopeErr.isInsufficientScope).toBe(true);
    expect(scopeErr.isKeyRejected).toBe(false);

    const limited = mp.forKey(sb.control.createKey(accountId, { scope: "purchase", dailyLimitTrx: "1" }).key);
    const limitErr = await failure(limited.placeOrder(body, { idempotencyKey: randomUUID() }));
    expect(limitErr.isSpendLimit).toBe(true);

    const bogusKey = "not-a-real-key-123456";
    const keyErr = await failure(mp.forKey(bogusKey).balance());
    expect(keyErr).toMatchObject({ status: 401, code: "api_key.invalid" });
    expect(keyErr.isKeyRejected).toBe(true);
    expect(`${keyErr.message} ${keyErr.title ?? ""} ${keyErr.detail ?? ""}`).not.toContain(bogusKey);

    const notFound = await failure(read.getOrder(randomUUID()));
    expect(notFound.isNotFound).toBe(true);
  });
});

describe("automations", () => {
  it("options, previews, create the three kinds, list, pause, resume, cancel, fires", async () => {
    const options = await purchase.ruleOptions();
    expect(options.durations.length).toBeGreaterThan(0);
    expect(typeof options.energyUnit).toBe("bigint");

    const refillPreview = await purchase.previewFiring({ volume: options.energyUnit, duration: options.durations[0]!, type: "refill" });
    expect(trxToSun(refillPreview.priceTrx)).toBeGreaterThan(0n);
    const smartPreview = await purchase.previewFiring({ type: "smart" });
    expect(trxToSun(smartPreview.priceTrx)).toBeGreaterThan(0n);

    const target = freshAddress();
    sb.control.setAddress(target, { activated: true });
    const refill = await purchase.createRefill({
      targetAddress: target,
      minimal: options.minVolume,
      volume: options.energyUnit,
      duration: options.durations[0]!,
      autoResume: true,
    });
    expect(ruleKind(refill.type)).toBe("refill");
    expect(ruleStatusKind(refill.status)).toBe("active");
    expect(refill.autoResume).toBe(true);

    const renewal = await purchase.createRenewal({ targetAddress: freshAddress(), volume: options.renewalMinVolume });
    expect(ruleKind(renewal.type)).toBe("renewal");
    const smart = await purchase.enableSmart({ targetAddress: freshAddress(), autoResume: false });
    expect(ruleKind(smart.type)).toBe("smart");

    const rules = await read.listRules();
    expect(rules.map((r) => r.id)).toEqual(expect.arrayContaining([refill.id, renewal.id, smart.id]));

    sb.control.consumeEnergy(target, 1n); // energy below the threshold: the refill fires
    const fires = await read.ruleFires(refill.id);
    expect(fires.length).toBeGreaterThanOrEqual(1);
    expect(fires[0]?.volume).toBe(options.energyUnit);
    expect(trxToSun(fires[0]!.priceTrx)).toBeGreaterThan(0n);

    const paused = await purchase.pauseRule(refill.id);
    expect(ruleStatusKind(paused.status)).toBe("paused");
    expect(pauseReasonKind(paused.pauseReason)).toBe("user");
    const resumed = await purchase.resumeRule(refill.id);
    expect(ruleStatusKind(resumed.status)).toBe("active");
    const cancelled = await purchase.cancelRule(refill.id);
    expect(ruleStatusKind(cancelled.status)).toBe("cancelled");
    expect(trxToSun(cancelled.spentTrx)).toBeGreaterThan(0n);

    const missing = await failure(purchase.pauseRule(randomUUID()));
    expect(missing.isNotFound).toBe(true);
    expect((await failure(purchase.ruleFires(randomUUID()))).isNotFound).toBe(true);
  });

  it("renewal and smart need a balance for one firing", async () => {
    const { accountId: poor } = sb.control.createAccount({ trx: "0" });
    const client = mp.forKey(sb.control.createKey(poor, { scope: "purchase" }).key);
    expect((await failure(client.enableSmart({ targetAddress: freshAddress() }))).isInsufficientBalance).toBe(true);
    expect((await failure(client.createRenewal({ targetAddress: freshAddress(), volume: 65_000n }))).isInsufficientBalance).toBe(true);
  });
});

describe("wallet, public, webhooks", () => {
  it("balance and deposit address", async () => {
    const balance = await read.balance();
    expect(balance.trx).toMatch(/^\d+(\.\d+)?$/);
    expect(balance.usdtTrc20).toMatch(/^\d+(\.\d+)?$/);
    const deposit = await read.depositAddress();
    expect(deposit.address).toMatch(/^T/);
    expect(deposit.minimums.length).toBeGreaterThan(0);
    expect((await read.depositAddress()).address).toBe(deposit.address);
  });

  it("address checker: public and keyed, invalid address, checker unavailable", async () => {
    const target = freshAddress();
    sb.control.setAddress(target, { activated: true, energyLimit: 100_000n });
    const check = await mp.public.checkAddress(target);
    expect(check).toMatchObject({ address: target, activated: true, energyLimit: 100_000n });
    expect((await read.checkAddress(target)).energyAvailable).toBe(100_000n);

    const bad = await failure(mp.public.checkAddress("T-not-an-address"));
    expect(bad.isBadRequest).toBe(true);

    sb.control.setCheckerAvailable(false);
    try {
      const down = await failure(mp.public.checkAddress(target));
      expect(down).toMatchObject({ status: 503, code: "address_checker.unavailable" });
      expect(down.isCheckerUnavailable).toBe(true);
    } finally {
      sb.control.setCheckerAvailable(true);
    }
  });

  it("blog post by slug and locale; unknown slug is 404", async () => {
    const post = await mp.public.blogPost("what-is-energy", "en");
    expect(post.slug).toBe("what-is-energy");
    expect(typeof post.contentJson).toBe("string");
    expect(() => JSON.parse(post.contentJson) as unknown).not.toThrow();
    expect((await failure(mp.public.blogPost("no-such-post", "en"))).isNotFound).toBe(true);
  });

  it("ping and delete a webhook endpoint (scope full)", async () => {
    const { id } = sb.control.createWebhook(accountId, "http://127.0.0.1:9/hooks/x");
    await expect(full.pingWebhook(id)).resolves.toBeUndefined();
    expect((await failure(purchase.pingWebhook(id))).isInsufficientScope).toBe(true);
    await expect(full.deleteWebhook(id)).resolves.toBeUndefined();
    expect((await failure(full.deleteWebhook(id))).isNotFound).toBe(true);
  });
});
