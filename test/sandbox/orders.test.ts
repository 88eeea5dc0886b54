import { describe, expect, it } from "vitest";
import { isTronAddress } from "../../src/tron/address.js";
import { waitUntil } from "../support/wait.js";
import { account, client, DAY, expectProblem, HOUR, ledgerTotals, matching, newAddress, order, sandbox, T0, type WireAddressCheck, type WireOrder, type WireOrderPage, type WireOrderPreview, type WireOrderStats } from "./helpers.js";

const ENERGY_1H = { priceTrx: "4.290000", baseCostTrx: "3.900000", commissionTrx: "0.390000" };

describe("GET /api/v1/orders/options", () => {
  it("lists resources, durations, units and limits", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const reply = await a.read("GET", "/api/v1/orders/options");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      resources: [
        { resource: "energy", durations: ["1h", "1d", "3d", "7d", "14d", "30d"], unit: 65000, minVolume: 32000, maxVolume: 5000000 },
        { resource: "bandwidth", durations: ["1h", "1d"], unit: 345, minVolume: 1000, maxVolume: 1000000 },
      ],
      activationMaxTrx: "1.100000",
    });
  });
});

describe("GET /api/v1/orders/preview", () => {
  it("defaults to one energy transaction for the first duration, without activation", async () => {
    const sb = await sandbox();
    const a = account(sb, "12.345");
    const reply = await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...ENERGY_1H,
      activationTrx: "0.000000",
      burnCostTrx: "6.500000",
      savingsPercent: "34",
      balanceTrx: "12.345000",
    });
  });

  it("adds activation only for a target that is not activated", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const fresh = newAddress();
    const active = newAddress();
    sb.control.setAddress(active, { activated: true });
    expect((await a.read<WireOrderPreview>("GET", `/api/v1/orders/preview?target=${fresh}`)).body.activationTrx).toBe("1.100000");
    expect((await a.read<WireOrderPreview>("GET", `/api/v1/orders/preview?target=${active}`)).body.activationTrx).toBe("0.000000");
  });

  it("prices longer durations cheaper per day and compares with burning per day covered", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const d30 = (await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?volume=65000&days=30d&resource=energy")).body;
    expect(d30).toMatchObject({ priceTrx: "107.250000", baseCostTrx: "97.500000", burnCostTrx: "195.000000", savingsPercent: "45" });
    const d1 = (await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?volume=65000&days=1d")).body;
    expect(d1).toMatchObject({ priceTrx: "5.362500", commissionTrx: "0.487500" });
  });

  it("has no burn comparison for bandwidth", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const reply = await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?resource=bandwidth&volume=1000&days=1h");
    expect(reply.body).toMatchObject({ priceTrx: "0.330000", burnCostTrx: "0.000000", savingsPercent: "0" });
  });

  it("validates like orders", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?days=2h"), 400, "request.invalid_duration");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?resource=bandwidth&days=3d"), 400, "request.invalid_duration");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?volume=10"), 400, "request.volume_out_of_range");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?volume=5000001"), 400, "request.volume_out_of_range");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?volume=1.5"), 400, "request.invalid_volume");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?target=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T"), 400, "request.invalid_address");
    expectProblem(await a.read<WireOrderPreview>("GET", "/api/v1/orders/preview?resource=water"), 400, "request.invalid_resource");
  });

  it("charges nothing", async () => {
    const sb = await sandbox();
    const a = account(sb);
    await a.read<WireOrderPreview>("GET", `/api/v1/orders/preview?target=${newAddress()}`);
    expect(sb.control.balanceOf(a.accountId).trx).toBe("100.000000");
    expect(sb.control.orderCount(a.accountId)).toBe(0);
  });
});

