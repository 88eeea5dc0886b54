/**
 * The whole bot in webhook mode for the memory benchmark: the bot of bench/lib/local-bot.ts behind
 * the update inbox and its webhook route on the project's HTTP server, as startApp wires them.
 */
import { createHttpApp, DRAIN_MS, startHttpServer, telegramWebhookRoute, telegramSecretToken, telegramWebhookPath } from "../../src/http/index.js";
import { createInbox, handleWithBot } from "../../src/inbox/index.js";
import { createLogger } from "../../src/logger.js";
import { createLocalBot, LOCAL_BOT_TOKEN } from "../lib/local-bot.js";
import { exitOnSigterm, serveCommands } from "../lib/child.js";

const { bot, store, close } = await createLocalBot();
const path = telegramWebhookPath(LOCAL_BOT_TOKEN);
const secret = telegramSecretToken(LOCAL_BOT_TOKEN);
const logger = createLogger({ level: "silent" });
const inbox = createInbox({ store, handle: handleWithBot(bot, logger), logger, owner: "bench" }, { maxBacklog: 20_000, concurrency: 256 });
const http = await startHttpServer(createHttpApp({ ready: () => store.ping() }), "127.0.0.1", 0, [{ path, handle: telegramWebhookRoute(inbox, secret, logger) }]);
void inbox.start();

serveCommands({
  memory: () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
  },
  stored: async () => {
    await store.conversations.flush();
    return store.raw.sqlite!.prepare("select count(*) as n, avg(length(value)) as avgBytes from bot_storage where key like 'conversation:%'").get();
  },
});
exitOnSigterm(async () => {
  await http.close();
  await inbox.stop(DRAIN_MS);
  await close();
});
process.stdout.write(`${JSON.stringify({ url: http.url, path, secret })}\n`);
