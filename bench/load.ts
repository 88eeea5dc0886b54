/**
 * Benchmark: realistic load on the real bot in webhook mode (`npm start`'s entry point and node
 * flags, its own process). 1,000 updates a second from 2,000 chats (each chat every 2 s): commands,
 * menu taps, keyed and public marketplace calls and answers inside conversations, delivered as
 * Telegram delivers (bench/lib/telegram-side.ts) with the max_connections the bot asked for in
 * setWebhook. The fake Bot API answers after 30 ms and the sandbox marketplace after 50 ms.
 * The first seconds warm the bot up and are left out of the figures.
 * With `replicas`, the bots are that many processes on one PostgreSQL database (`databaseUrl`, a
 * fresh database per run) behind the round-robin proxy, the webhook's URL being the proxy's.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { startFakeBotApi } from "../src/dev/telegram-fake/fake-bot-api.js";
import { startSandbox } from "../src/dev/sandbox/index.js";
import { createSealer } from "../src/store/secrets.js";
import { openStore } from "../src/store/index.js";
import { cpuMsOf, freePort, startBotProcess, type BotProcess } from "./lib/bot-process.js";
import { startChild } from "./lib/child.js";
import { startRoundRobinProxy, type RoundRobinProxy } from "../test/support/round-robin-proxy.js";
import { createDatabase, dropDatabase } from "../test/support/pg-databases.js";
import type { StoreLocation } from "../src/store/index.js";
import { waitUntil } from "../test/support/wait.js";
import { TelegramSide, type Delivery } from "./lib/telegram-side.js";
import { KEYED_KINDS, ONE_KIND, type ScriptedChat } from "./lib/chat-script.js";

export interface LoadOptions {
  ratePerSecond: number;
  seconds: number;
  warmupSeconds: number;
  chats: number;
  telegramDelayMs: number;
  marketplaceDelayMs: number;
  /** Several bot processes on PostgreSQL (the server's URL) behind a proxy; one on SQLite when unset. */
  replicas?: { count: number; serverUrl: string };
  /**
   * A baseline instead of the bot: a bare grammY bot answering each update with one call
   * (bench/servers/bare-webhook.ts), or one making the bot's calls and nothing else (bare-same-calls.ts).
   */
  baseline?: "bare-webhook" | "bare-same-calls";
  /** Every chat repeats this one kind of step (a key of ONE_KIND) instead of the mix. */
  kind?: string;
  /** The bot from another build (a folder such as dist-builds/<id>) instead of dist/. */
  build?: string;
  /** More of the bot's environment (e.g. METRICS_TOKEN). */
  botEnv?: Record<string, string>;
}

export interface LoadFigures extends LoadOptions {
  maxConnections: number;
  /** Updates due in the measured window. */
  updates: number;
  achievedPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Updates without a first reply (sendMessage, editMessageText, sendPhoto or answerCallbackQuery) within the run and the 10 s after it. */
  lost: number;
  /** Non-2xx webhook answers, failed webhook requests, and error-level lines in the bot's log (whole run). */
  errors: { non2xx: number; failed: number; botLog: number; samples: string[] };
  /** Bot API calls the fake answered with an error (e.g. "message is not modified"), whole run. */
  botApiErrors: Record<string, number>;
  /** The largest update inbox backlog a bot logged as a warning (none when it kept up). */
  inboxBacklog: { waiting: number; oldestWaitMs: number };
  /** Bot API calls by method, whole run. */
  botApiCalls: Record<string, number>;
  maxConnectionWaitMs: number;
  maxInFlight: number;
  botCpuPercent: number;
  /** The bot's CPU time over the measured window divided by the updates it answered then. */
  botCpuMsPerUpdate: number;
  generatorCpuPercent: number;
  /** Over the measured window, per update answered then: Bot API calls the fake received, and requests to the marketplace's API. */
  callsPerUpdate: { botApi: number; marketplace: number };
  byKind: Record<string, { count: number; p50Ms: number; p99Ms: number; lost: number }>;
}