describe("POST /api/v1/orders", () => {
  it("places an order: status Created, charge taken (price + activation)", async () => {
    const sb = await sandbox();
    const a = account(sb, "10");
    const target = newAddress();
    const reply = await order(a.purchase, { resource: "energy", targetAddress: target, volume: 65000, duration: "1h" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: matching(/^[0-9a-f-]{36}$/),
      resource: "energy",
      targetAddress: target,
      volume: 65000,
      duration: "1h",
      priceTrx: "4.290000",
      activationTrx: "1.100000",
      totalTrx: "5.390000",
      status: "Created",
      txId: null,
      createdAt: new Date(T0).toISOString(),
    });
    expect(sb.control.balanceOf(a.accountId).trx).toBe("4.610000");
    expect(sb.control.ledger(a.accountId).at(-1)).toEqual({ kind: "charge", sun: 5_390_000n, orderId: reply.body.id, at: T0 });
  });

  it("defaults resource to energy (null or omitted) and volume to one transaction", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const omitted = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    expect(omitted.body).toMatchObject({ resource: "energy", volume: 65000 });
    const nulled = await order(a.purchase, { resource: null, targetAddress: newAddress(), duration: "1d" });
    expect(nulled.body).toMatchObject({ resource: "energy", volume: 65000, duration: "1d" });
    const bandwidth = await order(a.purchase, { resource: "bandwidth", targetAddress: newAddress(), duration: "1h" });
    expect(bandwidth.body).toMatchObject({ resource: "bandwidth", volume: 1000, priceTrx: "0.330000" });
  });

  it("accepts volume as a numeric string and charges no activation for an activated target", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const target = newAddress();
    sb.control.setAddress(target, { activated: true });
    const reply = await order(a.purchase, { targetAddress: target, volume: "100000", duration: "1h" });
    expect(reply.body).toMatchObject({ volume: 100000, priceTrx: "6.600000", activationTrx: "0.000000", totalTrx: "6.600000" });
  });

  it("validates the body", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const target = newAddress();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ duration: "1h" }, "request.invalid_address"],
      [{ targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T", duration: "1h" }, "request.invalid_address"],
      [{ targetAddress: 42, duration: "1h" }, "request.invalid_address"],
      [{ targetAddress: target, volume: 31999, duration: "1h" }, "request.volume_out_of_range"],
      [{ targetAddress: target, volume: 5000001, duration: "1h" }, "request.volume_out_of_range"],
      [{ resource: "bandwidth", targetAddress: target, volume: 999, duration: "1h" }, "request.volume_out_of_range"],
      [{ targetAddress: target, volume: "lots", duration: "1h" }, "request.invalid_volume"],
      [{ targetAddress: target, volume: 65000.5, duration: "1h" }, "request.invalid_volume"],
      [{ targetAddress: target }, "request.invalid_duration"],
      [{ targetAddress: target, duration: "2h" }, "request.invalid_duration"],
      [{ resource: "bandwidth", targetAddress: target, duration: "7d" }, "request.invalid_duration"],
      [{ resource: "water", targetAddress: target, duration: "1h" }, "request.invalid_resource"],
    ];
    for (const [body, code] of cases) expectProblem(await order(a.purchase, body), 400, code);
    expectProblem(await a.purchase("POST", "/api/v1/orders", { raw: "[1,2]", headers: { "idempotency-key": "x" } }), 400, "request.invalid_body");
    expectProblem(await a.purchase("POST", "/api/v1/orders", { raw: "{nope", headers: { "idempotency-key": "y" } }), 400, "request.invalid_json");
    expect(sb.control.orderCount(a.accountId)).toBe(0);
    expect(sb.control.balanceOf(a.accountId).trx).toBe("100.000000");
  });

  it("refuses without balance: 402 wallet.insufficient_balance, nothing charged", async () => {
    const sb = await sandbox();
    const a = account(sb, "5");
    const reply = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    expectProblem(reply, 402, "wallet.insufficient_balance");
    expect(reply.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(sb.control.balanceOf(a.accountId).trx).toBe("5.000000");
    expect(sb.control.orderCount(a.accountId)).toBe(0);
  });

  describe("Idempotency-Key", () => {
    it("is required: 400 request.idempotency_key_required", async () => {
      const sb = await sandbox();
      const a = account(sb);
      const reply = await a.purchase("POST", "/api/v1/orders", { body: { targetAddress: newAddress(), duration: "1h" } });
      expectProblem(reply, 400, "request.idempotency_key_required");
      expect(sb.control.orderCount(a.accountId)).toBe(0);
    });

    it("returns the same order for the same key and charges once", async () => {
      const sb = await sandbox();
      const a = account(sb);
      const body = { targetAddress: newAddress(), volume: 65000, duration: "1h" };
      const first = await order(a.purchase, body, "same-key");
      const again = await order(a.purchase, body, "same-key");
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      // Another key of the same account retrying counts as the same client.
      const viaFull = await order(a.full, body, "same-key");
      expect(viaFull.body.id).toBe(first.body.id);
      expect(sb.control.orderCount(a.accountId)).toBe(1);
      expect(ledgerTotals(sb, a.accountId).charge).toBe(5_390_000n);
      // A retry after the fill returns the order as it is now.
      await sb.control.settleOrders();
      expect((await order(a.purchase, body, "same-key")).body).toMatchObject({ id: first.body.id, status: "Filled" });
    });

    it("refuses a different body under a used key: 409 request.idempotency_key_reused", async () => {
      const sb = await sandbox();
      const a = account(sb);
      const target = newAddress();
      await order(a.purchase, { targetAddress: target, volume: 65000, duration: "1h" }, "k1");
      const reply = await order(a.purchase, { targetAddress: target, volume: 65001, duration: "1h" }, "k1");
      expectProblem(reply, 409, "request.idempotency_key_reused");
      expect(sb.control.orderCount(a.accountId)).toBe(1);
    });

    it("is scoped to the account", async () => {
      const sb = await sandbox();
      const a = account(sb);
      const b = account(sb);
      const first = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" }, "shared");
      const second = await order(b.purchase, { targetAddress: newAddress(), duration: "1h" }, "shared");
      expect(second.status).toBe(200);
      expect(second.body.id).not.toBe(first.body.id);
    });

    it("is not consumed by a refused request", async () => {
      const sb = await sandbox();
      const a = account(sb, "1");
      const body = { targetAddress: newAddress(), duration: "1h" };
      expectProblem(await order(a.purchase, body, "retry-me"), 402, "wallet.insufficient_balance");
      sb.control.deposit(a.accountId, "10");
      expect((await order(a.purchase, body, "retry-me")).status).toBe(200);
    });
  });
});

