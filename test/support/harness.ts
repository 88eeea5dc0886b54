/**
 * End-to-end harness: a fresh sandbox marketplace, the shared fake Bot API, and the real bot
 * (createBot, a store on the run's engine — SQLite in a temp folder, or a fresh PostgreSQL schema —
 * @grammyjs/runner polling) wired together over loopback HTTP. `restart()` stops the bot and starts
 * a new one over the same database.
 */
import { randomBytes } from "node:crypto";
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../src/dev/sandbox/index.js";
import { startFakeBotApi, type FakeBotApi, type FakeBotApiOptions } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { createSealer, type Sealer } from "../../src/store/secrets.js";
import { openStore, type Store, type StoreLocation } from "../../src/store/index.js";
import { createTestDatabase } from "./test-store.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { capturedLogger } from "./captured-logger.js";
import { createBot } from "../../src/bot/index.js";
import { createBotApiHttp } from "../../src/telegram/bot-api-http.js";
import { stopRunner } from "../../src/bot/stop-runner.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import type { BotContext, BotDeps } from "../../src/bot/context.js";
import type { Scope } from "../../src/store/api-keys.js";
import type { Locale } from "../../src/config.js";

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  defaultLocale?: Locale;
  publicUrl?: string;
  /** Extra deps for features that need them (e.g. notices). */
  extendDeps?: (deps: BotDeps) => BotDeps;
  /** Options of the fake Bot API (e.g. Telegram's rate limits enforced). */
  tg?: FakeBotApiOptions;
}

export interface Harness {
  sandbox: Sandbox;
  tg: FakeBotApi;
  store: Store;
  sealer: Sealer;
  marketplace: Marketplace;
  deps: BotDeps;
  bot: Bot<BotContext>;
  /** Where the store is (open another store on it with openStore). */
  location: StoreLocation;
  /** Everything the bot logged (JSON lines), to assert that no secret appears. */
  logs: string[];
  /** Creates a sandbox account with `trx` and a key of `scope`, stored for the user as the default key. */
  givenUserWithKey(userId: number, input?: { scope?: Scope; trx?: string; dailyLimitTrx?: string; label?: string }): Promise<{ accountId: string; apiKey: string; keyId: number }>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, fillDelayMs: 60_000, webhookRetryDelaysMs: [50, 100, 200], ...options.sandbox });
  const tg = await startFakeBotApi(options.tg);
  const database = await createTestDatabase();
  const sealer = createSealer([randomBytes(32)]);
  let store = await openStore(database.location, sealer);
  const marketplace = createMarketplace({ baseUrl: sandbox.url, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
  const { logger, logs } = capturedLogger([tg.token]);
  // the Bot API's HTTP client as the app has it
  const botApiHttp = createBotApiHttp();

  let deps: BotDeps;
  let bot: Bot<BotContext>;
  let runner: RunnerHandle;

  const boot = () => {
    const base: BotDeps = {
      store,
      marketplace,
      logger,
      now: () => Date.now(),
      prices: createPriceCache(() => Date.now()),
      defaultLocale: options.defaultLocale ?? "en",
      publicUrl: options.publicUrl ?? "https://bot.example.test",
    };
    deps = options.extendDeps ? options.extendDeps(base) : base;
    bot = createBot(tg.token, deps, { apiRoot: tg.apiRoot, fetch: botApiHttp.fetch, botInfo: tg.botInfo }).bot;
    runner = run(bot, { runner: { fetch: { timeout: 1 } } });
  };
  boot();

  const harness: Harness = {
    sandbox,
    tg,
    get store() {
      return store;
    },
    sealer,
    marketplace,
    get deps() {
      return deps;
    },
    get bot() {
      return bot;
    },
    location: database.location,
    logs,
    async givenUserWithKey(userId, input = {}) {
      const { accountId } = sandbox.control.createAccount({ trx: input.trx ?? "1000" });
      const { key } = sandbox.control.createKey(accountId, { scope: input.scope ?? "purchase", dailyLimitTrx: input.dailyLimitTrx });
      await store.users.touch(userId, userId);
      const row = await store.apiKeys.add(userId, { apiKey: key, label: input.label ?? "main" });
      return { accountId, apiKey: key, keyId: row.id };
    },
    async restart() {
      await stopRunner(runner);
      await store.close();
      store = await openStore(database.location, sealer);
      boot();
    },
    async stop() {
      await stopRunner(runner);
      await botApiHttp.close();
      await marketplace.close();
      await store.close();
      await tg.stop();
      await sandbox.stop();
      await database.drop();
    },
  };
  return harness;
}
