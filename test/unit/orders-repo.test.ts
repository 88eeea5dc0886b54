import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";

let store: Store;
beforeEach(async () => {
  store = await openStore({ databasePath: ":memory:" }, createSealer([randomBytes(32)]));
  await store.users.touch(1, 1);
});
afterEach(() => store.close());

const intent = async () =>
  await store.orders.createIntent({ userId: 1, keyId: 7, chatId: 1, resource: "energy", targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", volume: 9_007_199_254_740_993n, duration: "1d" });

describe("order intents", () => {
  it("start previewed with their own fresh Idempotency-Key and keep int64 volumes exact", async () => {
    const a = await intent();
    const b = await intent();
    expect(a).toMatchObject({ state: "previewed", volume: "9007199254740993", keyId: 7 });
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.intentId).not.toBe(a.idempotencyKey);
  });

  it("only move forward", async () => {
    const a = await intent();
    expect(await store.orders.markPlacing(a.intentId)).toBe(true);
    expect(await store.orders.markPlacing(a.intentId)).toBe(true); // a retry while placing
    expect(await store.orders.markCancelled(a.intentId)).toBe(false);
    await store.orders.markPlaced(a.intentId, { orderId: "o-1", status: "Created", totalTrx: "6.4625", txId: null });
    expect(await store.orders.markPlacing(a.intentId)).toBe(false);
    await store.orders.markRejected(a.intentId, "late error");
    expect(await store.orders.get(a.intentId)).toMatchObject({ state: "placed", orderId: "o-1", lastError: null });

    const b = await intent();
    expect(await store.orders.markCancelled(b.intentId)).toBe(true);
    expect(await store.orders.markPlacing(b.intentId)).toBe(false);
    const c = await intent();
    await store.orders.markRejected(c.intentId, "http 402");
    expect(await store.orders.get(c.intentId)).toMatchObject({ state: "rejected", lastError: "http 402" });
    expect(await store.orders.markPlacing(c.intentId)).toBe(false);
  });

  it("/cancel cancels only the previewed intents of that user in that chat", async () => {
    await store.users.touch(2, 2);
    const open = await intent();
    const placing = await intent();
    await store.orders.markPlacing(placing.intentId);
    const elsewhere = await store.orders.createIntent({ userId: 1, keyId: 7, chatId: 99, resource: "energy", targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", volume: 65_000n, duration: "1h" });
    const otherUser = await store.orders.createIntent({ userId: 2, keyId: 8, chatId: 1, resource: "energy", targetAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", volume: 65_000n, duration: "1h" });
    expect((await store.orders.cancelPreviewed(1, 1)).map((r) => r.intentId)).toEqual([open.intentId]);
    expect((await store.orders.get(open.intentId))!.state).toBe("cancelled");
    expect((await store.orders.get(placing.intentId))!.state).toBe("placing");
    expect((await store.orders.get(elsewhere.intentId))!.state).toBe("previewed");
    expect((await store.orders.get(otherUser.intentId))!.state).toBe("previewed");
    expect(await store.orders.cancelPreviewed(1, 1)).toEqual([]);
  });

  it("lists placed orders awaiting settlement and takes status updates by order id", async () => {
    const a = await intent();
    const b = await intent();
    await intent(); // previewed only: never awaiting
    await store.orders.markPlaced(a.intentId, { orderId: "o-a", status: "Created", totalTrx: "1", txId: null });
    await store.orders.markPlaced(b.intentId, { orderId: "o-b", status: "created", totalTrx: "1", txId: null });
    expect((await store.orders.listAwaitingSettlement()).map((r) => r.orderId).sort()).toEqual(["o-a", "o-b"]);
    expect(await store.orders.updateStatus("o-a", { status: "Filled", txId: "ab".repeat(32) })).toBe(true);
    expect(await store.orders.updateStatus("o-unknown", { status: "Filled" })).toBe(false);
    expect(await store.orders.getByOrderId("o-a")).toMatchObject({ status: "Filled", txId: "ab".repeat(32) });
    expect((await store.orders.listAwaitingSettlement()).map((r) => r.orderId)).toEqual(["o-b"]);
  });
});

describe("recent addresses", () => {
  it("keeps the newest first, without duplicates", async () => {
    for (let i = 0; i < 12; i++) await store.recentAddresses.remember(1, `T${i}`, 1000 + i);
    await store.recentAddresses.remember(1, "T3", 5000);
    expect(await store.recentAddresses.list(1)).toEqual(["T3", "T11", "T10", "T9", "T8"]);
    expect(await store.recentAddresses.list(1, 100)).toHaveLength(10);
  });
});
