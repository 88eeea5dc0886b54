/**
 * The update inbox for its benchmark: the real Telegram webhook route on the project's HTTP server,
 * each update recorded durably (SQLite, or PostgreSQL at BENCH_INBOX_DATABASE_URL) before its 200,
 * then handed to a bot that does nothing (what the inbox itself costs: the record, the lease on
 * PostgreSQL, the handled mark).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createSealer } from "../../src/store/secrets.js";
import { openStore } from "../../src/store/index.js";
import { createLogger } from "../../src/logger.js";
import { createHttpApp, startHttpServer, telegramSecretToken, telegramWebhookPath, telegramWebhookRoute } from "../../src/http/index.js";
import { createInbox } from "../../src/inbox/index.js";
import { exitOnSigterm, serveCommands } from "../lib/child.js";

const TOKEN = "42:BENCH-inbox";
const dir = mkdtempSync(join(tmpdir(), "bench-inbox-"));
const store = await openStore({ databasePath: join(dir, "bot.db"), databaseUrl: process.env.BENCH_INBOX_DATABASE_URL || undefined }, createSealer([randomBytes(32)]));
const logger = createLogger({ level: "silent" });
let handled = 0;
const inbox = createInbox({ store, handle: () => Promise.resolve(void handled++), logger, owner: "bench" }, { maxBacklog: 100_000, concurrency: 512 });
const path = telegramWebhookPath(TOKEN);
const secret = telegramSecretToken(TOKEN);
const http = await startHttpServer(createHttpApp({ ready: () => store.ping() }), "127.0.0.1", 0, [{ path, handle: telegramWebhookRoute(inbox, secret, logger) }]);
void inbox.start();

serveCommands({
  stored: async () => ({ handled, waiting: (await store.updates.backlog()).count }),
});
exitOnSigterm(async () => {
  await http.close();
  await inbox.stop(5_000);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
process.stdout.write(`${JSON.stringify({ url: http.url, path, secret })}\n`);
