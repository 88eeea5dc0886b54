import { describe, expect, it } from "vitest";
import { account, client, DAY, expectProblem, HOUR, ledgerTotals, matching, newAddress, sandbox, T0, type AccountFixture, type Call, type WireAddressCheck, type WireFiring, type WireFiringPreview, type WireRule } from "./helpers.js";

const REFILL_PRICE = "4.290000"; // 65000 energy for 1h
const RENEWAL_PRICE = "5.362500"; // 65000 energy for 1d
const SMART_PRICE = "8.646000"; // 131000 energy for 1h

function refill(call: Call, body: Record<string, unknown>) {
  return call<WireRule>("POST", "/api/v1/automations", { body: { minimal: 50000, volume: 65000, duration: "1h", ...body } });
}

async function energy(url: string, address: string): Promise<number | string> {
  return (await client(url)<WireAddressCheck>("GET", `/api/v1/address-checker?address=${address}`)).body.energyAvailable;
}

async function rule(a: AccountFixture, id: string): Promise<WireRule | undefined> {
  const all = (await a.read<WireRule[]>("GET", "/api/v1/automations")).body;
  return all.find((r) => r.id === id);
}

describe("GET /api/v1/automations/options and /preview", () => {
  it("lists durations and volume limits", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expect((await a.read("GET", "/api/v1/automations/options")).body).toEqual({
      durations: ["1h", "1d", "3d", "7d", "14d", "30d"],
      energyUnit: 65000,
      minVolume: 32000,
      maxVolume: 5000000,
      renewalMinVolume: 65000,
      renewalMaxVolume: 5000000,
    });
  });

  it("previews a firing: refill by default, smart at 131k for 1h; creates nothing", async () => {
    const sb = await sandbox();
    const a = account(sb);
    expect((await a.read("GET", "/api/v1/automations/preview")).body).toEqual({ priceTrx: REFILL_PRICE, baseCostTrx: "3.900000", commissionTrx: "0.390000" });
    expect((await a.read<WireFiringPreview>("GET", "/api/v1/automations/preview?type=refill&volume=100000&duration=1d")).body.priceTrx).toBe("8.250000");
    expect((await a.read("GET", "/api/v1/automations/preview?type=smart")).body).toEqual({ priceTrx: SMART_PRICE, baseCostTrx: "7.860000", commissionTrx: "0.786000" });
    expectProblem(await a.read("GET", "/api/v1/automations/preview?type=weekly"), 400, "request.invalid_type");
    expectProblem(await a.read("GET", "/api/v1/automations/preview?volume=1000"), 400, "request.volume_out_of_range");
    expectProblem(await a.read("GET", "/api/v1/automations/preview?duration=2d"), 400, "request.invalid_duration");
    expect((await a.read("GET", "/api/v1/automations")).body).toEqual([]);
  });
});

