/**
 * Telegram delivers an update again when it got no answer in time; behind a load balancer the
 * second delivery can reach another replica. Two bots over one store, each behind its own webhook
 * endpoint, get the same update: it is handled once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { request } from "undici";
import type { Update } from "grammy/types";
import { startFakeBotApi, type FakeBotApi } from "../../src/telegram-fake/fake-bot-api.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { createLogger } from "../../src/logger.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { createBot } from "../../src/bot/index.js";
import { createHttpApp, startHttpServer, type HttpServer } from "../../src/events/http-server.js";
import { telegramSecretToken, telegramWebhookPath, telegramWebhookRoute } from "../../src/events/telegram-webhook.js";
import type { MarkProcessed } from "../../src/bot/middlewares/once-per-update.js";

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function replica(tg: FakeBotApi, store: Store, markProcessed: MarkProcessed): Promise<HttpServer> {
  const marketplace = createMarketplace({ baseUrl: "http://127.0.0.1:9" });
  cleanup.push(() => marketplace.close());
  const now = () => Date.now();
  const deps = { store, marketplace, logger: createLogger({ level: "silent" }), now, prices: createPriceCache(now), defaultLocale: "en" as const };
  const { bot } = createBot(tg.token, deps, { apiRoot: tg.apiRoot, botInfo: tg.botInfo, markProcessed });
  await bot.init();
  const server = await startHttpServer(createHttpApp({ healthy: () => true }), "127.0.0.1", 0, [
    { path: telegramWebhookPath(tg.token), handle: telegramWebhookRoute(bot, telegramSecretToken(tg.token)) },
  ]);
  cleanup.push(() => server.close());
  return server;
}

async function deliver(server: HttpServer, tg: FakeBotApi, update: Update): Promise<number> {
  const res = await request(`${server.url}${telegramWebhookPath(tg.token)}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramSecretToken(tg.token) },
    body: JSON.stringify(update),
  });
  await res.body.text();
  return res.statusCode;
}

it("an update delivered to two replicas (and again to the first) is handled once", async () => {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const dir = mkdtempSync(join(tmpdir(), "redelivery-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
  cleanup.push(() => store.close());
  // the database's processed_updates: the first to record an id wins
  const recorded: number[] = [];
  const markProcessed: MarkProcessed = async (id) => {
    const first = await store.updates.markProcessed(id);
    if (first) recorded.push(id);
    return first;
  };
  const a = await replica(tg, store, markProcessed);
  const b = await replica(tg, store, markProcessed);

  await tg.sendText({ userId: 501, text: "/help" });
  await tg.sendText({ userId: 501, text: "/start" });
  const [help, start] = tg.takeUpdates();
  // Telegram's redeliveries: the same update to the other replica, then to the first again
  expect(await Promise.all([deliver(a, tg, help!), deliver(b, tg, help!)])).toEqual([200, 200]);
  expect(await deliver(a, tg, help!)).toBe(200);
  expect(await deliver(b, tg, start!)).toBe(200);
  expect(await deliver(a, tg, start!)).toBe(200);

  const replies = tg.messages(501).filter((m) => m.from === "bot");
  expect(replies).toHaveLength(2);
  expect(recorded.sort()).toEqual([help!.update_id, start!.update_id].sort());
});
