/**
 * The bot at rest: the CPU the real bot (`npm start`, webhook mode on SQLite, every duty running:
 * the inbox's sweep, the outbox sender, the watchers, the metrics) uses per second while no update
 * arrives, next to a bare grammY webhook bot at rest. What an operator pays for a quiet hour; under
 * load it is part of every update's CPU too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { startFakeBotApi } from "../src/dev/telegram-fake/fake-bot-api.js";
import { startSandbox } from "../src/dev/sandbox/index.js";
import { cpuMsOf, freePort, startBotProcess } from "./lib/bot-process.js";
import { startChild } from "./lib/child.js";
import { waitUntil } from "../test/support/wait.js";

export interface RestFigures {
  seconds: number;
  /** CPU ms per second of wall time, all threads. */
  botMsPerSecond: number;
  bareMsPerSecond: number;
}

const TOKEN = "4343:BENCH-rest-token-abcdefghijklmnop";
/** After start-up (migrations, the first sweeps and watcher runs), before measuring. */
const SETTLE_MS = 5_000;

export async function benchAtRest(seconds: number): Promise<RestFigures> {
  const sandbox = await startSandbox({});
  const tg = await startFakeBotApi({ token: TOKEN, deliverWebhook: false });
  const dir = mkdtempSync(join(tmpdir(), "bench-rest-"));
  const port = await freePort();
  const bot = startBotProcess({
    NODE_ENV: "production",
    BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: tg.apiRoot,
    BOT_MODE: "webhook",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(port),
    DATABASE_PATH: join(dir, "bot.db"),
    SECRETS_KEY: randomBytes(32).toString("base64"),
    MARKETPLACE_URL: sandbox.url,
    LOG_LEVEL: "warn",
  });
  const bare = await startChild("bare-webhook", { BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: tg.apiRoot });
  try {
    await waitUntil(() => tg.callsOf("setWebhook").length >= 2 || undefined, { timeoutMs: 60_000, message: "the bots did not start" });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const from = { bot: bot.cpuMs(), bare: cpuMsOf(bare.child.pid!) };
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return { seconds, botMsPerSecond: (bot.cpuMs() - from.bot) / seconds, bareMsPerSecond: (cpuMsOf(bare.child.pid!) - from.bare) / seconds };
  } finally {
    await bot.stop();
    await bare.stop();
    await tg.stop();
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
