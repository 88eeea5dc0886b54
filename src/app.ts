/**
 * The composition root: config → store → marketplace client factory → bot, HTTP server,
 * notices and watchers. `startApp` returns a handle whose `stop` shuts everything down in order.
 */
import { randomUUID } from "node:crypto";
import { rotateSecretsAtStartUp } from "./store/rotation.js";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { createSealer } from "./store/secrets.js";
import { openStore } from "./store/index.js";
import { createMarketplace, INTERACTIVE } from "./marketplace/index.js";
import type { Sandbox } from "./dev/sandbox/index.js";
import { createBot } from "./bot/index.js";
import type { DemoKeys } from "./bot/context.js";
import { publishCommands } from "./bot/commands.js";
import { pollingDuty } from "./bot/polling.js";
import { lockDatabaseFile } from "./store/instance-lock.js";
import { createHttpApp, DRAIN_MS, receiverRoute, startHttpServer, telegramSecretToken, telegramWebhookPath, telegramWebhookRoute, type RawPostRoute } from "./http/index.js";
import { createInbox, handleWithBot, updateKind } from "./inbox/index.js";
import { createMetrics } from "./metrics/index.js";
import { tapOvertakes } from "./bot/ui/feedback.js";
import type { Update, UserFromGetMe } from "grammy/types";
import { createEventBacklog } from "./events/backlog.js";
import { createNotifier } from "./notices/notifier.js";
import { createNoticeTranslator } from "./notices/translations.js";
import { createSender, createSenderApi } from "./notices/sender.js";
import { createBotApiHttp } from "./telegram/bot-api-http.js";
import { createNoticeChatGuard } from "./notices/notice-chats.js";
import { createAnnouncer } from "./notices/announcer.js";
import { createWatchers } from "./watch/index.js";
import { replicationFor } from "./cluster/replication.js";
import { leaderDuties, senderDuty, type Duty } from "./cluster/duties.js";
import { housekeepingDuty } from "./cluster/housekeeping.js";
import { createPriceCache } from "./orders/price-cache.js";

export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "my_chat_member"] as const;

export interface App {
  httpUrl: string;
  marketplaceUrl: string;
  stop(): Promise<void>;
}

/**
 * Lines for the operator, outside the JSON log (which is for machines): the embedded sandbox's demo
 * keys. Standard output unless the caller takes them.
 */
export type Print = (text: string) => void;
const toStdout: Print = (text) => void process.stdout.write(`${text}\n`);

/** The embedded sandbox's demo keys as a block a person can read and copy from. */
export function demoKeysBlock(keys: { read: string; purchase: string; full: string }): string {
  return [
    "",
    "Sandbox demo account (simulated marketplace, no real TRX). Add one of these keys in the bot with /key:",
    `  read      ${keys.read}`,
    `  purchase  ${keys.purchase}`,
    `  full      ${keys.full}   (also sets up /webhook)`,
    "",
  ].join("\n");
}

export interface StartOptions {
  botInfo?: UserFromGetMe;
  print?: Print;
  /** The embedded sandbox when the caller started it to drive its controls (the playground); the caller stops it. */
  sandbox?: Sandbox;
  /** Told when the app cannot go on by itself (Telegram refused polling: 401, 409); main stops the process. */
  onFatal?: (reason: string) => void;
}