describe("auto-refill", () => {
  it("is created active with minimal, volume, duration and fires when energy falls below minimal", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const target = newAddress();
    const created = await refill(a.purchase, { targetAddress: target, autoResume: true });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: matching(/^[0-9a-f-]{36}$/),
      type: "auto-refill",
      resource: "energy",
      targetAddress: target,
      minimal: 50000,
      volume: 65000,
      duration: "1h",
      spentTrx: "0.000000",
      status: "active",
      pauseReason: null,
      autoResume: true,
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
    });
    // Creation alone does not fire.
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toEqual([]);

    sb.control.consumeEnergy(target, 1n);
    expect(await energy(sb.url, target)).toBe(65000);
    const fires = (await a.read<WireFiring[]>("GET", `/api/v1/automations/${created.body.id}/fires`)).body;
    expect(fires).toEqual([{ volume: 65000, duration: "1h", priceTrx: REFILL_PRICE, createdAt: new Date(T0).toISOString() }]);
    expect(await rule(a, created.body.id)).toMatchObject({ spentTrx: REFILL_PRICE, status: "active" });
    expect(sb.control.ledger(a.accountId).at(-1)).toMatchObject({ kind: "fire", sun: 4_290_000n, ruleId: created.body.id });

    // A consumption that stays above minimal does not fire; one that falls below does.
    sb.control.consumeEnergy(target, 10000n);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(1);
    sb.control.consumeEnergy(target, 10000n);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(2);
  });

  it("fires on a clock tick when a delegation expires", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const target = newAddress();
    const created = await refill(a.purchase, { targetAddress: target });
    sb.control.consumeEnergy(target, 1n);
    await sb.control.advanceClock(30 * 60_000);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(1);
    await sb.control.advanceClock(30 * 60_000);
    const fires = (await a.read<WireFiring[]>("GET", `/api/v1/automations/${created.body.id}/fires`)).body;
    expect(fires).toHaveLength(2);
    expect(fires[0]?.createdAt).toBe(new Date(T0 + HOUR).toISOString());
    expect(await energy(sb.url, target)).toBeGreaterThanOrEqual(50000);
  });

  it("validates targetAddress, minimal, volume and duration", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const target = newAddress();
    expectProblem(await refill(a.purchase, { targetAddress: "Tnotanaddress" }), 400, "request.invalid_address");
    expectProblem(await refill(a.purchase, { targetAddress: target, minimal: 0 }), 400, "request.invalid_minimal");
    expectProblem(await refill(a.purchase, { targetAddress: target, minimal: null }), 400, "request.invalid_minimal");
    expectProblem(await refill(a.purchase, { targetAddress: target, minimal: "x" }), 400, "request.invalid_minimal");
    expectProblem(await refill(a.purchase, { targetAddress: target, volume: 31999 }), 400, "request.volume_out_of_range");
    expectProblem(await refill(a.purchase, { targetAddress: target, volume: 5000001 }), 400, "request.volume_out_of_range");
    expectProblem(await refill(a.purchase, { targetAddress: target, duration: "2h" }), 400, "request.invalid_duration");
    expectProblem(await refill(a.purchase, { targetAddress: target, autoResume: "yes" }), 400, "request.invalid_auto_resume");
    expect((await refill(a.purchase, { targetAddress: target, minimal: "65000", volume: "5000000", duration: "30d" })).status).toBe(200);
  });
});

describe("auto-renewal", () => {
  it("renews at creation and once per UTC day after; minimal and duration are null", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const target = newAddress();
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body: { targetAddress: target, volume: 65000 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: "auto-renewal", minimal: null, volume: 65000, duration: null, status: "active", spentTrx: RENEWAL_PRICE, autoResume: false });
    expect(await energy(sb.url, target)).toBe(65000);
    await sb.control.advanceClock(11 * HOUR); // 23:00, same UTC day
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(1);
    await sb.control.advanceClock(2 * DAY); // crosses two midnights
    const fires = (await a.read<WireFiring[]>("GET", `/api/v1/automations/${created.body.id}/fires`)).body;
    expect(fires.map((f: { createdAt: string }) => f.createdAt)).toEqual([
      new Date(Date.UTC(2025, 0, 17)).toISOString(),
      new Date(Date.UTC(2025, 0, 16)).toISOString(),
      new Date(T0).toISOString(),
    ]);
    expect(fires[0]).toMatchObject({ volume: 65000, duration: "1d", priceTrx: RENEWAL_PRICE });
    expect((await rule(a, created.body.id))?.spentTrx).toBe("16.087500");
    expect(ledgerTotals(sb, a.accountId).fire).toBe(16_087_500n);
  });

  it("needs balance for one renewal: 402 wallet.insufficient_balance", async () => {
    const sb = await sandbox();
    const a = account(sb, "5");
    expectProblem(await a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body: { targetAddress: newAddress(), volume: 65000 } }), 402, "wallet.insufficient_balance");
    expect((await a.read("GET", "/api/v1/automations")).body).toEqual([]);
    expect(sb.control.balanceOf(a.accountId).trx).toBe("5.000000");
  });

  it("validates the renewal volume range", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const post = (body: unknown) => a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body });
    expectProblem(await post({ targetAddress: newAddress(), volume: 64999 }), 400, "request.volume_out_of_range");
    expectProblem(await post({ targetAddress: newAddress() }), 400, "request.volume_out_of_range");
    expectProblem(await post({ volume: 65000 }), 400, "request.invalid_address");
  });

  it("keeps only the latest 50 firings, newest first", async () => {
    const sb = await sandbox();
    const a = account(sb, "400");
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body: { targetAddress: newAddress(), volume: 65000 } });
    await sb.control.advanceClock(60 * DAY);
    const fires = (await a.read<WireFiring[]>("GET", `/api/v1/automations/${created.body.id}/fires`)).body;
    expect(fires).toHaveLength(50);
    const times = fires.map((f) => Date.parse(f.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(times[0]).toBe(Date.UTC(2025, 0, 15) + 60 * DAY);
    expect((await rule(a, created.body.id))?.spentTrx).toBe((61 * 5.3625).toFixed(6));
  });
});

