/**
 * The composition root: config → store → marketplace client factory → bot, HTTP server,
 * notices and watchers. `startApp` returns a handle whose `stop` shuts everything down in order.
 */
import { rotateSecretsAtStartUp } from "./store/rotation.js";
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { createSealer } from "./store/secrets.js";
import { createStore } from "./store/index.js";
import { createMarketplace, INTERACTIVE } from "./marketplace/index.js";
import type { Sandbox } from "./sandbox/index.js";
import { createBot } from "./bot/index.js";
import { publishCommands } from "./bot/commands.js";
import { stopRunner } from "./bot/stop-runner.js";
import { createHttpApp, startHttpServer, type RawPostRoute } from "./events/http-server.js";
import { telegramWebhookRoute, telegramSecretToken, telegramWebhookPath } from "./events/telegram-webhook.js";
import type { UserFromGetMe } from "grammy/types";
import { receiverRoute } from "./events/receiver.js";
import { createNotifier } from "./notices/notifier.js";
import { createNoticeTranslator } from "./notices/translations.js";
import { createSender, createSenderApi } from "./notices/sender.js";
import { createWatchers } from "./watch/index.js";

export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "my_chat_member"] as const;

export interface App {
  httpUrl: string;
  marketplaceUrl: string;
  stop(): Promise<void>;
}

export async function startApp(config: Config, logger: Logger, options: { botInfo?: UserFromGetMe } = {}): Promise<App> {
  const cleanup: Array<() => unknown> = [];
  const stop = async () => {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        logger.warn({ err }, "shutdown step failed");
      }
    }
  };

  try {
    for (const warning of config.warnings) logger.warn(warning);
    const sealer = createSealer(config.secretsKeys);
    const store = createStore(config.databasePath, sealer, {
      onWriteError: (err) => logger.error({ err }, "could not write session or conversation state; retrying"),
    });
    cleanup.push(() => store.close());
    rotateSecretsAtStartUp(store, logger, config.secretsKeys.length - 1);

    let marketplaceUrl: string;
    if (config.marketplaceUrl) {
      marketplaceUrl = config.marketplaceUrl;
    } else {
      // loaded only when used: a production bot never carries the simulated marketplace
      const { startSandbox } = await import("./sandbox/index.js");
      const sandbox: Sandbox = await startSandbox({ port: 0, seedDemo: true });
      cleanup.push(() => sandbox.stop());
      marketplaceUrl = sandbox.url;
      logger.warn(
        { sandboxUrl: sandbox.url },
        "MARKETPLACE_URL is not set: running against the built-in SANDBOX, a simulated marketplace with no real TRX",
      );
      if (sandbox.demo) {
        const k = sandbox.demo.keys;
        logger.info(`sandbox demo account: add one of these keys with /key — read ${k.read} · purchase ${k.purchase} · full ${k.full}`);
      }
    }
    // Each update in flight waits on at most one marketplace call at a time; a pool smaller than the
    // webhook's max_connections (the client's default is 32) would queue them behind each other.
    const marketplace = createMarketplace({ baseUrl: marketplaceUrl, connections: config.marketplaceMaxConnections });
    cleanup.push(() => marketplace.close());
    // the chat's calls have someone waiting: shorter deadlines than the watchers' (see INTERACTIVE)
    const chatMarketplace = createMarketplace({ baseUrl: marketplaceUrl, connections: config.marketplaceMaxConnections, ...INTERACTIVE });
    cleanup.push(() => chatMarketplace.close());

    const now = () => Date.now();
    const { bot, i18n } = createBot(
      config.botToken,
      {
        store,
        marketplace: chatMarketplace,
        logger,
        now,
        defaultLocale: config.defaultLocale,
        publicUrl: config.publicUrl,
        webhooks: { scheme: config.webhookSignature.scheme },
      },
      { apiRoot: config.telegramApiRoot, botInfo: options.botInfo },
    );

    // Notices have one way out: the outbox, sent by the paced sender (started once the bot is up).
    const sender = createSender({ store, api: createSenderApi(config.botToken, config.telegramApiRoot), logger });
    const notifier = createNotifier({ store, translator: createNoticeTranslator(config.defaultLocale), defaultLocale: config.defaultLocale, now, onEnqueued: () => sender.wake() });

    const webhookPath = telegramWebhookPath(config.botToken);
    const secretToken = telegramSecretToken(config.botToken, config.telegramWebhookSecret);
    const rawRoutes: RawPostRoute[] = [receiverRoute({ store, notifier, signature: config.webhookSignature, logger, now })];
    if (config.botMode === "webhook") rawRoutes.push({ path: webhookPath, handle: telegramWebhookRoute(bot, secretToken) });

    const http = await startHttpServer(createHttpApp({ healthy: () => store.ping() }), config.httpHost, config.httpPort, rawRoutes);
    cleanup.push(() => http.close());
    logger.info({ url: http.url }, "HTTP server listening");

    await bot.init();
    await publishCommands(bot.api, i18n, config.defaultLocale);

    if (config.botMode === "webhook") {
      // Each webhook request is held until its update is handled (the handlers await their Bot API
      // and marketplace calls), so throughput is at most max_connections ÷ the time per update;
      // Telegram's default of 40 would cap the bot well below what one process can handle.
      await bot.api.setWebhook(`${config.publicUrl}${webhookPath}`, {
        secret_token: secretToken,
        allowed_updates: [...ALLOWED_UPDATES],
        max_connections: config.telegramWebhookMaxConnections,
      });
      logger.info({ bot: bot.botInfo.username }, "bot started in webhook mode");
    } else {
      await bot.api.deleteWebhook();
      const runner: RunnerHandle = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
      cleanup.push(() => stopRunner(runner));
      logger.info({ bot: bot.botInfo.username }, "bot started in polling mode");
    }

    // Stopped in reverse: watchers first (no new notices), then the sender (finishes its in-flight sends).
    sender.start();
    cleanup.push(() => sender.stop());
    const watchers = createWatchers({ store, marketplace, notifier, logger, now, concurrency: config.watch.concurrency }, config.watch);
    await watchers.start();
    cleanup.push(() => watchers.stop());

    return { httpUrl: http.url, marketplaceUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
