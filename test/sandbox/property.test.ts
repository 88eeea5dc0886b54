import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/dev/sandbox/index.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { client, DAY, HOUR, ledgerTotals, newAddress, T0, type Call, type WireBalance, type WireOrder, type WireOrderPage, type WireRule } from "./helpers.js";

// Mostly valid durations (bandwidth only has 1h and 1d), sometimes an invalid one.
const DURATIONS = ["1h", "1h", "1d", "1d", "3d", "30d", "2h"];
const VOLUME = fc.oneof(fc.constantFrom(1_000, 32_000, 65_000, 131_000), fc.integer({ min: 500, max: 300_000 }));
const LIMIT_TRX = "30";

const op = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("deposit" as const), trx: fc.integer({ min: 1, max: 60 }) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      bandwidth: fc.boolean(),
      volume: VOLUME,
      duration: fc.constantFrom(...DURATIONS),
      address: fc.nat(3),
      idempotencyKey: fc.nat(30),
      limited: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("failNext" as const), mode: fc.constantFrom("sync" as const, "async" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("settle" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("advance" as const), ms: fc.constantFrom(0, 500, 1_000, 30 * 60_000, HOUR, 6 * HOUR, DAY) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("rule" as const),
      type: fc.constantFrom("refill" as const, "renewal" as const, "smart" as const),
      address: fc.nat(3),
      minimal: fc.integer({ min: 0, max: 200_000 }),
      volume: VOLUME,
      duration: fc.constantFrom(...DURATIONS),
      autoResume: fc.boolean(),
      limited: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("consume" as const), address: fc.nat(3), energy: fc.constantFrom(0, 1, 30_000, 64_285, 130_285) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("ruleAction" as const), action: fc.constantFrom("pause", "resume", "cancel"), rule: fc.nat(20) }) },
);

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const ALLOWED = new Set([200, 400, 402, 403, 409, 502]);

