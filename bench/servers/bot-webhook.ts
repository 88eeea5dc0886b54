/**
 * The whole bot in webhook mode for the update-pipeline benchmark: SQLite store and sessions,
 * i18n, the real features, the Telegram webhook route on the project's HTTP server. Bot API calls
 * are answered in-process (the same way as for the baseline), so Telegram is not what is measured.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createSealer } from "../../src/store/secrets.js";
import { createStore } from "../../src/store/index.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { createLogger } from "../../src/logger.js";
import { createBot } from "../../src/bot/index.js";
import { createHttpApp, startHttpServer } from "../../src/events/http-server.js";
import { telegramWebhookRoute, telegramSecretToken, telegramWebhookPath } from "../../src/events/telegram-webhook.js";
import { BENCH_BOT_INFO, localBotApiResult } from "../lib/updates.js";
import { serveCommands } from "../lib/child.js";

const token = "42:BENCH-token-for-the-update-pipeline";

// Conversations rebuild ctx.api without the bot's transformers (only the client options carry
// over), so calls made inside a conversation reach this local responder through apiRoot.
const responder = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const method = (req.url ?? "").split("/").at(-1) ?? "";
    const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, result: localBotApiResult(method, payload) }));
  });
});
await new Promise<void>((resolve) => responder.listen(0, "127.0.0.1", resolve));
const apiRoot = `http://127.0.0.1:${(responder.address() as AddressInfo).port}`;
const dir = mkdtempSync(join(tmpdir(), "bench-bot-"));
const store = createStore(join(dir, "bot.db"), createSealer([randomBytes(32)]));
const marketplace = createMarketplace({ baseUrl: "http://127.0.0.1:9" });
const { bot } = createBot(
  token,
  { store, marketplace, logger: createLogger({ level: "silent" }), now: Date.now, defaultLocale: "en" },
  { botInfo: BENCH_BOT_INFO, apiRoot },
);
bot.api.config.use(async (_prev, method, payload) => ({ ok: true, result: localBotApiResult(method, payload as Record<string, unknown>) }) as never);

const path = telegramWebhookPath(token);
const secret = telegramSecretToken(token);
const http = await startHttpServer(createHttpApp({ healthy: () => store.ping() }), "127.0.0.1", 0, [{ path, handle: telegramWebhookRoute(bot, secret) }]);

serveCommands({
  memory: () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
  },
  stored: () => {
    store.conversations.flush();
    return store.db.$client.prepare("select count(*) as n, avg(length(value)) as avgBytes from bot_storage where key like 'conversation:%'").get();
  },
});
process.on("SIGTERM", async () => {
  await http.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
process.stdout.write(`${JSON.stringify({ url: http.url, path, secret })}\n`);
