/**
 * The bot in webhook mode as startApp wires it, in process: a store, the real bot (createBot), the
 * update inbox and its webhook route on a loopback HTTP server. `deliver` posts an update as Telegram
 * does; `handled` lists the update ids in the order the inbox handed them to the bot.
 */
import { randomUUID } from "node:crypto";
import { request } from "undici";
import type { Update } from "grammy/types";
import type { FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { openStore, type Store, type StoreLocation } from "../../src/store/index.js";
import type { Sealer } from "../../src/store/secrets.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { capturedLogger } from "./captured-logger.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { createBot } from "../../src/bot/index.js";
import { tapOvertakes } from "../../src/bot/ui/feedback.js";
import { createHttpApp, startHttpServer, telegramSecretToken, telegramWebhookPath, telegramWebhookRoute, type HttpServer } from "../../src/http/index.js";
import { createInbox, handleWithBot, type Inbox, type InboxSettings } from "../../src/inbox/index.js";
import type { InboxStore } from "../../src/inbox/inbox.js";

export interface InboxBot {
  name: string;
  store: Store;
  inbox: Inbox;
  server: HttpServer;
  /** Update ids in the order they were handed to the bot. */
  handled: number[];
  /** JSON log lines. */
  logs: string[];
  /** POSTs `update` to the webhook as Telegram does; resolves with the status (0: no answer). */
  deliver(update: Update): Promise<number>;
  /** Graceful stop: the server, then the inbox (draining up to `drainMs`), then the store. */
  stop(drainMs?: number): Promise<void>;
}

export interface InboxBotOptions {
  name?: string;
  tg: FakeBotApi;
  /** The Bot API root the bot calls (a proxy in front of the fake, say); default the fake's. */
  apiRoot?: string;
  location: StoreLocation;
  sealer: Sealer;
  marketplaceUrl?: string;
  settings?: Partial<InboxSettings>;
  /** Wraps the store the inbox records in (a failing database, say). */
  inboxStore?: (store: Store) => InboxStore;
}

export async function startInboxBot(options: InboxBotOptions): Promise<InboxBot> {
  const { tg } = options;
  const name = options.name ?? "bot";
  const { logger, logs } = capturedLogger([tg.token]);
  // as startApp opens it in webhook mode: the chats' state writes ride the inbox's commits
  const store = await openStore(options.location, options.sealer, { rideNextCommit: true });
  const marketplace = createMarketplace({ baseUrl: options.marketplaceUrl ?? "http://127.0.0.1:9", retry: { attempts: 1 } });
  const now = () => Date.now();
  const { bot } = createBot(tg.token, { store, marketplace, logger, now, prices: createPriceCache(now), defaultLocale: "en" }, { apiRoot: options.apiRoot ?? tg.apiRoot, botInfo: tg.botInfo, sequencedByCaller: true });
  const handled: number[] = [];
  const handle = handleWithBot(bot, logger);
  const inbox = createInbox(
    {
      store: options.inboxStore ? options.inboxStore(store) : store,
      handle: (update) => {
        handled.push(update.update_id);
        return handle(update);
      },
      overtakes: tapOvertakes,
      logger,
      owner: `${name}/${randomUUID()}`,
    },
    { maxBacklog: 1000, concurrency: 64, sweepMs: 200, leaseMs: 1500, ...options.settings },
  );
  const path = telegramWebhookPath(tg.token);
  const server = await startHttpServer(createHttpApp({ ready: () => true }), "127.0.0.1", 0, [{ path, handle: telegramWebhookRoute(inbox, telegramSecretToken(tg.token), logger) }]);
  await bot.init();
  await inbox.start();

  let stopping: Promise<void> | undefined;
  return {
    name,
    store,
    inbox,
    server,
    handled,
    logs,
    deliver: (update) =>
      request(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramSecretToken(tg.token) },
        body: JSON.stringify(update),
      }).then(
        async (res) => {
          await res.body.text();
          return res.statusCode;
        },
        () => 0,
      ),
    stop(drainMs = 5_000) {
      stopping ??= (async () => {
        await server.close(0);
        await inbox.stop(drainMs);
        await store.close();
        // a marketplace call cut off by the drain time keeps its connection until it is answered
        void marketplace.close().catch(() => undefined);
      })();
      return stopping;
    },
  };
}

/** The JSON log lines at `level` (pino: 40 warn, 50 error) or above. */
export function logLines(logs: string[], level: number): Array<{ level: number; msg: string }> {
  return logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= level);
}
