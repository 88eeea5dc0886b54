/**
 * kill -9 after a webhook was answered and before its update was handled: the update is recorded
 * in the inbox, so it is handled after a restart (SQLite) or, on PostgreSQL, by the other replica
 * within 5 s. The bot runs as `npm start` runs it (the real entry point, one process per replica).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { request } from "undici";
import type { Update } from "grammy/types";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { startSandbox } from "../../src/dev/sandbox/index.js";
import { telegramSecretToken, telegramWebhookPath } from "../../src/http/index.js";
import { projectRoot } from "../../src/paths.js";
import { createTestDatabase, testEngine, type TestDatabase } from "../support/test-store.js";
import { waitUntil } from "../support/wait.js";

const TOKEN = "987654321:AAE_inbox-crash-test-token-xyz0123";
const SECRETS_KEY = Buffer.alloc(32, 5).toString("base64");
const USER = 7801;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Process {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** A marketplace that never answers: an update calling it stays in hand until the process dies. */
async function silentMarketplace(): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server: Server = createServer(() => void received++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  cleanup.push(() => server.closeAllConnections());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => received };
}

async function startBot(tg: FakeBotApi, database: TestDatabase, name: string, marketplaceUrl: string): Promise<Process> {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: tg.apiRoot,
      BOT_MODE: "webhook",
      PUBLIC_URL: "http://127.0.0.1:9/unused",
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: "0",
      SECRETS_KEY,
      DATABASE_PATH: `${database.dir}/bot.db`,
      ...(database.location.databaseUrl ? { DATABASE_URL: database.location.databaseUrl } : {}),
      MARKETPLACE_URL: marketplaceUrl,
      INSTANCE_ID: name,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  cleanup.push(() => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once("exit", resolve).kill("SIGKILL")) : undefined));
  await waitUntil(() => out.includes("bot started in webhook mode"), { timeoutMs: 60_000, message: `${name} did not start:\n${out}` });
  const url = /"url":"(http:\/\/[^"]+)","msg":"HTTP server listening"/.exec(out)?.[1];
  if (!url) throw new Error(`no HTTP url in:\n${out}`);
  return { child, url, output: () => out };
}

async function deliver(bot: Process, update: Update): Promise<number> {
  const res = await request(`${bot.url}${telegramWebhookPath(TOKEN)}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramSecretToken(TOKEN) },
    body: JSON.stringify(update),
  });
  await res.body.text();
  return res.statusCode;
}

async function kill9(bot: Process): Promise<void> {
  const exited = new Promise((resolve) => bot.child.once("exit", resolve));
  bot.child.kill("SIGKILL");
  await exited;
}

async function world() {
  const tg = await startFakeBotApi({ token: TOKEN, deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const database = await createTestDatabase();
  cleanup.push(() => database.drop());
  const sandbox = await startSandbox({ port: 0, seedDemo: true });
  cleanup.push(() => sandbox.stop());
  const silent = await silentMarketplace();
  await tg.sendText({ userId: USER, text: `/check ${ADDRESS}` });
  const [update] = tg.takeUpdates();
  const replies = () => tg.messages(USER).filter((m) => m.from === "bot" && m.text?.includes(ADDRESS.slice(0, 4)));
  return { tg, database, sandbox, silent, update: update!, replies };
}

it.runIf(testEngine === "sqlite")("an update answered but not handled when the process was killed is handled after the restart", { timeout: 180_000 }, async () => {
  const { tg, database, sandbox, silent, update, replies } = await world();
  const first = await startBot(tg, database, "a", silent.url);
  expect(await deliver(first, update)).toBe(200);
  await waitUntil(() => silent.received() > 0, { timeoutMs: 10_000 });
  await kill9(first);
  expect(replies()).toEqual([]);

  // the same database, a marketplace that answers: the recorded update is handled without Telegram delivering it again
  await startBot(tg, database, "a", sandbox.url);
  await waitUntil(() => replies().length > 0, { timeoutMs: 10_000, message: "the recorded update was never handled" });
});

it.runIf(testEngine === "pg")("on PostgreSQL the other replica handles it within 5 s of the kill", { timeout: 180_000 }, async () => {
  const { tg, database, sandbox, silent, update, replies } = await world();
  const a = await startBot(tg, database, "a", silent.url);
  await startBot(tg, database, "b", sandbox.url);
  expect(await deliver(a, update)).toBe(200);
  await waitUntil(() => silent.received() > 0, { timeoutMs: 10_000 });
  await kill9(a);
  await waitUntil(() => replies().length > 0, { timeoutMs: 5_000, message: "the other replica did not handle the update within 5 s" });
});
