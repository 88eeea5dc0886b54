/**
 * Issue 29, item 1, through the real entry point (what `npm start` runs) against the fake Bot API:
 * - one process per SQLite file: a second `npm start` on the same database says so in one line and
 *   exits non-zero before it calls Telegram, while the first goes on; a first killed with -9 leaves
 *   no lock behind;
 * - Telegram refusing getUpdates (409: another process polls with the token; 401: the token was
 *   revoked) is logged once with what it means and the process stops cleanly, never by an
 *   unhandled rejection.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBotApi, type FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { waitUntil } from "../support/wait.js";
import { exitOf, mainEnv, startMain as spawnMain, stopChild, type MainProcess } from "../support/main-process.js";

const TOKEN = "987654322:AAE_single-instance-test-token-xyz01";
const SECRETS_KEY = Buffer.alloc(32, 5).toString("base64");
const REFUSED = /^Another instance runs on the database file .*bot\.db: stop it first, or set DATABASE_PATH to another file\.$/;

let tg: FakeBotApi;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tg = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await tg.stop();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "single-instance-"));
});
afterEach(async () => {
  for (const child of children.splice(0)) await stopChild(child);
  tg.reset();
  rmSync(dir, { recursive: true, force: true });
});

function startMain(): MainProcess {
  const started = spawnMain(mainEnv({ token: TOKEN, apiRoot: tg.apiRoot, secretsKey: SECRETS_KEY, databasePath: join(dir, "bot.db") }));
  children.push(started.child);
  return started;
}

/** Started, polling, and answering in chat 77. */
async function polling(started: MainProcess): Promise<void> {
  await waitUntil(() => started.output().includes("polling mode"), { timeoutMs: 60_000, message: "bot did not start" });
  await answers();
}

/** The bot answers /help in chat 77 (it is running and polling). */
async function answers(): Promise<void> {
  await tg.sendText({ userId: 77, text: "/help" });
  await tg.waitForCall("sendMessage", (p) => p.chat_id === 77, 10_000);
}

/** Telegram-side calls other than the long poll, i.e. what a starting process does first (getMe, deleteWebhook, …). */
const setupCalls = () => tg.calls.filter((c) => c.method !== "getUpdates").length;

/** JSON log lines whose message matches. */
function logLines(output: string, msg: RegExp): string[] {
  return output.split("\n").filter((line) => line.startsWith("{") && msg.test((JSON.parse(line) as { msg?: string }).msg ?? ""));
}

describe("one process per SQLite database file", () => {
  it("a second npm start on the same file says so in one line and exits non-zero before calling Telegram; the first goes on", { timeout: 150_000 }, async () => {
    const first = startMain();
    await polling(first);
    const callsBefore = setupCalls();

    const second = startMain();
    // without the lock the second would poll, and Telegram's 409 would end the first: whichever ends first says
    const firstEnded = exitOf(first.child).then(() => "the first process ended");
    expect(await Promise.race([exitOf(second.child), firstEnded])).toBe(1);
    expect(second.output().trim()).toMatch(REFUSED);
    expect(second.output().trim().split("\n")).toHaveLength(1);
    expect(setupCalls()).toBe(callsBefore);

    expect(first.child.exitCode).toBeNull();
    await answers();
    expect(await stopChild(first.child)).toBe(0);
  });

  it("a lock left by a process killed with -9 does not block the next start", { timeout: 150_000 }, async () => {
    const first = startMain();
    await polling(first);
    first.child.kill("SIGKILL");
    await exitOf(first.child);

    const next = startMain();
    await polling(next);
    await answers();
    expect(next.output()).not.toMatch(/Another instance/);
    expect(await stopChild(next.child)).toBe(0);
  });
});

describe("Telegram refusing getUpdates", () => {
  it("409 (another process polls with this token): one line saying so, then a clean stop, no unhandled rejection", { timeout: 150_000 }, async () => {
    const started = startMain();
    await polling(started);
    // the next getUpdates is answered as Telegram answers it while another process polls
    tg.failNext("getUpdates", { code: 409 });
    await answers();
    expect(await exitOf(started.child)).toBe(1);
    const output = started.output();
    expect(logLines(output, /409 Conflict: another process polls with this bot token/)).toHaveLength(1);
    expect(logLines(output, /^stopped$/)).toHaveLength(1);
    expect(output).not.toMatch(/unhandled|UnhandledPromiseRejection|\[grammY runner\]/i);
  });

  it("401 (the token was revoked): one line saying so, then a clean stop, no unhandled rejection", { timeout: 150_000 }, async () => {
    tg.failNext("getUpdates", { code: 401 });
    const started = startMain();
    expect(await exitOf(started.child)).toBe(1);
    const output = started.output();
    expect(logLines(output, /401 Unauthorized: the bot token is wrong or was revoked/)).toHaveLength(1);
    expect(logLines(output, /^stopped$/)).toHaveLength(1);
    expect(output).not.toMatch(/unhandled|UnhandledPromiseRejection|\[grammY runner\]/i);
  });
});
