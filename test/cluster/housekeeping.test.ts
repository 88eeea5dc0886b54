/** The leader's housekeeping forgets update ids and tick claims once nobody can need them, and keeps the recent ones. */
import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import pino from "pino";
import { eq } from "drizzle-orm";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { housekeepingDuty, TICK_CLAIMS_KEPT_MS, UPDATE_IDS_KEPT_MS } from "../../src/cluster/housekeeping.js";
import { createTestDatabase, type TestDatabase } from "../support/test-store.js";

let database: TestDatabase;
let store: Store;
afterEach(async () => {
  await store.close();
  await database.drop();
});

it("at the start of a term: update ids older than a day and tick claims older than an hour are forgotten, newer ones kept", async () => {
  database = await createTestDatabase();
  store = await openStore(database.location, createSealer([randomBytes(32)]));
  await store.updates.markProcessed(1);
  await store.ticks.claim("orders", "slot-1", "a");
  // seen from a clock a day and an hour later, those two are old
  const later = Date.now() + UPDATE_IDS_KEPT_MS + TICK_CLAIMS_KEPT_MS;
  await store.updates.markProcessed(2);
  await store.ticks.claim("orders", "slot-2", "a");
  const { db, t } = store.raw.conn;
  await db.update(t.updateInbox).set({ receivedAt: later - 1000 }).where(eq(t.updateInbox.updateId, 2));
  await db.update(t.cronTicks).set({ claimedAt: later - 1000 }).where(eq(t.cronTicks.slot, "slot-2"));

  const stop = await housekeepingDuty(store, pino({ level: "silent" }), () => later)();
  await stop(); // waits for the pass the term started with
  // 1 was forgotten (so it counts as new again), 2 is still known; the same for the tick slots
  expect(await store.updates.markProcessed(1)).toBe(true);
  expect(await store.updates.markProcessed(2)).toBe(false);
  expect(await store.ticks.claim("orders", "slot-1", "b")).toBe(true);
  expect(await store.ticks.claim("orders", "slot-2", "b")).toBe(false);
});
