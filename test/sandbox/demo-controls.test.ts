/** The playground's demo shortcuts on the control surface: every pending order failed, rules paused for balance, a rule cancel failed. */
import { describe, expect, it } from "vitest";
import { account, client, expectProblem, ledgerTotals, newAddress, sandbox, type Call, type WireRule } from "./helpers.js";

const placeOrder = (call: Call) =>
  call<{ id: string; status: string }>("POST", "/api/v1/orders", {
    body: { resource: "energy", targetAddress: newAddress(), volume: 65000, duration: "1h" },
    headers: { "Idempotency-Key": `k-${Math.random()}` },
  });

describe("demo controls", () => {
  it("settles every pending order as failed (refunded) on request; as planned otherwise", async () => {
    const sb = await sandbox({ fillDelayMs: 3_600_000 });
    const a = account(sb, "100");
    const first = await placeOrder(a.purchase);
    await sb.control.settleOrders("failed");
    expect((await a.read<{ status: string }>("GET", `/api/v1/orders/${first.body.id}`)).body.status).not.toMatch(/Created|Filled/);
    expect(sb.control.balanceOf(a.accountId).trx).toBe("100.000000");
    const second = await placeOrder(a.purchase);
    await sb.control.settleOrders();
    expect((await a.read<{ status: string }>("GET", `/api/v1/orders/${second.body.id}`)).body.status).toBe("Filled");
    expectProblem(await client(sb.url)("POST", "/_sandbox/orders/settle", { body: { outcome: "maybe" } }), 400, "request.invalid_outcome");
  });

  it("pauses every active rule for balance: the wallet is emptied (ledger: withdraw) and each rule is paused by the System", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations", { body: { minimal: 50000, volume: 65000, duration: "1h", targetAddress: newAddress(), autoResume: true } });
    const reply = await client(sb.url)<{ paused: number }>("POST", `/_sandbox/accounts/${a.accountId}/pause-rules-for-balance`);
    expect(reply.body).toEqual({ paused: 1 });
    expect(sb.control.balanceOf(a.accountId).trx).toBe("0.000000");
    expect(ledgerTotals(sb, a.accountId).withdraw).toBeGreaterThan(0n);
    const rule = (await a.read<WireRule[]>("GET", "/api/v1/automations")).body.find((r) => r.id === created.body.id);
    expect(rule).toMatchObject({ status: "paused" });
    expect(sb.control.pauseRulesForBalance(a.accountId)).toBe(0);
  });

  it("fails the next rule cancel once (500, the rule unchanged); the one after cancels", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations", { body: { minimal: 50000, volume: 65000, duration: "1h", targetAddress: newAddress() } });
    expect((await client(sb.url)("POST", "/_sandbox/fail-next-rule-cancel")).status).toBe(204);
    expectProblem(await a.purchase("POST", `/api/v1/automations/${created.body.id}/cancel`), 500, "sandbox.cancel_failed");
    expect((await a.read<WireRule[]>("GET", "/api/v1/automations")).body.find((r) => r.id === created.body.id)).toMatchObject({ status: "active" });
    expect((await a.purchase<WireRule>("POST", `/api/v1/automations/${created.body.id}/cancel`)).body).toMatchObject({ status: "cancelled" });
  });
});