describe("property: money is conserved", () => {
  it("no balance goes negative and balance = deposits − charges + refunds − fires", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 40 }), async (ops: Op[]) => {
        const sb = await startSandbox({ now: () => T0, fillDelayMs: 1_000 });
        try {
          const { control } = sb;
          const { accountId } = control.createAccount({ trx: "60" });
          const purchase = client(sb.url, control.createKey(accountId, { scope: "purchase" }).key);
          const limited = client(sb.url, control.createKey(accountId, { scope: "purchase", dailyLimitTrx: LIMIT_TRX }).key);
          const addresses = [newAddress(), newAddress(), newAddress(), newAddress()];
          addresses.forEach((address, i) => i % 2 === 0 && control.setAddress(address, { activated: true, energyLimit: BigInt(i * 40_000) }));
          const ruleIds: string[] = [];
          const limitedOrders = new Set<string>();
          const limitedRules = new Set<string>();

          const expectAllowed = (status: number, what: unknown) => {
            if (!ALLOWED.has(status)) throw new Error(`unexpected ${status} for ${JSON.stringify(what)}`);
          };
          const checkMoney = async () => {
            const balance = trxToSun(control.balanceOf(accountId).trx);
            const t = ledgerTotals(sb, accountId);
            expect(balance).toBeGreaterThanOrEqual(0n);
            expect(balance).toBe(t.deposit - t.charge + t.refund - t.fire);
            expect((await purchase<WireBalance>("GET", "/api/v1/wallet/balance")).body.trx).toBe(control.balanceOf(accountId).trx);
          };

          for (const o of ops) {
            switch (o.kind) {
              case "deposit":
                control.deposit(accountId, String(o.trx));
                break;
              case "order": {
                const call: Call = o.limited ? limited : purchase;
                const body = { resource: o.bandwidth ? "bandwidth" : "energy", targetAddress: addresses[o.address], volume: o.volume, duration: o.duration };
                const reply = await call<WireOrder>("POST", "/api/v1/orders", { body, headers: { "idempotency-key": `k${o.idempotencyKey}` } });
                expectAllowed(reply.status, o);
                if (reply.status === 200 && o.limited) limitedOrders.add(reply.body.id);
                break;
              }
              case "failNext":
                control.failNextOrder(o.mode);
                break;
              case "settle":
                await control.settleOrders();
                break;
              case "advance":
                await control.advanceClock(o.ms);
                break;
              case "rule": {
                const call: Call = o.limited ? limited : purchase;
                const targetAddress = addresses[o.address];
                const [path, body] =
                  o.type === "refill"
                    ? ["/api/v1/automations", { targetAddress, minimal: o.minimal, volume: o.volume, duration: o.duration, autoResume: o.autoResume }]
                    : o.type === "renewal"
                      ? ["/api/v1/automations/renewal", { targetAddress, volume: o.volume, autoResume: o.autoResume }]
                      : ["/api/v1/automations/smart", { targetAddress, autoResume: o.autoResume }];
                const reply = await call<WireRule>("POST", path, { body });
                expectAllowed(reply.status, o);
                if (reply.status === 200) {
                  ruleIds.push(reply.body.id);
                  if (o.limited) limitedRules.add(reply.body.id);
                }
                break;
              }
              case "consume":
                control.consumeEnergy(addresses[o.address]!, BigInt(o.energy));
                break;
              case "ruleAction": {
                const id = ruleIds[o.rule % Math.max(1, ruleIds.length)];
                if (id === undefined) break;
                const reply = await purchase("POST", `/api/v1/automations/${id}/${o.action}`);
                expectAllowed(reply.status, o);
                break;
              }
            }
            await checkMoney();
          }

          // Rules: spentTrx adds up to the fire entries of the ledger.
          const rules = (await purchase<WireRule[]>("GET", "/api/v1/automations")).body;
          expect(rules.reduce((sum, r) => sum + trxToSun(r.spentTrx), 0n)).toBe(ledgerTotals(sb, accountId).fire);

          // Orders: each charged once for its total; exactly the Failed ones (and sync failures) refunded.
          const orders = (await purchase<WireOrderPage>("GET", "/api/v1/orders?pageSize=100")).body.items;
          const ledger = control.ledger(accountId);
          const charges = new Map(ledger.filter((e) => e.kind === "charge").map((e) => [e.orderId!, e.sun]));
          const refunds = new Map(ledger.filter((e) => e.kind === "refund").map((e) => [e.orderId!, e.sun]));
          for (const order of orders) {
            expect(charges.get(order.id)).toBe(trxToSun(order.totalTrx));
            expect(refunds.has(order.id)).toBe(order.status === "Failed");
          }
          for (const [orderId, sun] of refunds) expect(charges.get(orderId)).toBe(sun);
          expect(charges.size).toBe(orders.length + [...refunds.keys()].filter((id) => !orders.some((o) => o.id === id)).length);

          // The limited key never spent more than its limit on one UTC day (orders not refunded + its rules' firings).
          const perDay = new Map<string, bigint>();
          const add = (at: string, sun: bigint) => perDay.set(at.slice(0, 10), (perDay.get(at.slice(0, 10)) ?? 0n) + sun);
          for (const order of orders) if (limitedOrders.has(order.id) && order.status !== "Failed") add(order.createdAt, trxToSun(order.totalTrx));
          for (const id of limitedRules) {
            const fires = (await purchase("GET", `/api/v1/automations/${id}/fires`)).body as Array<{ priceTrx: string; createdAt: string }>;
            for (const fire of fires) add(fire.createdAt, trxToSun(fire.priceTrx));
          }
          for (const sun of perDay.values()) expect(sun).toBeLessThanOrEqual(trxToSun(LIMIT_TRX));
        } finally {
          await sb.stop();
        }
      }),
      { numRuns: 50 },
    );
  });
});
