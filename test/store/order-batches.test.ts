/**
 * The store's side of batch purchases (issue 33, item 3), on both engines: a batch and its lines
 * written with their intents in one transaction (or not at all), its state moving only forward by
 * compare-and-set, a chat's open batches, and a line's refusal kept.
 */
import { describe, expect, it } from "vitest";
import { storeEngines, storePerTest } from "../support/test-store.js";

const USER = 51;
const CHAT = 51;

describe.each(storeEngines)("order batches on %s", (engine) => {
  const t = storePerTest(engine);

  async function batchOf(count: number, chatId = CHAT) {
    const { store } = t;
    return store.transaction(async (tx) => {
      const intents = [];
      for (let i = 0; i < count; i++) {
        intents.push(await tx.orders.createIntent({ userId: USER, keyId: 1, chatId, resource: "energy", targetAddress: `T${i}`, volume: 65_000n, duration: "1h" }));
      }
      const batch = await tx.orderBatches.create({ userId: USER, keyId: 1, chatId, lines: intents.map((intent) => ({ intentId: intent.intentId, priceTrx: "5.39" })) });
      return { batch, intents };
    });
  }

  it("lines in order, each its own intent and key; previewed → placing (again) → done, never back", async () => {
    const { store } = t;
    await store.users.touch(USER, CHAT);
    const { batch, intents } = await batchOf(3);
    const lines = await store.orderBatches.lines(batch.batchId);
    expect(lines.map((l) => [l.position, l.intentId, l.priceTrx])).toEqual(intents.map((intent, i) => [i, intent.intentId, "5.39"]));
    expect(new Set(intents.map((i) => i.idempotencyKey)).size).toBe(3);
    expect(await store.orderBatches.listPreviewed(CHAT, USER)).toHaveLength(1);

    expect(await store.orderBatches.markPlacing(batch.batchId)).toBe(true);
    expect(await store.orderBatches.markPlacing(batch.batchId)).toBe(true); // a restart goes on
    expect(await store.orderBatches.markCancelled(batch.batchId)).toBe(false); // too late to cancel
    expect(await store.orderBatches.listPreviewed(CHAT, USER)).toEqual([]);
    await store.orderBatches.noteRefusal(batch.batchId, 2, JSON.stringify({ kind: "marketplace", status: 402 }));
    expect((await store.orderBatches.lines(batch.batchId))[2]!.refusal).toBe('{"kind":"marketplace","status":402}');
    expect(await store.orderBatches.markDone(batch.batchId)).toBe(true);
    expect(await store.orderBatches.markDone(batch.batchId)).toBe(false);
    expect(await store.orderBatches.markPlacing(batch.batchId)).toBe(false);
    expect((await store.orderBatches.get(batch.batchId))!.state).toBe("done");
  });

  it("a cancelled batch cannot be placed; another chat's batch is not among this chat's open ones", async () => {
    const { store } = t;
    await store.users.touch(USER, CHAT);
    const { batch } = await batchOf(2);
    const { batch: elsewhere } = await batchOf(1, CHAT + 1);
    expect((await store.orderBatches.listPreviewed(CHAT, USER)).map((b) => b.batchId)).toEqual([batch.batchId]);
    expect(await store.orderBatches.markCancelled(batch.batchId)).toBe(true);
    expect(await store.orderBatches.markCancelled(batch.batchId)).toBe(false);
    expect(await store.orderBatches.markPlacing(batch.batchId)).toBe(false);
    expect((await store.orderBatches.get(elsewhere.batchId))!.state).toBe("previewed");
  });

  it("a batch whose lines cannot all be written leaves no intent and no batch", async () => {
    const { store } = t;
    await store.users.touch(USER, CHAT);
    await expect(
      store.transaction(async (tx) => {
        const intent = await tx.orders.createIntent({ userId: USER, keyId: 1, chatId: CHAT, resource: "energy", targetAddress: "T1", volume: 65_000n, duration: "1h" });
        // the same intent twice: the second line breaks the unique index
        await tx.orderBatches.create({ userId: USER, keyId: 1, chatId: CHAT, lines: [intent, intent].map((i) => ({ intentId: i.intentId, priceTrx: "1" })) });
      }),
    ).rejects.toThrow();
    expect(await store.orders.listByUser(USER)).toEqual([]);
    expect(await store.orderBatches.listPreviewed(CHAT, USER)).toEqual([]);
  });
});
