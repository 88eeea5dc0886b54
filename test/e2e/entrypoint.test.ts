/**
 * The real entry point (what `npm start` runs) as a child process, pointed at the fake Bot API
 * through TELEGRAM_API_ROOT, with the embedded sandbox (no MARKETPLACE_URL).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { waitUntil } from "../support/wait.js";
import { exitOf, mainEnv, startMain as spawnMain, stopChild, type MainProcess } from "../support/main-process.js";

const TOKEN = "987654321:AAE_entrypoint-test-token-xyz012345";
const SECRETS_KEY = Buffer.alloc(32, 3).toString("base64");

let tg: FakeBotApi;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tg = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await tg.stop();
});
afterEach(async () => {
  for (const child of children.splice(0)) await stopChild(child);
  tg.reset();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function startMain(env: Record<string, string | undefined>): MainProcess {
  const started = spawnMain(env);
  children.push(started.child);
  return started;
}

function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return mainEnv({ token: TOKEN, apiRoot: tg.apiRoot, secretsKey: SECRETS_KEY, databasePath: join(dir, "bot.db") }, extra);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe("npm start against the fake Bot API", () => {
  it("answers /start, /help, /language and /cancel; the language survives a restart; logs hold no secret", { timeout: 60_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "main-e2e-"));
    const first = startMain(baseEnv());
    await tg.waitForCall("setMyCommands", undefined, 30_000);
    await waitUntil(() => first.output().includes("polling mode"), { timeoutMs: 30_000, message: "bot did not start" });
    expect(first.output()).toContain("SANDBOX");

    await tg.sendText({ userId: 77, text: "/start", languageCode: "zh", firstName: "Li" });
    expect((await tg.waitForCall("sendMessage", undefined, 10_000)).payload.text).toContain("你好，Li");
    await tg.sendText({ userId: 77, text: "/help", languageCode: "zh" });
    expect((await tg.waitForCall("sendMessage", undefined, 10_000)).payload.text).toContain("/buy");
    await tg.sendText({ userId: 77, text: "/cancel", languageCode: "zh" });
    expect((await tg.waitForCall("sendMessage", undefined, 10_000)).payload.text).toBe("没有可取消的操作。/help 列出我能做的事。");
    await tg.sendText({ userId: 77, text: "/language", languageCode: "zh" });
    await tg.waitForCall("sendMessage", undefined, 10_000);
    await tg.tapButton({ userId: 77, text: /Русский/ });
    expect((await tg.waitForCall("editMessageText", undefined, 10_000)).payload.text).toBe("Язык изменён на русский.");
    // the chat's command menu follows the choice, whatever the Telegram app's language
    const chatMenu = await tg.waitForCall("setMyCommands", (p) => (p.scope as { chat_id?: number } | undefined)?.chat_id === 77, 10_000);
    expect(chatMenu.payload.commands).toContainEqual({ command: "buy", description: "Купить энергию или пропускную способность" });

    // what an empty chat shows, per language
    const descriptions = tg.callsOf("setMyDescription").map((c) => [c.payload.language_code, String(c.payload.description)]);
    expect(descriptions.map(([l]) => l)).toEqual([undefined, "en", "ru", "zh"]);
    expect(descriptions.find(([l]) => l === "ru")![1]).toContain("энергию");
    expect(descriptions.find(([l]) => l === "zh")![1]).toContain("能量");
    expect(tg.callsOf("setMyShortDescription").find((c) => c.payload.language_code === "zh")!.payload.short_description).toContain("能量");

    // the sandbox's demo keys as plain lines an operator can copy, not inside a JSON log line
    const demoLines = first.output().split("\n").filter((line) => /^\s+(read|purchase|full)\s+\S+/.test(line));
    expect(demoLines).toHaveLength(3);
    for (const line of demoLines) expect(line.trim().startsWith("{")).toBe(false);
    expect(first.output()).toContain("Add one of these keys in the bot with /key");

    const commands = tg.callsOf("setMyCommands");
    expect(commands.map((c) => (c.payload as { language_code?: string }).language_code)).toEqual(
      expect.arrayContaining(["en", "ru", "zh", undefined]),
    );

    expect(await stopChild(first.child)).toBe(0);
    expect(first.output()).toContain("stopped");

    const second = startMain(baseEnv());
    await waitUntil(() => second.output().includes("polling mode"), { timeoutMs: 30_000, message: "bot did not restart" });
    await tg.sendText({ userId: 77, text: "/start", languageCode: "zh", firstName: "Li" });
    const welcome = await tg.waitForCall("sendMessage", (p) => p.chat_id === 77, 10_000);
    expect(welcome.payload.text).toContain("Привет, Li");
    expect(await stopChild(second.child)).toBe(0);

    const logs = first.output() + second.output();
    expect(logs).not.toContain(TOKEN);
    expect(logs).not.toContain(TOKEN.split(":")[1]);
    expect(logs).not.toContain(SECRETS_KEY);
  });

  it("webhook mode: registers the webhook with a secret token and answers updates Telegram POSTs", { timeout: 60_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "main-e2e-"));
    const port = await freePort();
    const started = startMain(baseEnv({ BOT_MODE: "webhook", HTTP_PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }));
    const set = await tg.waitForCall("setWebhook", undefined, 30_000);
    expect(String(set.payload.url)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/telegram/[0-9a-f]{24}$`));
    expect(String(set.payload.secret_token)).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(set.payload.max_connections).toBe(40); // Telegram's default: webhooks are answered once recorded (the inbox)

    await tg.sendText({ userId: 78, text: "/start", firstName: "Web" });
    expect((await tg.waitForCall("sendMessage", undefined, 10_000)).payload.text).toContain("Hi, Web");

    const forged = await fetch(String(set.payload.url), {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "wrong-secret-token" },
      body: JSON.stringify({ update_id: 999, message: { message_id: 1, date: 0, chat: { id: 78, type: "private" }, from: { id: 78, is_bot: false, first_name: "X" }, text: "/start" } }),
    });
    expect(forged.status).toBe(401);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    expect(await stopChild(started.child)).toBe(0);
  });

  it("without BOT_TOKEN outside production starts the offline playground: one line with its address, the offline notice, the page", { timeout: 30_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "main-e2e-"));
    const started = startMain(baseEnv({ BOT_TOKEN: "" })); // TELEGRAM_API_ROOT points at tg: the playground must not use it
    const line = await waitUntil(() => /^Playground: (http:\/\/127\.0\.0\.1:\d+)\/\?user=1001$/m.exec(started.output()) ?? undefined, { timeoutMs: 20_000 });
    expect(started.output()).toMatch(/nothing reaches Telegram or a real marketplace/);
    expect(started.output().match(/^Playground: /gm)).toHaveLength(1);
    const page = await fetch(`${line[1]}/`);
    expect(await page.text()).toContain("offline playground");
    expect(tg.calls).toHaveLength(0);
    expect(await stopChild(started.child)).toBe(0);
  });

  it("fails start-up with one clear line and a non-zero exit on a missing BOT_TOKEN in production or a malformed SECRETS_KEY", { timeout: 30_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "main-e2e-"));
    const noToken = startMain(baseEnv({ BOT_TOKEN: "", NODE_ENV: "production" }));
    expect(await exitOf(noToken.child)).toBe(1);
    expect(noToken.output().trim()).toBe("Configuration error: BOT_TOKEN is required");

    const badKey = startMain(baseEnv({ SECRETS_KEY: "dG9vLXNob3J0" }));
    expect(await exitOf(badKey.child)).toBe(1);
    expect(badKey.output().trim()).toMatch(/^Configuration error: SECRETS_KEY must be 32 bytes encoded as base64/);
    expect(badKey.output().trim().split("\n")).toHaveLength(1);
  });
});
