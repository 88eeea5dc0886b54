/**
 * End-to-end harness: a fresh sandbox marketplace, the shared fake Bot API, and the real bot
 * (createBot, SQLite store in a temp folder, @grammyjs/runner polling) wired together over
 * loopback HTTP. `restart()` stops the bot and starts a new one over the same database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../src/sandbox/index.js";
import { startFakeBotApi, type FakeBotApi } from "./fake-bot-api.js";
import { createSealer, type Sealer } from "../../src/store/secrets.js";
import { createStore, type Store } from "../../src/store/index.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { createBot } from "../../src/bot/index.js";
import { stopRunner } from "../../src/bot/stop-runner.js";
import type { BotContext, BotDeps } from "../../src/bot/context.js";
import type { Scope } from "../../src/store/api-keys.js";
import type { Locale } from "../../src/config.js";

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  defaultLocale?: Locale;
  publicUrl?: string;
  /** Extra deps for features that need them (e.g. notices). */
  extendDeps?: (deps: BotDeps) => BotDeps;
}

export interface Harness {
  sandbox: Sandbox;
  tg: FakeBotApi;
  store: Store;
  sealer: Sealer;
  marketplace: Marketplace;
  deps: BotDeps;
  bot: Bot<BotContext>;
  dbPath: string;
  /** Everything the bot logged (JSON lines), to assert that no secret appears. */
  logs: string[];
  /** Creates a sandbox account with `trx` and a key of `scope`, stored for the user as the default key. */
  givenUserWithKey(userId: number, input?: { scope?: Scope; trx?: string; dailyLimitTrx?: string; label?: string }): { accountId: string; apiKey: string; keyId: number };
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, fillDelayMs: 60_000, webhookRetryDelaysMs: [50, 100, 200], ...options.sandbox });
  const tg = await startFakeBotApi();
  const dir = mkdtempSync(join(tmpdir(), "bot-e2e-"));
  const dbPath = join(dir, "bot.db");
  const sealer = createSealer([randomBytes(32)]);
  let store = createStore(dbPath, sealer);
  const marketplace = createMarketplace({ baseUrl: sandbox.url, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
  const logs: string[] = [];
  const logger: Logger = createLogger({
    level: "debug",
    secrets: [tg.token],
    destination: new Writable({
      write(chunk: Buffer, _enc, cb) {
        logs.push(chunk.toString());
        cb();
      },
    }),
  });

  let deps: BotDeps;
  let bot: Bot<BotContext>;
  let runner: RunnerHandle;

  const boot = () => {
    const base: BotDeps = {
      store,
      marketplace,
      logger,
      now: () => Date.now(),
      defaultLocale: options.defaultLocale ?? "en",
      publicUrl: options.publicUrl ?? "https://bot.example.test",
    };
    deps = options.extendDeps ? options.extendDeps(base) : base;
    bot = createBot(tg.token, deps, { apiRoot: tg.apiRoot, botInfo: tg.botInfo }).bot;
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
    dbPath,
    logs,
    givenUserWithKey(userId, input = {}) {
      const { accountId } = sandbox.control.createAccount({ trx: input.trx ?? "1000" });
      const { key } = sandbox.control.createKey(accountId, { scope: input.scope ?? "purchase", dailyLimitTrx: input.dailyLimitTrx });
      store.users.ensure(userId, userId);
      const row = store.apiKeys.add(userId, { apiKey: key, label: input.label ?? "main" });
      return { accountId, apiKey: key, keyId: row.id };
    },
    async restart() {
      await stopRunner(runner);
      store.close();
      store = createStore(dbPath, sealer);
      boot();
    },
    async stop() {
      await stopRunner(runner);
      await marketplace.close();
      store.close();
      await tg.stop();
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
