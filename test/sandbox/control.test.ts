import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/dev/sandbox/index.js";
import { aString, client, DAY, expectProblem, matching, newAddress, order, receiver, sandbox, T0, type ControlAccount, type ControlDelivery, type ControlKey, type ControlNewAccount, type ControlWebhook, type WireOrder } from "./helpers.js";

describe("control API over HTTP (/_sandbox)", () => {
  it("creates accounts and keys, deposits, and shows balance and ledger with bigints as strings", async () => {
    const sb = await sandbox();
    const control = client(sb.url);
    const created = await control<ControlNewAccount>("POST", "/_sandbox/accounts", { body: { trx: "20", usdt: "3" } });
    expect(created.status).toBe(200);
    const { accountId } = created.body;
    const { key } = (await control<ControlKey>("POST", `/_sandbox/accounts/${accountId}/keys`, { body: { scope: "purchase", dailyLimitTrx: "50" } })).body;
    expect(key).toEqual(expect.any(String));
    const placed = await order(client(sb.url, key), { targetAddress: newAddress(), duration: "1h" });
    const deposited = await control<ControlAccount>("POST", `/_sandbox/accounts/${accountId}/deposit`, { body: { trx: "1.5" } });
    expect(deposited.body.balance).toEqual({ trx: "16.110000", usdt: "3.000000" });
    const shown = (await control("GET", `/_sandbox/accounts/${accountId}`)).body;
    expect(shown).toEqual({
      accountId,
      balance: { trx: "16.110000", usdt: "3.000000" },
      orderCount: 1,
      ledger: [
        { kind: "deposit", sun: "20000000", at: T0 },
        { kind: "charge", sun: "5390000", orderId: placed.body.id, at: T0 },
        { kind: "deposit", sun: "1500000", at: T0 },
      ],
    });
    expect((await control("POST", `/_sandbox/keys/${key}/limit`, { body: { dailyLimitTrx: "1" } })).status).toBe(204);
    expectProblem(await order(client(sb.url, key), { targetAddress: newAddress(), duration: "1h" }), 403, "api_key.spend_limit_exceeded");
    expectProblem(await control("GET", "/_sandbox/accounts/nope"), 404, "sandbox.account_not_found");
    expectProblem(await control("POST", `/_sandbox/accounts/${accountId}/deposit`, { body: { trx: "-1" } }), 400, "request.invalid_trx");
    expectProblem(await control("POST", `/_sandbox/accounts/${accountId}/deposit`, { body: { trx: "0.0000001" } }), 400, "request.invalid_trx");
    expectProblem(await control("POST", `/_sandbox/accounts/${accountId}/keys`, { body: { scope: "admin" } }), 400, "request.invalid_scope");
  });

  it("sets address state, consumes energy, advances the clock, settles and fails orders, toggles the checker", async () => {
    const sb = await sandbox();
    const control = client(sb.url);
    const address = newAddress();
    const set = await control("POST", `/_sandbox/addresses/${address}`, { body: { activated: true, energyLimit: "100000", bandwidthLimit: 2000 } });
    expect(set.body).toMatchObject({ address, activated: true, energyLimit: 100000, bandwidthLimit: 2000 });
    expect((await control("POST", `/_sandbox/addresses/${address}/consume`, { body: { energy: "65000" } })).body).toMatchObject({ energyAvailable: 35000 });
    expectProblem(await control("POST", "/_sandbox/addresses/Tbad/consume", { body: { energy: 1 } }), 400, "request.invalid_address");

    const { accountId } = (await control<ControlNewAccount>("POST", "/_sandbox/accounts", { body: { trx: "100" } })).body;
    const { key } = (await control<ControlKey>("POST", `/_sandbox/accounts/${accountId}/keys`, { body: { scope: "full" } })).body;
    const api = client(sb.url, key);
    const first = (await order(api, { targetAddress: address, duration: "1h" })).body;
    expect((await control("POST", "/_sandbox/orders/settle")).status).toBe(204);
    expect((await api<WireOrder>("GET", `/api/v1/orders/${first.id}`)).body.status).toBe("Filled");

    expect((await control("POST", "/_sandbox/fail-next-order", { body: { mode: "sync" } })).status).toBe(204);
    expectProblem(await order(api, { targetAddress: address, duration: "1h" }), 502, "provider.failed");
    await control("POST", "/_sandbox/fail-next-order", { body: { mode: "async" } });
    const failing = (await order(api, { targetAddress: address, duration: "1h" })).body;
    const advanced = await control("POST", "/_sandbox/clock/advance", { body: { ms: DAY } });
    expect(advanced.body).toEqual({ now: new Date(T0 + DAY).toISOString() });
    expect((await api<WireOrder>("GET", `/api/v1/orders/${failing.id}`)).body.status).toBe("Failed");
    expectProblem(await control("POST", "/_sandbox/fail-next-order", { body: { mode: "later" } }), 400, "request.invalid_mode");
    expectProblem(await control("POST", "/_sandbox/clock/advance", { body: { ms: -1 } }), 400, "request.invalid_ms");

    await control("POST", "/_sandbox/checker", { body: { available: false } });
    expectProblem(await client(sb.url)("GET", `/api/v1/address-checker?address=${address}`), 503, "address_checker.unavailable");
    await control("POST", "/_sandbox/checker", { body: { available: true } });
    expect((await client(sb.url)("GET", `/api/v1/address-checker?address=${address}`)).status).toBe(200);
  });

  it("creates webhooks, lists deliveries and flushes the queue", async () => {
    const sb = await sandbox();
    const control = client(sb.url);
    const { accountId } = (await control<ControlNewAccount>("POST", "/_sandbox/accounts", { body: {} })).body;
    const { key } = (await control<ControlKey>("POST", `/_sandbox/accounts/${accountId}/keys`, { body: { scope: "full" } })).body;
    const hook = await receiver();
    const created = await control<ControlWebhook>("POST", "/_sandbox/webhooks", { body: { accountId, url: hook.url } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: aString(), secret: matching(/^whsec_/) });
    await client(sb.url, key)("POST", `/api/v1/webhooks/${created.body.id}/ping`);
    expect((await control("POST", "/_sandbox/webhooks/flush")).status).toBe(204);
    const deliveries = (await control<ControlDelivery[]>("GET", `/_sandbox/deliveries?webhookId=${created.body.id}`)).body;
    expect(deliveries).toEqual([{ webhookId: created.body.id, eventId: matching(/^msg_/), type: "webhook.ping", attempt: 1, status: 200, at: T0 }]);
    expect((await control("GET", "/_sandbox/deliveries?webhookId=other")).body).toEqual([]);
    expectProblem(await control("POST", "/_sandbox/webhooks", { body: { accountId: "nope", url: hook.url } }), 404, "sandbox.account_not_found");
  });
});

describe("startSandbox", () => {
  it("seeds a demo account with one key per scope", async () => {
    const sb = await startSandbox({ seedDemo: true });
    try {
      expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const demo = sb.demo!;
      expect(Number(sb.control.balanceOf(demo.accountId).trx)).toBeGreaterThan(0);
      for (const key of Object.values(demo.keys)) expect((await client(sb.url, key)("GET", "/api/v1/wallet/balance")).status).toBe(200);
      expectProblem(await client(sb.url, demo.keys.purchase)("POST", "/api/v1/webhooks", { body: { url: "http://x.invalid" } }), 403, "api_key.insufficient_scope");
    } finally {
      await sb.stop();
    }
    await expect(fetch(`${sb.url}/api/v1/orders/options`)).rejects.toThrow();
    await sb.stop(); // idempotent
  });

  it("has no demo unless asked", async () => {
    const sb = await sandbox();
    expect(sb.demo).toBeUndefined();
  });
});
