/**
 * The offline playground: the real bot (startApp, unchanged) against the built-in sandbox and the
 * fake Telegram Bot API, plus a chat page in the browser that plays the Telegram app. Nothing
 * leaves the machine: no token, no real marketplace, a fresh database in a temporary folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Api } from "grammy";
import { startApp } from "../../app.js";
import { ConfigError, loadConfig } from "../../config.js";
import { createLogger, type LoggerOptions } from "../../logger.js";
import { startSandbox } from "../sandbox/index.js";
import { startFakeBotApi } from "../telegram-fake/fake-bot-api.js";
import { createEventHub } from "./events.js";
import { startPlaygroundServer } from "./server.js";
import { CHANNEL_CHAT_ID, GROUP_CHAT_ID } from "./users.js";
import type { FakeBotApi } from "../telegram-fake/fake-bot-api.js";

/** A well-formed token the fake Bot API accepts; it is no bot's real token. */
const PLAYGROUND_TOKEN = "100000001:PLAYGROUND-offline-not-a-real-token";
/** Orders stay pending until settled from the page (or the clock is moved), so every notice can be seen. */
const FILL_DELAY_MS = 60 * 60_000;
/** Watchers poll the local sandbox often: a notice shows a second or two after a control action. */
const FAST_WATCH = { WATCH_ORDERS_CRON: "* * * * * *", WATCH_RULES_CRON: "*/2 * * * * *", WATCH_BALANCE_CRON: "*/5 * * * * *", WATCH_PRICES_CRON: "*/5 * * * * *" };
export const FIRST_USER_ID = 1001;

export interface Playground {
  /** The page's address for the first user (the one line `npm start` prints). */
  pageUrl: string;
  url: string;
  stop(): Promise<void>;
}

export interface PlaygroundOptions {
  /** Default 8080 (HTTP_PORT); 0 picks a free port. The page listens on 127.0.0.1 only. */
  port?: number;
  /** Where the bot's log goes (default stdout at LOG_LEVEL, default error). */
  logDestination?: LoggerOptions["destination"];
}

export async function startPlayground(env: NodeJS.ProcessEnv, options: PlaygroundOptions = {}): Promise<Playground> {
  const cleanup: Array<() => unknown> = [];
  // every step runs even if one before it failed: a half-stopped playground would hold its ports
  const stop = async () => {
    const failures: unknown[] = [];
    for (const step of cleanup.reverse()) await Promise.resolve().then(step).catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  };
  try {
    const hub = createEventHub();
    const tg = await startFakeBotApi({
      token: PLAYGROUND_TOKEN,
      botInfo: { username: "energy_playground_bot", first_name: "Energy Bot" },
      onCall: (call) => hub.onBotCall(call),
    });
    cleanup.push(() => tg.stop());
    const sandbox = await startSandbox({ port: 0, seedDemo: true, fillDelayMs: FILL_DELAY_MS });
    cleanup.push(() => sandbox.stop());
    const dir = mkdtempSync(join(tmpdir(), "tron-energy-playground-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));

    // The bot's own settings, pointed at the local stand-ins; everything else as the operator set it.
    const config = loadConfig({
      ...FAST_WATCH,
      ...env,
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      // no real marketplace, whatever .env says: the bot runs against the embedded sandbox, ours
      MARKETPLACE_URL: undefined,
      BOT_MODE: "polling",
      PUBLIC_URL: undefined,
      TELEGRAM_WEBHOOK_SECRET: undefined,
      DATABASE_PATH: join(dir, "bot.db"),
      SECRETS_KEY: randomBytes(32).toString("base64"),
      SECRETS_KEY_PREVIOUS: undefined,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: "0",
      // the terminal shows the page's address; the bot's log only on errors (LOG_LEVEL shows more)
      LOG_LEVEL: env.LOG_LEVEL ?? "error",
    });
    const logger = createLogger({ level: config.logLevel, secrets: [config.botToken], destination: options.logDestination });
    // the demo keys are on the page, so the terminal keeps to the playground's own lines
    const app = await startApp(config, logger, { botInfo: tg.botInfo, sandbox, print: () => {} });
    cleanup.push(() => app.stop());

    setUpChats(tg);
    const demo = sandbox.demo!;
    const botApi = new Api(tg.token, { apiRoot: tg.apiRoot });
    const port = options.port ?? pagePort(env.HTTP_PORT);
    const server = await startPlaygroundServer({ tg, botApi, sandbox: { ...sandbox, demo }, hub }, "127.0.0.1", port);
    cleanup.push(() => server.close());
    return { url: server.url, pageUrl: `${server.url}/?user=${FIRST_USER_ID}`, stop };
  } catch (err) {
    await stop().catch(() => {}); // the start-up error is the one to report
    throw err;
  }
}

/**
 * The test group and the channel (issue 33): the bot administers both; the first user created them
 * (any other user is a member, made an administrator with the page's "Me: administrator"), so the
 * first user can send notices there (/settings) and bind a team desk to the group (/team).
 */
function setUpChats(tg: FakeBotApi): void {
  tg.setChat({ chatId: GROUP_CHAT_ID, type: "group", title: "Test Group" });
  tg.setChat({ chatId: CHANNEL_CHAT_ID, type: "channel", title: "Test Channel" });
  for (const chatId of [GROUP_CHAT_ID, CHANNEL_CHAT_ID]) {
    tg.setChatMember({ chatId, userId: tg.botInfo.id, status: "administrator" });
    tg.setChatMember({ chatId, userId: FIRST_USER_ID, status: "creator", firstName: "Alice" });
  }
}

/** The page's port: HTTP_PORT as the bot would take it, 8080 by default. */
function pagePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError("HTTP_PORT must be a port number (0-65535)");
  return port;
}