describe("order settlement", () => {
  it("Created → Filled after the fill delay: txId set, resource delegated, address activated", async () => {
    const sb = await sandbox({ fillDelayMs: 5_000 });
    const a = account(sb);
    const target = newAddress();
    const placed = await order(a.purchase, { targetAddress: target, volume: 70000, duration: "1h" });
    await sb.control.advanceClock(4_999);
    expect((await a.read<WireOrder>("GET", `/api/v1/orders/${placed.body.id}`)).body.status).toBe("Created");
    await sb.control.advanceClock(1);
    const filled = (await a.read<WireOrder>("GET", `/api/v1/orders/${placed.body.id}`)).body;
    expect(filled.status).toBe("Filled");
    expect(filled.txId).toMatch(/^[0-9a-f]{64}$/);
    const check = (await client(sb.url)<WireAddressCheck>("GET", `/api/v1/address-checker?address=${target}`)).body;
    expect(check).toMatchObject({ activated: true, energyLimit: 70000, energyAvailable: 70000 });
    // The delegation ends after its duration.
    await sb.control.advanceClock(HOUR);
    expect((await client(sb.url)<WireAddressCheck>("GET", `/api/v1/address-checker?address=${target}`)).body).toMatchObject({ energyLimit: 0, energyAvailable: 0 });
  });

  it("fills on its own in real time with the default clock", async () => {
    const sb = await sandbox({ now: Date.now, fillDelayMs: 30 });
    const a = account(sb);
    const placed = await order(a.purchase, { resource: "bandwidth", targetAddress: newAddress(), volume: 2000, duration: "1d" });
    expect(placed.body.status).toBe("Created");
    await waitUntil(async () => (await a.read<WireOrder>("GET", `/api/v1/orders/${placed.body.id}`)).body.status === "Filled", { timeoutMs: 2_000 });
    const check = (await client(sb.url)<WireAddressCheck>("GET", `/api/v1/address-checker?address=${placed.body.targetAddress}`)).body;
    expect(check.bandwidthLimit).toBe(2600);
  });

  it("Created → Failed with a refund when the provider fails later", async () => {
    const sb = await sandbox();
    const a = account(sb, "10");
    sb.control.failNextOrder("async");
    const placed = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe("Created");
    expect(sb.control.balanceOf(a.accountId).trx).toBe("4.610000");
    await sb.control.settleOrders();
    const failed = (await a.read<WireOrder>("GET", `/api/v1/orders/${placed.body.id}`)).body;
    expect(failed).toMatchObject({ status: "Failed", txId: null });
    expect(sb.control.balanceOf(a.accountId).trx).toBe("10.000000");
    expect(sb.control.ledger(a.accountId).map((e) => e.kind)).toEqual(["deposit", "charge", "refund"]);
    // Only the next order fails.
    const next = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    await sb.control.settleOrders();
    expect((await a.read<WireOrder>("GET", `/api/v1/orders/${next.body.id}`)).body.status).toBe("Filled");
  });

  it("a synchronous provider failure answers 502 provider.failed and refunds", async () => {
    const sb = await sandbox();
    const a = account(sb, "10");
    sb.control.failNextOrder("sync");
    const reply = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" }, "sync-fail");
    expectProblem(reply, 502, "provider.failed");
    expect(sb.control.balanceOf(a.accountId).trx).toBe("10.000000");
    expect(sb.control.ledger(a.accountId).map((e) => e.kind)).toEqual(["deposit", "charge", "refund"]);
    expect(sb.control.orderCount(a.accountId)).toBe(0);
    // The key was not used up: the retry places the order.
    expect((await order(a.purchase, { targetAddress: newAddress(), duration: "1h" }, "sync-fail")).status).toBe(200);
  });
});

