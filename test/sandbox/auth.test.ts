import { describe, expect, it } from "vitest";
import { account, client, DAY, expectProblem, HOUR, newAddress, order, sandbox, type WireRule } from "./helpers.js";

const GETS = [
  "/api/v1/orders",
  "/api/v1/orders/preview",
  "/api/v1/orders/stats",
  "/api/v1/orders/options",
  "/api/v1/automations",
  "/api/v1/automations/options",
  "/api/v1/automations/preview",
  "/api/v1/wallet/balance",
  "/api/v1/wallet/deposit-address",
];

describe("API keys", () => {
  it("401 api_key.invalid for a missing or unknown key on every key-protected endpoint", async () => {
    const sb = await sandbox();
    const anonymous = client(sb.url);
    const bogus = client(sb.url, "sbx_full_not-a-real-key");
    for (const path of [...GETS, "/api/v1/orders/00000000-0000-4000-8000-000000000000"]) {
      expectProblem(await anonymous("GET", path), 401, "api_key.invalid");
      expectProblem(await bogus("GET", path), 401, "api_key.invalid");
    }
    expectProblem(await anonymous("POST", "/api/v1/orders", { body: {} }), 401, "api_key.invalid");
    expectProblem(await bogus("POST", "/api/v1/automations/smart", { body: {} }), 401, "api_key.invalid");
    expectProblem(await bogus("DELETE", "/api/v1/webhooks/00000000-0000-4000-8000-000000000000"), 401, "api_key.invalid");
  });

  it("a read key reads everything and can spend or change nothing", async () => {
    const sb = await sandbox();
    const a = account(sb);
    for (const path of GETS) expect((await a.read("GET", path)).status, path).toBe(200);
    const scope = (reply: Awaited<ReturnType<typeof a.read>>) => expectProblem(reply, 403, "api_key.insufficient_scope");
    scope(await order(a.read, { targetAddress: newAddress(), duration: "1h" }));
    scope(await a.read("POST", "/api/v1/automations", { body: {} }));
    scope(await a.read("POST", "/api/v1/automations/renewal", { body: {} }));
    scope(await a.read("POST", "/api/v1/automations/smart", { body: {} }));
    const ruleId = (await a.purchase<WireRule>("POST", "/api/v1/automations/smart", { body: { targetAddress: newAddress() } })).body.id;
    for (const action of ["pause", "resume", "cancel"]) scope(await a.read("POST", `/api/v1/automations/${ruleId}/${action}`));
    scope(await a.read("POST", "/api/v1/webhooks", { body: { url: "http://127.0.0.1:1/hook" } }));
    expect(sb.control.orderCount(a.accountId)).toBe(0);
  });

  it("a purchase key spends but cannot manage webhooks; a full key can", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expect((await order(a.purchase, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
    const { id } = sb.control.createWebhook(a.accountId, "http://127.0.0.1:1/hook");
    expectProblem(await a.purchase("POST", "/api/v1/webhooks", { body: { url: "http://127.0.0.1:1/hook" } }), 403, "api_key.insufficient_scope");
    expectProblem(await a.purchase("POST", `/api/v1/webhooks/${id}/ping`), 403, "api_key.insufficient_scope");
    expectProblem(await a.purchase("DELETE", `/api/v1/webhooks/${id}`), 403, "api_key.insufficient_scope");
    expect((await order(a.full, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
    expect((await a.full("DELETE", `/api/v1/webhooks/${id}`)).status).toBe(204);
  });

  it("public endpoints need no key", async () => {
    const sb = await sandbox();
    const anonymous = client(sb.url);
    expect((await anonymous("GET", `/api/v1/address-checker?address=${newAddress()}`)).status).toBe(200);
    expect((await anonymous("GET", "/api/v1/blog/posts/what-is-energy")).status).toBe(200);
  });
});

describe("daily spend limit (UTC day)", () => {
  it("refuses an order that would exceed it with 403 api_key.spend_limit_exceeded; resets after UTC midnight", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const { key } = sb.control.createKey(a.accountId, { scope: "purchase", dailyLimitTrx: "11" });
    const limited = client(sb.url, key);
    expect((await order(limited, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200); // 5.39
    expect((await order(limited, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200); // 10.78
    expectProblem(await order(limited, { targetAddress: newAddress(), duration: "1h" }), 403, "api_key.spend_limit_exceeded");
    expect(sb.control.orderCount(a.accountId)).toBe(2);
    // Other keys of the account have their own (here: no) limit.
    expect((await order(a.purchase, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
    // 12:00 + 11h59m is still the same UTC day.
    await sb.control.advanceClock(12 * HOUR - 60_000);
    expectProblem(await order(limited, { targetAddress: newAddress(), duration: "1h" }), 403, "api_key.spend_limit_exceeded");
    await sb.control.advanceClock(60_000);
    expect((await order(limited, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
  });

  it("does not count refunded charges", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const { key } = sb.control.createKey(a.accountId, { scope: "purchase", dailyLimitTrx: "6" });
    const limited = client(sb.url, key);
    sb.control.failNextOrder("async");
    await order(limited, { targetAddress: newAddress(), duration: "1h" });
    await sb.control.settleOrders();
    sb.control.failNextOrder("sync");
    expectProblem(await order(limited, { targetAddress: newAddress(), duration: "1h" }), 502, "provider.failed");
    expect((await order(limited, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
  });

  it("counts firings of rules the key created, and pauses (System) a rule whose firing would exceed it", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const { key } = sb.control.createKey(a.accountId, { scope: "purchase", dailyLimitTrx: "9" });
    const limited = client(sb.url, key);
    const target = newAddress();
    sb.control.setAddress(target, { activated: true });
    const created = await limited<WireRule>("POST", "/api/v1/automations", { body: { targetAddress: target, minimal: 50000, volume: 65000, duration: "1h" } });
    sb.control.consumeEnergy(target, 1n); // fires 4.29 on the key's account of the day
    expectProblem(await order(limited, { targetAddress: newAddress(), duration: "1h" }), 403, "api_key.spend_limit_exceeded"); // 4.29 + 5.39 > 9
    expect((await order(limited, { targetAddress: target, volume: 65000, duration: "1h" })).status).toBe(200); // activated target: 4.29, 8.58 in all
    await sb.control.advanceClock(HOUR + 2_000); // both delegations expire: another firing (4.29) would exceed 9
    const rule = (await a.read<WireRule[]>("GET", "/api/v1/automations")).body[0];
    expect(rule).toMatchObject({ id: created.body.id, status: "paused", pauseReason: "System", spentTrx: "4.290000" });
    // A renewal cannot be created by a key whose limit would be exceeded by its first renewal.
    expectProblem(await limited("POST", "/api/v1/automations/renewal", { body: { targetAddress: newAddress(), volume: 65000 } }), 403, "api_key.spend_limit_exceeded");
    // Raising the limit lets the key spend again.
    sb.control.setKeyLimit(key, "100");
    expect((await order(limited, { targetAddress: newAddress(), duration: "1h" })).status).toBe(200);
    sb.control.setKeyLimit(key, null);
    await sb.control.advanceClock(DAY);
  });
});
