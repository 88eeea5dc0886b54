/**
 * A replica cut off from PostgreSQL (a link that forwards nothing, its sockets left open) gets
 * errors from its store, not silence: queries on open connections, new connections, and queries
 * waiting for a pool slot all fail within the store's time limit; once the link is back the store
 * answers again. Without the limits every one of these waits as long as the link is down.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createTestDatabase, describePg, dropTestDatabase } from "../support/postgres.js";
import { startStallingProxy, type StallingProxy } from "../support/stalling-tcp-proxy.js";
import { waitUntil } from "../support/wait.js";

let databaseUrl: string;
let proxy: StallingProxy;
let store: Store;
let dir: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase("timeouts");
  proxy = await startStallingProxy(databaseUrl);
  dir = mkdtempSync(join(tmpdir(), "timeouts-"));
  store = await openStore({ databasePath: join(dir, "unused.db"), databaseUrl: proxy.urlFor(databaseUrl), databasePoolMax: 2, databaseTimeoutMs: 1000 }, createSealer([randomBytes(32)]));
});

afterAll(async () => {
  proxy?.resume();
  await store?.close();
  await proxy?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describePg("PostgreSQL out of reach", () => {
  it("fails each query within the time limit instead of waiting for the link, and answers again once it is back", { timeout: 20_000 }, async () => {
    expect(await store.outbox.pendingCount()).toBe(0);
    proxy.stall();
    // more queries than the pool has connections: on open connections, on new ones, waiting for a slot
    const attempts = await Promise.allSettled([store.outbox.pendingCount(), store.outbox.pendingCount(), store.outbox.pendingCount(), store.users.get(1)]);
    expect(attempts.map((a) => a.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    await expect(store.transaction((tx) => tx.outbox.pendingCount())).rejects.toThrow();
    proxy.resume();
    await waitUntil(async () => (await store.outbox.pendingCount().catch(() => -1)) === 0, { timeoutMs: 10_000, intervalMs: 200 });
  });
});