describe("GET /api/v1/orders", () => {
  it("lists newest first with page (default 1) and pageSize (default 20)", async () => {
    const sb = await sandbox();
    const a = account(sb, "1000");
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push((await order(a.purchase, { targetAddress: newAddress(), duration: "1h" })).body.id);
      await sb.control.advanceClock(1_000);
    }
    const first = (await a.read<WireOrderPage>("GET", "/api/v1/orders")).body;
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 23 });
    expect(first.items.map((o: { id: string }) => o.id)).toEqual(ids.slice().reverse().slice(0, 20));
    const second = (await a.read<WireOrderPage>("GET", "/api/v1/orders?page=2&pageSize=20")).body;
    expect(second.items.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 3).reverse());
    const beyond = (await a.read<WireOrderPage>("GET", "/api/v1/orders?page=9")).body;
    expect(beyond).toMatchObject({ items: [], page: 9, total: 23 });
    expect((await a.read<WireOrderPage>("GET", "/api/v1/orders?pageSize=100")).body.items).toHaveLength(23);
  });

  it("refuses pageSize above 100 and malformed paging", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expectProblem(await a.read<WireOrderPage>("GET", "/api/v1/orders?pageSize=101"), 400, "request.page_size_too_large");
    expectProblem(await a.read<WireOrderPage>("GET", "/api/v1/orders?pageSize=0"), 400, "request.invalid_page_size");
    expectProblem(await a.read<WireOrderPage>("GET", "/api/v1/orders?page=0"), 400, "request.invalid_page");
    expectProblem(await a.read<WireOrderPage>("GET", "/api/v1/orders?page=abc"), 400, "request.invalid_page");
  });

  it("shows only the caller's orders", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const b = account(sb);
    await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    expect((await b.read("GET", "/api/v1/orders")).body).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });
});

