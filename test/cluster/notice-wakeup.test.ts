/** LISTEN/NOTIFY between replicas on a real PostgreSQL: a notice published on one connection wakes a listener on another. */
import { afterEach, expect, it } from "vitest";
import pino from "pino";
import type { Client } from "pg";
import { createNoticePublisher, listenForNotices, type NoticePublisher } from "../../src/cluster/notice-wakeup.js";
import { connectTestDb, describePg } from "../support/postgres.js";
import { waitUntil } from "../support/wait.js";

const logger = pino({ level: "silent" });
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function listener(): Promise<{ wakes: () => number; client: Client }> {
  const client = await connectTestDb();
  cleanup.push(() => client.end());
  let wakes = 0;
  const stop = await listenForNotices(client, () => wakes++);
  cleanup.push(stop);
  return { wakes: () => wakes, client };
}

const PUBLISHER = `wakeup-test-${process.pid}`;

function publisher(connections: Client[] = []): NoticePublisher {
  const p = createNoticePublisher(async () => {
    const c = await connectTestDb(PUBLISHER);
    connections.push(c);
    return c;
  }, logger);
  cleanup.push(() => p.close());
  return p;
}

describePg("notice wake-up over LISTEN/NOTIFY", () => {
  it("a publish on one replica wakes the leader's listener; a burst is coalesced", async () => {
    const leader = await listener();
    const follower = publisher();
    follower.publish();
    await waitUntil(() => leader.wakes() >= 1);
    const before = leader.wakes();
    for (let i = 0; i < 20; i++) follower.publish();
    await waitUntil(() => leader.wakes() > before);
    await follower.close();
    // one publish in flight and at most one queued behind it
    expect(leader.wakes() - before).toBeLessThanOrEqual(2);
  });

  it("a publisher whose connection was killed connects again on the next publish", async () => {
    const leader = await listener();
    const connections: Client[] = [];
    const follower = publisher(connections);
    // the other tests' publishers are closed by now: only this one's connection carries the name
    follower.publish();
    await waitUntil(() => leader.wakes() === 1);
    const admin = await connectTestDb();
    cleanup.push(() => admin.end());
    const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [PUBLISHER]);
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    // the first publish after the kill may fail (it is only logged); the next ones get through
    await waitUntil(
      () => {
        follower.publish();
        return leader.wakes() >= 2;
      },
      { intervalMs: 50 },
    );
    expect(connections.length).toBeGreaterThanOrEqual(2);
  });

  it("stops waking once the listener stops", async () => {
    const client = await connectTestDb();
    cleanup.push(() => client.end());
    let wakes = 0;
    const stop = await listenForNotices(client, () => wakes++);
    const follower = publisher();
    follower.publish();
    await waitUntil(() => wakes === 1);
    await stop();
    follower.publish();
    await follower.close();
    // a round trip on the listener's connection: a notification sent before it would have arrived first
    await client.query("SELECT 1");
    expect(wakes).toBe(1);
  });
});
