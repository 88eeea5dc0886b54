/**
 * The receiver's events stored a group at a time (webhooks.recordWaiting), on both engines: each
 * event once per endpoint (replays, earlier or in the same group, are reported as such), every
 * endpoint stamped with its last stored event, all of it inside the group's transaction.
 */
import { describe, expect, it } from "vitest";
import { isNull } from "drizzle-orm";
import { storeEngines, storePerTest } from "../support/test-store.js";


describe.each(storeEngines)("events stored a group at a time on %s", (engine) => {
  const fresh = storePerTest(engine);

  const endpoint = async (userId: number) => {
    await fresh.store.users.touch(userId, userId);
    return (await fresh.store.webhooks.ensureForUser(userId, null)).id;
  };
  const event = (rowId: number, eventId: string, at: number, type = "order.filled") => ({ rowId, eventId, type, payload: `{"id":"${eventId}"}`, at });

  it("stores each event once, reports replays, and stamps each endpoint with its last event", async () => {
    const a = await endpoint(1);
    const b = await endpoint(2);
    expect(await fresh.store.webhooks.recordEvent(a, { eventId: "old", type: "order.filled", payload: "{}", applied: true }, 100)).toBe(true);

    const stored = await fresh.store.transaction((tx) =>
      tx.webhooks.recordWaiting([event(a, "e1", 200), event(b, "e1", 210), event(a, "old", 220), event(a, "e2", 230, "order.failed"), event(a, "e1", 240)]),
    );
    // the same event id on another endpoint is another event; "old" was stored before; the last e1 repeats the first
    expect(stored).toEqual([true, true, false, true, false]);

    const { db, t } = fresh.store.raw.conn;
    const waiting = await db.select({ rowId: t.webhookEvents.endpointRowId, eventId: t.webhookEvents.eventId, at: t.webhookEvents.receivedAt }).from(t.webhookEvents).where(isNull(t.webhookEvents.appliedAt));
    expect(waiting.map((w) => `${w.rowId}:${w.eventId}@${w.at}`).sort()).toEqual([`${a}:e1@200`, `${a}:e2@230`, `${b}:e1@210`].sort());
    expect(await fresh.store.webhooks.hasWaiting(a)).toBe(true);
    const c = await endpoint(3);
    expect([...(await fresh.store.webhooks.withWaiting([c, a, b, a]))].sort()).toEqual([a, b].sort());
    expect(await fresh.store.webhooks.withWaiting([c])).toEqual(new Set());

    const stampA = await fresh.store.webhooks.get(a);
    expect([stampA?.lastEventAt, stampA?.lastVerifiedAt, stampA?.lastEventType]).toEqual([230, 230, "order.failed"]);
    const stampB = await fresh.store.webhooks.get(b);
    expect([stampB?.lastEventAt, stampB?.lastEventType]).toEqual([210, "order.filled"]);
  });

  it("stores only the events of endpoints with events waiting when asked to (they wait behind them), leaving the others free", async () => {
    const a = await endpoint(1);
    const b = await endpoint(2);
    await fresh.store.webhooks.recordEvent(a, { eventId: "first", type: "order.filled", payload: "{}", applied: false }, 100);
    const outcomes = await fresh.store.transaction((tx) => tx.webhooks.recordBehindWaiting([event(a, "e1", 200), event(b, "e1", 210), event(a, "first", 220), event(a, "e1", 230)]));
    expect(outcomes).toEqual(["stored", "free", "duplicate", "duplicate"]);
    expect(await fresh.store.webhooks.hasWaiting(b)).toBe(false);
    expect((await fresh.store.webhooks.get(a))?.lastEventAt).toBe(200);
    expect((await fresh.store.webhooks.get(b))?.lastEventAt).toBeNull();
  });

  it("events of one endpoint received in the same millisecond wait in the order they arrived, whatever their ids", async () => {
    const a = await endpoint(1);
    // one by one (the SQLite receiver's path, and the PostgreSQL insert of a single event)
    await fresh.store.webhooks.recordEvent(a, { eventId: "zz", type: "order.filled", payload: "{}", applied: false }, 500);
    await fresh.store.webhooks.recordEvent(a, { eventId: "mm", type: "order.filled", payload: "{}", applied: false }, 500);
    // a group (PostgreSQL: one statement for all of it)
    await fresh.store.transaction((tx) => tx.webhooks.recordWaiting([event(a, "yy", 500), event(a, "aa", 500), event(a, "bb", 400)]));
    expect((await fresh.store.webhooks.waiting(a, 10)).map((e) => e.eventId)).toEqual(["bb", "zz", "mm", "yy", "aa"]);
  });

  it("a group rolled back stores nothing and stamps nothing", async () => {
    const a = await endpoint(1);
    await expect(
      fresh.store.transaction(async (tx) => {
        await tx.webhooks.recordWaiting([event(a, "e1", 200), event(a, "e2", 210)]);
        throw new Error("the group failed");
      }),
    ).rejects.toThrow("the group failed");
    expect(await fresh.store.webhooks.hasWaiting(a)).toBe(false);
    expect((await fresh.store.webhooks.get(a))?.lastEventAt).toBeNull();
    expect(await fresh.store.transaction((tx) => tx.webhooks.recordWaiting([]))).toEqual([]);
  });
});
