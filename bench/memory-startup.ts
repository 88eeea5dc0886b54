/**
 * Benchmark 4: resident memory after 10,000 users have stored state, and start-up time of the real
 * entry point (what `npm start` runs) to the first answered update, against the fake Bot API.
 * Each user sends /start and then /key without a key, which opens a conversation (the key's
 * question) whose state is persisted per chat (grammY sessions are lazy: /start alone stores
 * nothing; /check's question is a prompt of a few bytes since it is no longer a conversation). Memory is
 * read right after the last answer and again once the bot has been idle for SETTLE_SECONDS.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startChild } from "./lib/child.js";
import { productionNodeFlags } from "./lib/node-flags.js";
import { runLoad } from "./lib/load.js";
import { startCommandUpdate } from "./lib/updates.js";
import { startFakeBotApi } from "../src/dev/telegram-fake/fake-bot-api.js";
import { projectRoot } from "../src/paths.js";

export interface MemoryFigures {
  users: number;
  sessions: number;
  /** Right after the last update was answered. */
  rssMb: number;
  heapUsedMb: number;
  /** After SETTLE_SECONDS without updates (V8 has then given back what the burst left behind). */
  settledRssMb: number;
  settledHeapUsedMb: number;
  settleSeconds: number;
  startupMs: number;
}

const SETTLE_SECONDS = 30;

export async function benchMemoryAndStartup(users = 10_000): Promise<MemoryFigures> {
  const server = await startChild<{ url: string; path: string; secret: string }>("bot-webhook");
  let sent = 0;
  try {
    // every one of `users` distinct users sends /start, then /key (a conversation with stored state)
    for (const command of ["/start", "/key"]) {
      sent = 0;
      while (sent < users * 1.2) {
        const load = await runLoad({
          url: server.info.url,
          path: server.info.path,
          durationSeconds: 2,
          connections: 20,
          makeRequest: () => ({ body: startCommandUpdate(users, 0, command), headers: { "x-telegram-bot-api-secret-token": server.info.secret } }),
        });
        sent += load.requests;
      }
    }
    const memory = await server.ask<{ rss: number; heapUsed: number }>("memory");
    const sessions = (await server.ask<{ n: number }>("stored")).n;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const settled = await server.ask<{ rss: number; heapUsed: number }>("memory");
    return {
      users,
      sessions,
      rssMb: memory.rss / 2 ** 20,
      heapUsedMb: memory.heapUsed / 2 ** 20,
      settledRssMb: settled.rss / 2 ** 20,
      settledHeapUsedMb: settled.heapUsed / 2 ** 20,
      settleSeconds: SETTLE_SECONDS,
      startupMs: await startupTime(),
    };
  } finally {
    await server.stop();
  }
}

async function startupTime(): Promise<number> {
  const token = "4242:BENCH-startup-token-abcdefghijklmn";
  const tg = await startFakeBotApi({ token });
  const dir = mkdtempSync(join(tmpdir(), "bench-start-"));
  const started = performance.now();
  // the production entry point (npm start builds, then runs dist/main.js); tsx when not built
  const built = existsSync(join(projectRoot, "dist", "main.js"));
  const entry = built ? [join(projectRoot, "dist", "main.js")] : ["--import", "tsx", join(projectRoot, "src", "main.ts")];
  const child = spawn(process.execPath, [...productionNodeFlags(), ...entry], {
    env: {
      ...process.env,
      BOT_TOKEN: token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      DATABASE_PATH: join(dir, "bot.db"),
      SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: "0",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    await tg.sendText({ userId: 5, text: "/start" });
    await tg.waitForCall("sendMessage", undefined, 60_000);
    return performance.now() - started;
  } finally {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
    await tg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
