/**
 * The marketplace event receiver for benchmark 1: the real route on the project's HTTP server,
 * a store (SQLite, or PostgreSQL at BENCH_RECEIVER_DATABASE_URL) with one endpoint whose secret is
 * known, each order.filled event verified, deduplicated and committed durably: with its notice while
 * the outbox has room, stored waiting once 10 notices wait for the endpoint's one chat (nothing sends here).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { createSealer } from "../../src/store/secrets.js";
import { openStore } from "../../src/store/index.js";
import { createLogger } from "../../src/logger.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { createNotifier } from "../../src/notices/notifier.js";
import { receiverPath } from "../../src/events/receiver.js";
import { receiverRoute } from "../../src/http/event-receiver.js";
import { OUTBOX_ROOM } from "../../src/events/backlog.js";
import { createHttpApp, startHttpServer } from "../../src/http/server.js";
import { exitOnSigterm, serveCommands } from "../lib/child.js";
import { count, isNull } from "drizzle-orm";

const dir = mkdtempSync(join(tmpdir(), "bench-recv-"));
const store = await openStore(
  { databasePath: join(dir, "bot.db"), databaseUrl: process.env.BENCH_RECEIVER_DATABASE_URL || undefined },
  createSealer([randomBytes(32)]),
);
const secret = `whsec_${randomBytes(24).toString("base64")}`;
await store.users.touch(1, 1);
const endpoint = await store.webhooks.ensureForUser(1, null);
await store.webhooks.setEndpointId(endpoint.id, randomUUID());
await store.webhooks.setSecret(endpoint, secret);

const notifier = createNotifier({ store, translator: createNoticeTranslator("en"), defaultLocale: "en", now: Date.now });
const receiver = receiverRoute({
  store,
  notifier,
  // nothing drains here (as on a replica that is not the leader): events that wait stay stored
  room: OUTBOX_ROOM,
  signature: { scheme: "standard", header: "X-Webhook-Signature", toleranceSeconds: 300, maxBodyBytes: 65_536 },
  logger: createLogger({ level: "silent" }),
  now: Date.now,
});
const http = await startHttpServer(createHttpApp({ ready: () => store.ping() }), "127.0.0.1", 0, [receiver]);

const { db, t } = store.raw.conn;
serveCommands({
  stored: async () => ({
    events: (await db.select({ n: count() }).from(t.webhookEvents))[0]!.n,
    notices: (await db.select({ n: count() }).from(t.outbox))[0]!.n,
    waiting: (await db.select({ n: count() }).from(t.webhookEvents).where(isNull(t.webhookEvents.appliedAt)))[0]!.n,
  }),
});
exitOnSigterm(async () => {
  await http.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
process.stdout.write(`${JSON.stringify({ url: http.url, path: receiverPath(endpoint.routeToken), secret })}\n`);
