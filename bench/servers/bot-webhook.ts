/**
 * The whole bot in webhook mode for the update-pipeline benchmark: SQLite store and sessions,
 * i18n, the real features, the Telegram webhook route on the project's HTTP server. Bot API calls
 * are answered in-process (the same way as for the baseline), so Telegram is not what is measured.
 */
import { mkdtempSync } from "node:fs";
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
const dir = mkdtempSync(join(tmpdir(), "bench-bot-"));
const store = createStore(join(dir, "bot.db"), createSealer([randomBytes(32)]));
const marketplace = createMarketplace({ baseUrl: "http://127.0.0.1:9" });
const { bot } = createBot(
  token,
  { store, marketplace, logger: createLogger({ level: "silent" }), now: Date.now, defaultLocale: "en" },
  { botInfo: BENCH_BOT_INFO },
);
bot.api.config.use(async (_prev, method, payload) => ({ ok: true, result: localBotApiResult(method, payload as Record<string, unknown>) }) as never);

const path = telegramWebhookPath(token);
const secret = telegramSecretToken(token);
const http = await startHttpServer(createHttpApp({ healthy: () => store.ping() }), "127.0.0.1", 0, [{ path, handle: telegramWebhookRoute(bot, secret) }]);

serveCommands({
  memory: () => {
    global.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed };
  },
  sessions: () => store.db.$client.prepare("select count(*) as n from bot_storage where key like 'session:%'").get(),
});
process.on("SIGTERM", async () => {
  await http.close();
  store.close();
  process.exit(0);
});
process.stdout.write(`${JSON.stringify({ url: http.url, path, secret })}\n`);