export async function startApp(config: Config, logger: Logger, options: StartOptions = {}): Promise<App> {
  const print = options.print ?? toStdout;
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
    // one process per SQLite file (a second would poll and send beside this one): refused before
    // the database or Telegram is touched
    if (!config.databaseUrl) cleanup.push(lockDatabaseFile(config.databasePath));
    for (const warning of config.warnings) logger.warn(warning);
    const sealer = createSealer(config.secretsKeys);
    const store = await openStore(config, sealer, {
      onWriteError: (err) => logger.error({ err }, "could not write session or conversation state; retrying"),
      // the inbox marks every update handled in a transaction: the update's state writes ride in it
      rideNextCommit: config.botMode === "webhook",
    });
    cleanup.push(() => store.close());
    await rotateSecretsAtStartUp(store, logger, config.secretsKeys.length - 1);
    // several replicas on PostgreSQL: the election, tick claims, redeliveries, the NOTIFY wake-up
    const replication = replicationFor(store, { instanceId: config.instanceId, botMode: config.botMode, leader: config.leader }, logger);
    if (replication.publisher) {
      const publisher = replication.publisher;
      cleanup.push(() => publisher.close());
    }

    let marketplaceUrl: string;
    let demoKeys: DemoKeys | undefined;
    if (config.marketplaceUrl) {
      marketplaceUrl = config.marketplaceUrl;
    } else {
      let sandbox = options.sandbox;
      if (!sandbox) {
        // loaded only when used: a production bot never carries the simulated marketplace
        const { startSandbox } = await import("./dev/sandbox/index.js");
        const started: Sandbox = await startSandbox({ port: 0, seedDemo: true });
        cleanup.push(() => started.stop());
        sandbox = started;
      }
      marketplaceUrl = sandbox.url;
      logger.warn(
        { sandboxUrl: sandbox.url },
        "MARKETPLACE_URL is not set: running against the built-in SANDBOX, a simulated marketplace with no real TRX",
      );
      if (sandbox.demo) {
        demoKeys = sandbox.demo.keys;
        print(demoKeysBlock(sandbox.demo.keys));
      }
    }
    const embeddedSandbox = !config.marketplaceUrl;
    // Known once the HTTP server listens (after the bot is built): the embedded sandbox delivers webhooks there.
    const local: { url?: string } = {};
    // The chats handled at once (INBOX_CONCURRENCY) share the chat's pool, and one update may ask for
    // several calls at once (a check card: the check and each preset's price); a pool smaller than
    // that demand queues the calls, and a busy hour is then bounded by the pool, not by the CPU.
    // the operator's figures, GET /metrics (one registry per app): only when METRICS_TOKEN is set. Without
    // it nobody can read them, and every update and marketplace call would pay for keeping them.
    const metrics = config.metricsToken ? createMetrics() : undefined;
    const observe = metrics && ((call: { method: string; route: string; outcome: string; seconds: number }) => metrics.marketplaceCall(`${call.method} ${call.route}`, call.outcome, call.seconds));
    const marketplace = createMarketplace({ baseUrl: marketplaceUrl, connections: config.marketplaceMaxConnections, observe });
    cleanup.push(() => marketplace.close());
    // the chat's calls have someone waiting: shorter deadlines than the watchers' (see INTERACTIVE)
    const chatMarketplace = createMarketplace({ baseUrl: marketplaceUrl, connections: config.marketplaceMaxConnections, ...INTERACTIVE, observe });
    cleanup.push(() => chatMarketplace.close());

    // every Bot API call (the bot's, its conversations', the notice sender's) over one client, closed
    // after everything that calls it (cleanup runs in reverse, and those are pushed after this)
    const botApiHttp = createBotApiHttp();
    cleanup.push(() => botApiHttp.close());
    const now = () => Date.now();
    // one price cache for the chat and the watchers: a price shown on a button is the alert's too
    const prices = createPriceCache(now);
    const { bot, i18n } = createBot(
      config.botToken,
      {
        store,
        marketplace: chatMarketplace,
        logger,
        now,
        prices,
        defaultLocale: config.defaultLocale,
        publicUrl: config.publicUrl,
        demoKeys,
        announce: { operatorIds: new Set(config.announce.operatorIds), paidBroadcast: config.announce.paidBroadcast },
        webhooks: {
          scheme: config.webhookSignature.scheme,
          ...(embeddedSandbox ? { sandbox: { localUrl: () => local.url } } : {}),
        },
      },
      // webhook mode: the update inbox hands over one chat's updates one at a time
      { apiRoot: config.telegramApiRoot, fetch: botApiHttp.fetch, botInfo: options.botInfo, markProcessed: replication.markProcessed, sequencedByCaller: config.botMode === "webhook" },
    );

    // Notices have one way out: the outbox, sent by the paced sender, which runs on the leader only
    // (started below with the leader's other duties). An enqueue wakes the sender running here, if
    // any, and the leader wherever it runs (NOTIFY); both once the notice is committed, or the
    // sender would look before the row is visible and sleep until its next poll.
    const currentSender: { wake?: () => void } = {};
    const wakeSenders = () => {
      currentSender.wake?.();
      replication.publisher?.publish();
    };
    const notifier = createNotifier({
      store,
      translator: createNoticeTranslator(config.defaultLocale),
      defaultLocale: config.defaultLocale,
      now,
      onEnqueued: () => store.afterCommit(wakeSenders),
    });

    const webhookPath = telegramWebhookPath(config.botToken);
    const secretToken = telegramSecretToken(config.botToken, config.telegramWebhookSecret);
    // events that arrive while the outbox is full wait in the store; the leader applies them as it drains
    const backlog = createEventBacklog({ store, notifier, logger, now });
    const rawRoutes: RawPostRoute[] = [receiverRoute({ store, notifier, room: backlog.room, signature: config.webhookSignature, logger, now })];
    // Webhook mode: each update is recorded in the inbox and its webhook answered at once; the inbox
    // hands it to the bot (in order per chat) once the bot is initialised, below.
    const inbox =
      config.botMode === "webhook"
        ? createInbox(
            {
              store,
              handle: handleWithBot(bot, logger),
              // a tap behind a slow update is answered at once by the bot ("still working"), not queued
              overtakes: tapOvertakes,
              ...(metrics ? { observe: (update: Update, seconds: number) => metrics.updateHandled(updateKind(update), seconds) } : {}),
              logger,
              owner: `${config.instanceId}/${randomUUID()}`,
              now,
            },
            config.inbox,
          )
        : undefined;
    if (inbox) {
      rawRoutes.push({ path: webhookPath, handle: telegramWebhookRoute(inbox, secretToken, logger) });
      // runs after the HTTP server stopped taking requests (cleanup runs in reverse)
      cleanup.push(() => inbox.stop(DRAIN_MS));
    }

    // ready once this replica's election has begun, the database answers and a leader is known
    // (on PostgreSQL a live leader lease: another replica's, or this one's)
    const readiness = { electionStarted: false };
    const ready = async () => readiness.electionStarted && (await store.ping()) && (await store.leaderKnown().catch(() => false));
    const httpApp = createHttpApp({ ready, ...(metrics && config.metricsToken ? { metrics: { metrics, token: config.metricsToken } } : {}) });
    const http = await startHttpServer(httpApp, config.httpHost, config.httpPort, rawRoutes);
    cleanup.push(async () => {
      const cutOff = await http.close();
      // in webhook mode only marketplace deliveries (delivered again on a 5xx) and webhook answers
      if (cutOff > 0) logger.warn({ cutOff }, "shutdown: requests still being handled after the drain time were cut off");
    });
    // a wildcard listen address is not one to connect to
    local.url = http.url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, "http://127.0.0.1");
    logger.info({ url: http.url }, "HTTP server listening");

    await bot.init();
    void inbox?.start();
    await publishCommands(bot.api, i18n, config.defaultLocale);

    const duties: Duty[] = [
      // a lease owner per term: a replica restarted under the same INSTANCE_ID still releases its old leases
      senderDuty(() => {
        const api = createSenderApi(config.botToken, config.telegramApiRoot, botApiHttp.fetch);
        return createSender({
          store,
          api,
          logger,
          // a user's group or channel for notices: rights checked before each send there (cached briefly)
          noticeChats: createNoticeChatGuard({ store, notifier, api, botId: () => bot.botInfo.id, logger, now }),
          owner: `${config.instanceId}/${randomUUID()}`,
          ...(metrics ? { observe: (outcome: Parameters<typeof metrics.outboxSend>[0], count: number) => metrics.outboxSend(outcome, count) } : {}),
          // announcements made with ANNOUNCE_PAID_BROADCAST: Telegram's paid rate, apart from the ~30/s
          ...(config.announce.paidBroadcast ? { paidPerSecond: 1000 } : {}),
        });
      }, currentSender),
      () => backlog.start(),
      async () => {
        const watchers = createWatchers(
          { store, marketplace, notifier, logger, now, prices, concurrency: config.watch.concurrency },
          config.watch,
          { claimTick: replication.claimTick, ...(metrics ? { observe: (job: string, outcome: "ok" | "failed") => metrics.watcherRun(job, outcome) } : {}) },
        );
        await watchers.start();
        return () => watchers.stop();
      },
      housekeepingDuty(store, logger, now),
      // operators' announcements: enqueued in batches, their progress drawn (src/notices/announcer.ts)
      () => Promise.resolve(createAnnouncer({ store, translator: createNoticeTranslator(config.defaultLocale), defaultLocale: config.defaultLocale, logger, now, onEnqueued: wakeSenders }).start()),
    ];
    if (config.botMode === "webhook") {
      // Each webhook request is answered once its update is recorded (the inbox), so Telegram's
      // default of 40 connections is plenty.
      await bot.api.setWebhook(`${config.publicUrl}${webhookPath}`, {
        secret_token: secretToken,
        allowed_updates: [...ALLOWED_UPDATES],
        max_connections: config.telegramWebhookMaxConnections,
      });
      logger.info({ bot: bot.botInfo.username }, "bot started in webhook mode");
    } else {
      await bot.api.deleteWebhook();
      // Telegram allows one getUpdates consumer: polling is one of the leader's duties
      duties.push(pollingDuty(bot, { allowedUpdates: ALLOWED_UPDATES, logger, onStopped: options.onFatal }));
      logger.info({ bot: bot.botInfo.username }, store.dialect === "pg" ? "bot started in polling mode: this replica polls while it is the leader" : "bot started in polling mode");
    }

    // The leader's duties (the only leader's, on PostgreSQL) stop in reverse: polling, housekeeping,
    // watchers (no new notices), then the sender (finishes its in-flight sends).
    const election = replication.election(leaderDuties(duties, logger));
    await election.start();
    readiness.electionStarted = true;
    metrics?.readFrom({ inbox: inbox ? () => inbox.load() : undefined, outboxDepth: () => store.outbox.pendingCount(), leader: () => election.isLeader() });
    cleanup.push(() => election.stop());

    return { httpUrl: http.url, marketplaceUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