describe("GET /api/v1/orders/{id}", () => {
  it("returns the order, 404 order.not_found for unknown or foreign ids", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const b = account(sb);
    const placed = await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    expect((await a.read<WireOrder>("GET", `/api/v1/orders/${placed.body.id}`)).body).toEqual(placed.body);
    expectProblem(await b.read("GET", `/api/v1/orders/${placed.body.id}`), 404, "order.not_found");
    expectProblem(await a.read("GET", "/api/v1/orders/00000000-0000-4000-8000-000000000000"), 404, "order.not_found");
    expectProblem(await a.read("GET", "/api/v1/orders/not-a-uuid"), 404, "order.not_found");
  });
});

describe("GET /api/v1/orders/stats", () => {
  it("starts empty: zeros, null averages, 14 daily values", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expect((await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body).toEqual({
      totalOrders: 0,
      energyDeliveredThisMonth: 0,
      energyDelivered: 0,
      energyAvgSunPerUnit: null,
      bandwidthDelivered: 0,
      bandwidthAvgSunPerUnit: null,
      energyDaily: Array(14).fill(0),
      bandwidthDaily: Array(14).fill(0),
    });
  });

  it("counts Filled orders as delivered, by UTC day of delivery, oldest first", async () => {
    const sb = await sandbox();
    const a = account(sb, "1000");
    await order(a.purchase, { targetAddress: newAddress(), volume: 65000, duration: "1h" });
    await order(a.purchase, { resource: "bandwidth", targetAddress: newAddress(), volume: 1000, duration: "1h" });
    await sb.control.settleOrders();
    await sb.control.advanceClock(DAY);
    await order(a.purchase, { targetAddress: newAddress(), volume: 100000, duration: "1d" });
    await sb.control.settleOrders();
    sb.control.failNextOrder("async");
    await order(a.purchase, { targetAddress: newAddress(), volume: 50000, duration: "1h" });
    await order(a.purchase, { targetAddress: newAddress(), volume: 40000, duration: "1h" }); // still Created
    await sb.control.advanceClock(500);
    const stats = (await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body;
    expect(stats).toMatchObject({
      totalOrders: 5,
      energyDeliveredThisMonth: 165000,
      energyDelivered: 165000,
      bandwidthDelivered: 1000,
      bandwidthAvgSunPerUnit: "330.00",
    });
    // (4.29 + 8.25) TRX over 165000 units = 76 SUN per unit.
    expect(stats.energyAvgSunPerUnit).toBe("76.00");
    expect(stats.energyDaily).toHaveLength(14);
    expect(stats.energyDaily.slice(-2)).toEqual([65000, 100000]);
    expect(stats.bandwidthDaily.slice(-2)).toEqual([1000, 0]);
    // 13 days later the first day is the oldest value; a day after that it is gone.
    await sb.control.advanceClock(12 * DAY);
    expect((await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body.energyDaily[0]).toBe(65000);
    await sb.control.advanceClock(DAY);
    // The order still Created above was filled on the second day too.
    const later = (await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body;
    expect(later.energyDaily[0]).toBe(140000);
    expect(later.energyDelivered).toBe(205000);
  });

  it("resets the month's total at the start of a calendar month", async () => {
    const sb = await sandbox({ now: () => Date.UTC(2025, 0, 31, 23) });
    const a = account(sb);
    await order(a.purchase, { targetAddress: newAddress(), duration: "1h" });
    await sb.control.settleOrders();
    expect((await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body.energyDeliveredThisMonth).toBe(65000);
    await sb.control.advanceClock(HOUR);
    expect((await a.read<WireOrderStats>("GET", "/api/v1/orders/stats")).body).toMatchObject({ energyDeliveredThisMonth: 0, energyDelivered: 65000 });
  });

  it("is not mistaken for an order id, nor are preview and options", async () => {
    const sb = await sandbox();
    const a = account(sb);
    for (const path of ["stats", "preview", "options"]) expect((await a.read<WireOrder>("GET", `/api/v1/orders/${path}`)).status).toBe(200);
    expect(isTronAddress(newAddress())).toBe(true);
  });
});