describe("smart mode", () => {
  it("needs balance for one ~131k delivery and delivers 131000 for 1h after a consumption leaves less", async () => {
    const sb = await sandbox();
    const poor = account(sb, "8");
    expectProblem(await poor.purchase("POST", "/api/v1/automations/smart", { body: { targetAddress: newAddress() } }), 402, "wallet.insufficient_balance");

    const a = account(sb, "20");
    const target = newAddress();
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations/smart", { body: { targetAddress: target, autoResume: true } });
    expect(created.body).toMatchObject({ type: "smart", minimal: null, volume: null, duration: null, status: "active", autoResume: true, spentTrx: "0.000000" });
    sb.control.consumeEnergy(target, 64285n);
    expect(await energy(sb.url, target)).toBe(131000);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toEqual([
      { volume: 131000, duration: "1h", priceTrx: SMART_PRICE, createdAt: new Date(T0).toISOString() },
    ]);
    // Smart mode does not fire on expiry alone, only after a consumption.
    await sb.control.advanceClock(2 * HOUR);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(1);
    expectProblem(await a.purchase<WireRule>("POST", "/api/v1/automations/smart", { body: {} }), 400, "request.invalid_address");
  });
});

describe("rule state transitions", () => {
  it("active → paused (System) when a firing is not covered; → active on a deposit with autoResume", async () => {
    const sb = await sandbox();
    const a = account(sb, "5");
    const target = newAddress();
    const created = await refill(a.purchase, { targetAddress: target, autoResume: true });
    sb.control.consumeEnergy(target, 1n); // fires: 5 - 4.29 = 0.71 left
    sb.control.consumeEnergy(target, 20000n); // cannot pay the second firing
    const paused = await rule(a, created.body.id);
    expect(paused).toMatchObject({ status: "paused", pauseReason: "System", spentTrx: REFILL_PRICE });
    expect(sb.control.balanceOf(a.accountId).trx).toBe("0.710000");
    // Paused rules do not fire.
    sb.control.consumeEnergy(target, 1n);
    expect((await a.read("GET", `/api/v1/automations/${created.body.id}/fires`)).body).toHaveLength(1);
    // Too small a top-up to cover a firing leaves it paused.
    sb.control.deposit(a.accountId, "1");
    expect((await rule(a, created.body.id))?.status).toBe("paused");
    sb.control.deposit(a.accountId, "10");
    expect(await rule(a, created.body.id)).toMatchObject({ status: "active", pauseReason: null });
  });

  it("a System-paused rule without autoResume stays paused after a deposit", async () => {
    const sb = await sandbox();
    const a = account(sb, "1");
    const target = newAddress();
    const created = await refill(a.purchase, { targetAddress: target, autoResume: false });
    sb.control.consumeEnergy(target, 1n);
    expect(await rule(a, created.body.id)).toMatchObject({ status: "paused", pauseReason: "System", spentTrx: "0.000000" });
    sb.control.deposit(a.accountId, "100");
    expect(await rule(a, created.body.id)).toMatchObject({ status: "paused", pauseReason: "System" });
    // The manual resume revives it.
    expect((await a.purchase("POST", `/api/v1/automations/${created.body.id}/resume`)).body).toMatchObject({ status: "active", pauseReason: null });
  });

  it("a renewal that cannot be paid at midnight is paused (System) and renews on auto-resume", async () => {
    const sb = await sandbox();
    const a = account(sb, "6");
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body: { targetAddress: newAddress(), volume: 65000, autoResume: true } });
    await sb.control.advanceClock(DAY);
    expect(await rule(a, created.body.id)).toMatchObject({ status: "paused", pauseReason: "System" });
    sb.control.deposit(a.accountId, "10");
    expect(await rule(a, created.body.id)).toMatchObject({ status: "active", spentTrx: "10.725000" });
  });

  it("active → paused (User) → active (resume); auto-resume never revives a User pause", async () => {
    const sb = await sandbox();
    const a = account(sb, "50");
    const created = await refill(a.purchase, { targetAddress: newAddress(), autoResume: true });
    const id = created.body.id;
    await sb.control.advanceClock(60_000);
    const paused = await a.purchase("POST", `/api/v1/automations/${id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: "paused", pauseReason: "User", updatedAt: new Date(T0 + 60_000).toISOString() });
    expectProblem(await a.purchase("POST", `/api/v1/automations/${id}/pause`), 409, "automation.invalid_state");
    sb.control.deposit(a.accountId, "10");
    expect((await rule(a, id))?.pauseReason).toBe("User");
    const resumed = await a.purchase("POST", `/api/v1/automations/${id}/resume`);
    expect(resumed.body).toMatchObject({ status: "active", pauseReason: null });
    expectProblem(await a.purchase("POST", `/api/v1/automations/${id}/resume`), 409, "automation.invalid_state");
  });

  it("resume needs balance for one more firing: 402 wallet.insufficient_balance", async () => {
    const sb = await sandbox();
    const a = account(sb, "20");
    const created = await a.purchase<WireRule>("POST", "/api/v1/automations/smart", { body: { targetAddress: newAddress() } });
    await a.purchase("POST", `/api/v1/automations/${created.body.id}/pause`);
    await a.purchase("POST", "/api/v1/orders", { body: { targetAddress: newAddress(), volume: 200000, duration: "1h" }, headers: { "idempotency-key": "drain" } });
    expect(sb.control.balanceOf(a.accountId).trx).toBe("5.700000");
    expectProblem(await a.purchase("POST", `/api/v1/automations/${created.body.id}/resume`), 402, "wallet.insufficient_balance");
    expect((await rule(a, created.body.id))?.status).toBe("paused");
  });

  it("cancel is final, from active or paused; cancelled rules answer 409 to everything", async () => {
    const sb = await sandbox();
    const a = account(sb, "50");
    const one = (await refill(a.purchase, { targetAddress: newAddress() })).body.id;
    const two = (await refill(a.purchase, { targetAddress: newAddress() })).body.id;
    await a.purchase("POST", `/api/v1/automations/${two}/pause`);
    expect((await a.purchase("POST", `/api/v1/automations/${one}/cancel`)).body).toMatchObject({ status: "cancelled", pauseReason: null });
    expect((await a.purchase("POST", `/api/v1/automations/${two}/cancel`)).body).toMatchObject({ status: "cancelled", pauseReason: null });
    for (const action of ["pause", "resume", "cancel"]) {
      expectProblem(await a.purchase("POST", `/api/v1/automations/${one}/${action}`), 409, "automation.invalid_state");
    }
    // A cancelled rule never fires; it is still listed.
    const list = (await a.read<WireRule[]>("GET", "/api/v1/automations")).body;
    expect(list.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [two, "cancelled"],
      [one, "cancelled"],
    ]);
  });

  it("404 automation.not_found for unknown or foreign rule ids", async () => {
    const sb = await sandbox();
    const a = account(sb);
    const b = account(sb);
    const foreign = (await refill(b.purchase, { targetAddress: newAddress() })).body.id;
    for (const id of [foreign, "00000000-0000-4000-8000-000000000000"]) {
      expectProblem(await a.read("GET", `/api/v1/automations/${id}/fires`), 404, "automation.not_found");
      for (const action of ["pause", "resume", "cancel"]) {
        expectProblem(await a.purchase("POST", `/api/v1/automations/${id}/${action}`), 404, "automation.not_found");
      }
    }
    expect((await rule(b, foreign))?.status).toBe("active");
  });

  it("lists all of the caller's rules newest first", async () => {
    const sb = await sandbox();
    const a = account(sb, "100");
    const r1 = (await refill(a.purchase, { targetAddress: newAddress() })).body.id;
    const r2 = (await a.purchase<WireRule>("POST", "/api/v1/automations/renewal", { body: { targetAddress: newAddress(), volume: 65000 } })).body.id;
    const r3 = (await a.purchase<WireRule>("POST", "/api/v1/automations/smart", { body: { targetAddress: newAddress() } })).body.id;
    const list = (await a.read<WireRule[]>("GET", "/api/v1/automations")).body;
    expect(list.map((r: { id: string }) => r.id)).toEqual([r3, r2, r1]);
    expect(list.map((r: { type: string }) => r.type)).toEqual(["smart", "auto-renewal", "auto-refill"]);
  });
});
