/** What running on a shared database adds: the polling warning, update ids recorded, ticks claimed as this replica. */
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import type { Client } from "pg";
import { createLogger } from "../../src/logger.js";
import { replicationFor, type ReplicatedStore } from "../../src/cluster/replication.js";

function fakeStore(shared: boolean) {
  const claims: string[] = [];
  const store: ReplicatedStore = {
    ...(shared ? { connectDedicated: () => Promise.reject<Client>(new Error("not in this test")) } : {}),
    ticks: { claim: (job, slot, owner) => (claims.push(`${job}@${slot} by ${owner}`), Promise.resolve(true)) },
    updates: { markProcessed: () => Promise.resolve(true) },
  };
  return { store, claims };
}

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

const settings = { instanceId: "bot-2", leader: { retryMs: 1000, quietMs: 1500, leaseMs: 5000 } };

it("polling on PostgreSQL says at start-up, in one line, that it is failover only", () => {
  const { lines, logger } = capture();
  const r = replicationFor(fakeStore(true).store, { ...settings, botMode: "polling" }, logger);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/BOT_MODE=polling with PostgreSQL is failover only/);
  // a new leader may poll what the old one fetched: update ids are recorded in polling mode too
  expect(r.markProcessed).toBeDefined();
  expect(r.shared).toBe(true);
  expect(r.publisher).toBeDefined();
});

it("on SQLite: no warning, no publisher, no update ids recorded apart from the inbox (webhook mode)", async () => {
  const { lines, logger } = capture();
  const { store, claims } = fakeStore(false);
  const polling = replicationFor(store, { ...settings, botMode: "polling" }, logger);
  const webhook = replicationFor(store, { ...settings, botMode: "webhook" }, logger);
  expect(lines).toEqual([]);
  expect(polling.markProcessed).toBeUndefined();
  expect(webhook.markProcessed).toBeUndefined();
  expect(polling.publisher).toBeUndefined();
  await polling.claimTick("orders", "2026-11-24T00:00:20.000Z");
  expect(claims).toEqual(["orders@2026-11-24T00:00:20.000Z by bot-2"]);
});