const TOKEN = "4343:BENCH-load-token-abcdefghijklmnop";
/** How long after the run an update's first reply may still come before it counts as unanswered. */
const REPLY_GRACE_MS = 10_000;

export async function benchLoad(options: LoadOptions): Promise<LoadFigures> {
  const sandbox = await startSandbox({ responseDelayMs: options.marketplaceDelayMs });
  const dir = mkdtempSync(join(tmpdir(), "bench-load-"));
  const secretsKey = randomBytes(32).toString("base64");
  const databaseUrl = options.replicas ? await createDatabase(options.replicas.serverUrl, "bench_load") : undefined;
  const location: StoreLocation = { databasePath: join(dir, "bot.db"), databaseUrl };
  const { chats, keys } = await seedChats(location, secretsKey, options.chats, sandbox.control, options.kind === undefined ? undefined : { steps: ONE_KIND[options.kind]!, allKeyed: KEYED_KINDS.has(options.kind) });
  let side: TelegramSide | undefined;
  const tg = await startFakeBotApi({ token: TOKEN, delayMs: options.telegramDelayMs, deliverWebhook: false, onCall: (call) => side?.onCall(call) });
  const ports = options.baseline ? [] : await Promise.all(Array.from({ length: options.replicas?.count ?? 1 }, () => freePort()));
  const proxy: RoundRobinProxy | undefined = options.replicas ? await startRoundRobinProxy(ports.map((p) => `http://127.0.0.1:${p}`)) : undefined;
  const bots: Array<Pick<BotProcess, "cpuMs" | "errors" | "backlog" | "stop">> = ports.map((port, i) =>
    startBotProcess({
      NODE_ENV: "production",
      BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: tg.apiRoot,
      BOT_MODE: "webhook",
      PUBLIC_URL: proxy?.url ?? `http://127.0.0.1:${port}`,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(port),
      DATABASE_PATH: location.databasePath,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, INSTANCE_ID: `load-${i}` } : {}),
      SECRETS_KEY: secretsKey,
      MARKETPLACE_URL: sandbox.url,
      LOG_LEVEL: "warn",
      ...options.botEnv,
    }, options.build),
  );
  if (options.baseline) {
    const keysFile = join(dir, "keys.json");
    writeFileSync(keysFile, JSON.stringify(keys));
    bots.push(await baselineBot(options.baseline, { BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: tg.apiRoot, MARKETPLACE_URL: sandbox.url, KEYS_FILE: keysFile }));
  }
  const bot = {
    cpuMs: () => bots.reduce((sum, b) => sum + b.cpuMs(), 0),
    backlog: () => bots.reduce((most, b) => ({ waiting: Math.max(most.waiting, b.backlog().waiting), oldestWaitMs: Math.max(most.oldestWaitMs, b.backlog().oldestWaitMs) }), { waiting: 0, oldestWaitMs: 0 }),
    errors: () => {
      const each = bots.map((b) => b.errors());
      return { count: each.reduce((sum, e) => sum + e.count, 0), samples: each.flatMap((e) => e.samples) };
    },
  };
  try {
    // every replica has set the webhook (the same URL): all of them are up
    await waitUntil(() => tg.callsOf("setWebhook").length >= bots.length || undefined, { timeoutMs: 60_000, message: "the bots did not start" });
    const set = tg.callsOf("setWebhook")[0]!;
    // what the bot asked Telegram for; Telegram's default is 40 when unset
    const maxConnections = Number(set.payload.max_connections ?? 40);
    side = new TelegramSide({
      tg,
      webhookUrl: String(set.payload.url),
      secretToken: typeof set.payload.secret_token === "string" ? set.payload.secret_token : undefined,
      maxConnections,
      chats,
      ratePerSecond: options.ratePerSecond,
      seconds: options.warmupSeconds + options.seconds,
    });
    const started = Date.now();
    const measuredFrom = started + options.warmupSeconds * 1000;
    const measuredTo = measuredFrom + options.seconds * 1000;
    // the sandbox runs in this process: node:http reports each request it receives on this channel
    // (every server's: another run side by side has its own sandbox, told apart by its port)
    let marketplaceCalls = 0;
    const sandboxPort = Number(new URL(sandbox.url).port);
    const countMarketplace = (message: unknown) => {
      const { request, socket } = message as { request: { url?: string }; socket: { localPort?: number } };
      if (socket.localPort === sandboxPort && request.url?.startsWith("/api/")) marketplaceCalls++;
    };
    subscribe("http.server.request.start", countMarketplace);
    const snapshot = () => ({ bot: bot.cpuMs(), generator: process.cpuUsage(), botApi: tg.calls.length, marketplace: marketplaceCalls });
    let from = snapshot();
    let to = from;
    const timers = [setTimeout(() => (from = snapshot()), measuredFrom - Date.now()), setTimeout(() => (to = snapshot()), measuredTo - Date.now())];
    try {
      await side.run();
    } finally {
      timers.forEach(clearTimeout);
      unsubscribe("http.server.request.start", countMarketplace);
    }
    // The inbox answers a webhook before its update is handled, so the last updates' replies may
    // still be on their way when the last webhook is answered: they get up to 10 s after the run
    // (the independent meter's "unanswered within 10 s") before an update counts as unanswered.
    const repliesDue = Date.now() + REPLY_GRACE_MS;
    const { deliveries } = side;
    const awaitingReply = () => deliveries.some((d) => d.status !== undefined && d.status < 300 && d.firstReplyAt === undefined);
    while (Date.now() < repliesDue && awaitingReply()) await new Promise((resolve) => setTimeout(resolve, 50));
    const measured = side.deliveries.filter((d) => d.due >= measuredFrom);
    // BENCH_LOAD_DUMP=<file>: every delivery's timings, to see where an update's time went
    if (process.env.BENCH_LOAD_DUMP) {
      const rows = side.deliveries.map(({ chat, ...d }) => ({ chat: chat.id, keyed: chat.keyed, ...d }));
      writeFileSync(process.env.BENCH_LOAD_DUMP, JSON.stringify(rows));
    }
    const generatorUs = to.generator.user - from.generator.user + to.generator.system - from.generator.system;
    const botApiErrors: Record<string, number> = {};
    const botApiCalls: Record<string, number> = {};
    for (const call of tg.calls) {
      botApiCalls[call.method] = (botApiCalls[call.method] ?? 0) + 1;
      const response = call.response as { ok?: boolean; description?: string };
      if (response.ok === false) botApiErrors[`${call.method}: ${response.description}`] = (botApiErrors[`${call.method}: ${response.description}`] ?? 0) + 1;
    }
    const answered = measured.filter((d) => d.status !== undefined && d.status < 300);
    const lastAnswer = Math.max(...answered.map((d) => d.answeredAt!));
    const answeredInWindow = side.deliveries.filter((d) => d.answeredAt !== undefined && d.answeredAt >= measuredFrom && d.answeredAt < measuredTo).length;
    /** A count over the measured window per update answered in it (0 when none was). */
    const perUpdate = (count: number) => (answeredInWindow === 0 ? 0 : count / answeredInWindow);
    const byKind: LoadFigures["byKind"] = {};
    for (const kind of new Set(measured.map((d) => d.kind ?? "never sent"))) {
      const of = measured.filter((d) => (d.kind ?? "never sent") === kind);
      const l = latencies(of);
      byKind[kind] = { count: of.length, p50Ms: pct(l, 0.5), p99Ms: pct(l, 0.99), lost: of.length - l.length };
    }
    const all = latencies(measured);
    const log = bot.errors();
    return {
      ...options,
      maxConnections,
      updates: measured.length,
      achievedPerSecond: answered.length / ((lastAnswer - measuredFrom) / 1000),
      p50Ms: pct(all, 0.5),
      p90Ms: pct(all, 0.9),
      p99Ms: pct(all, 0.99),
      maxMs: all.at(-1) ?? 0,
      lost: measured.length - all.length,
      errors: {
        non2xx: side.deliveries.filter((d) => d.status !== undefined && d.status >= 300).length,
        failed: side.deliveries.filter((d) => d.error !== undefined).length,
        botLog: log.count,
        samples: [...side.deliveries.flatMap((d) => (d.error ? [d.error] : [])).slice(0, 3), ...log.samples],
      },
      botApiErrors,
      botApiCalls,
      maxConnectionWaitMs: Math.max(0, ...measured.map((d) => (d.sentAt ?? d.due) - (d.deliverableAt ?? d.due))),
      maxInFlight: side.maxInFlight,
      inboxBacklog: bot.backlog(),
      botCpuPercent: ((to.bot - from.bot) / (options.seconds * 1000)) * 100,
      botCpuMsPerUpdate: perUpdate(to.bot - from.bot),
      generatorCpuPercent: (generatorUs / 1000 / (options.seconds * 1000)) * 100,
      callsPerUpdate: { botApi: perUpdate(to.botApi - from.botApi), marketplace: perUpdate(to.marketplace - from.marketplace) },
      byKind,
    };
  } finally {
    await Promise.all(bots.map((b) => b.stop()));
    await proxy?.stop();
    await side?.close();
    await tg.stop();
    await sandbox.stop();
    if (databaseUrl) await dropDatabase(options.replicas!.serverUrl, databaseUrl);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A baseline's process, measured as the bot's are. */
async function baselineBot(name: string, env: Record<string, string>): Promise<Pick<BotProcess, "cpuMs" | "errors" | "backlog" | "stop">> {
  const child = await startChild<{ url: string }>(name, env);
  return {
    cpuMs: () => cpuMsOf(child.child.pid!),
    backlog: () => ({ waiting: 0, oldestWaitMs: 0 }),
    errors: () => ({ count: 0, samples: [] }),
    stop: async () => {
      await child.stop();
      return null;
    },
  };
}

/**
 * Half the chats belong to users with a marketplace key, stored as the bot stores one added with
 * /key; the keys by chat id are also returned, for the same-calls baseline.
 */
async function seedChats(
  location: StoreLocation,
  secretsKey: string,
  count: number,
  control: Awaited<ReturnType<typeof startSandbox>>["control"],
  kind?: { steps: NonNullable<ScriptedChat["cycle"]>; allKeyed: boolean },
): Promise<{ chats: ScriptedChat[]; keys: Record<number, string> }> {
  const store = await openStore(location, createSealer([Buffer.from(secretsKey, "base64")]));
  const chats: ScriptedChat[] = [];
  const keys: Record<number, string> = {};
  for (let i = 0; i < count; i++) {
    const id = 3_000_000 + i;
    // half the chats have a key, as in the mix, unless the kind is taken by keyed users only
    const keyed = kind?.allKeyed === true || i % 2 === 0;
    if (keyed) {
      const { accountId } = control.createAccount({ trx: "1000" });
      const { key } = control.createKey(accountId, { scope: "purchase" });
      await store.users.touch(id, id);
      await store.apiKeys.add(id, { apiKey: key, label: "main" });
      keys[id] = key;
    }
    chats.push({ id, keyed, step: 0, ...(kind ? { cycle: kind.steps } : {}) });
  }
  await store.close();
  return { chats, keys };
}

/** First-reply latencies (ms from due to the first reply call), sorted; updates without a reply left out. */
function latencies(deliveries: Delivery[]): number[] {
  return deliveries.flatMap((d) => (d.firstReplyAt === undefined ? [] : [d.firstReplyAt - d.due])).sort((a, b) => a - b);
}

/** The `p` quantile of sorted figures, rounded (0 when there are none). */
export function pct(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
}
