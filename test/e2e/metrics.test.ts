/**
 * The operator's view: the app as `npm start` builds it (startApp, webhook mode, the embedded
 * sandbox) exposes /healthz, /readyz and, with METRICS_TOKEN, Prometheus series at /metrics whose
 * values follow a short load of updates and marketplace calls. Without the token /metrics is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { startFakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { startApp, type App } from "../../src/app.js";
import { waitUntil } from "../support/wait.js";

const TOKEN = "metrics-token-for-the-test-0123456789";
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function startBot(metricsToken?: string): Promise<{ app: App; tg: Awaited<ReturnType<typeof startFakeBotApi>> }> {
  const tg = await startFakeBotApi({ token: "987654321:AAE_metrics-test-token-xyz0123456", deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const dir = mkdtempSync(join(tmpdir(), "metrics-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    BOT_MODE: "webhook",
    PUBLIC_URL: "http://127.0.0.1:9/unused",
    DATABASE_PATH: join(dir, "bot.db"),
    SECRETS_KEY: randomBytes(32).toString("base64"),
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: "0",
    NODE_ENV: "test",
    WATCH_ORDERS_CRON: "* * * * * *",
    ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
  });
  const app = await startApp(config, createLogger({ level: "silent" }), { botInfo: tg.botInfo, print: () => {} });
  cleanup.push(() => app.stop());
  // the fake delivers to the webhook the bot set; here the test is Telegram and posts to the app itself
  return { app, tg };
}

/** The value of one series (`name{labels}`) in Prometheus' text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

it("/metrics shows the updates handled, the marketplace calls, the inbox, the outbox and the leader; only with the token", async () => {
  const { app, tg } = await startBot(TOKEN);
  const set = await tg.waitForCall("setWebhook");
  const webhook = String(set.payload.url).replace("http://127.0.0.1:9/unused", app.httpUrl);
  const secret = String(set.payload.secret_token);
  let updateId = 5000;
  const post = (text: string, userId: number) =>
    fetch(webhook, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify({ update_id: ++updateId, message: { message_id: updateId, date: 0, chat: { id: userId, type: "private" }, from: { id: userId, is_bot: false, first_name: "Op" }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] } }),
    });
  for (let user = 8001; user <= 8005; user++) {
    expect((await post("/help", user)).status).toBe(200);
    expect((await post("/check TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", user)).status).toBe(200);
  }
  await waitUntil(() => tg.callsOf("sendMessage").length >= 10, { timeoutMs: 10_000 });

  expect((await fetch(`${app.httpUrl}/metrics`)).status).toBe(401);
  expect((await fetch(`${app.httpUrl}/metrics`, { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(401);
  const scrape = async () => (await fetch(`${app.httpUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const text = await waitUntil(async () => {
    const t = await scrape();
    return (sample(t, 'bot_updates_handled_total{kind="message"}') ?? 0) >= 10 && t;
  });
  expect(sample(text, 'bot_update_duration_seconds_count{kind="message"}')).toBe(sample(text, 'bot_updates_handled_total{kind="message"}'));
  expect(sample(text, 'bot_marketplace_requests_total{endpoint="GET /address-checker",outcome="ok"}')).toBeGreaterThanOrEqual(5);
  expect(sample(text, 'bot_marketplace_request_duration_seconds_count{endpoint="GET /address-checker"}')).toBeGreaterThanOrEqual(5);
  expect(sample(text, "bot_inbox_backlog_updates")).toBe(0);
  expect(sample(text, "bot_leader")).toBe(1);
  expect(sample(text, "bot_outbox_depth")).toBeGreaterThanOrEqual(0);
  expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  // the leader's watchers tick every second here
  const later = await waitUntil(async () => {
    const t = await scrape();
    return (sample(t, 'bot_watcher_runs_total{job="orders",outcome="ok"}') ?? 0) >= 1 && t;
  });
  expect(sample(later, 'bot_watcher_runs_total{job="orders",outcome="failed"}') ?? 0).toBe(0);
  // the token itself is never in the figures
  expect(text).not.toContain(TOKEN);

  expect(await (await fetch(`${app.httpUrl}/healthz`)).json()).toEqual({ ok: true });
  expect(await (await fetch(`${app.httpUrl}/readyz`)).json()).toEqual({ ok: true });
});

it("without METRICS_TOKEN there is no /metrics", async () => {
  const { app } = await startBot();
  expect((await fetch(`${app.httpUrl}/metrics`)).status).toBe(404);
  expect((await fetch(`${app.httpUrl}/healthz`)).status).toBe(200);
});
