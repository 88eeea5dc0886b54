/**
 * Shutting down while updates are being handled (a deploy, a replica scaled in). The HTTP server
 * stops taking requests and waits for the updates in flight before the store closes; an update
 * still waiting after the drain time is cut off, and its user is told to send it again instead of
 * "something went wrong" (and no error is logged for it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
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
import { waitUntil } from "../support/wait.js";

const USER = 7701;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A marketplace that holds every request until released, then answers 503 (the bot says it is unavailable). */
async function heldMarketplace(): Promise<{ url: string; received: () => number; release: () => void }> {
  let received = 0;
  const held: Array<() => void> = [];
  let released = false;
  const server: Server = createServer((_req, res) => {
    received++;
    const answer = () => res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "unavailable", message: "down" } }));
    if (released) answer();
    else held.push(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  cleanup.push(() => server.closeAllConnections());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}

async function startBot(tg: FakeBotApi, marketplaceUrl: string) {
  const dir = mkdtempSync(join(tmpdir(), "shutdown-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store: Store = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
  cleanup.push(() => store.close());
  const marketplace = createMarketplace({ baseUrl: marketplaceUrl, retry: { attempts: 1 } });
  cleanup.push(() => marketplace.close());
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  const now = () => Date.now();
  const { bot } = createBot(tg.token, { store, marketplace, logger, now, prices: createPriceCache(now), defaultLocale: "en" }, { apiRoot: tg.apiRoot, botInfo: tg.botInfo });
  await bot.init();
  const server: HttpServer = await startHttpServer(createHttpApp({ healthy: () => true }), "127.0.0.1", 0, [
    { path: telegramWebhookPath(tg.token), handle: telegramWebhookRoute(bot, telegramSecretToken(tg.token)) },
  ]);
  cleanup.push(() => server.close(0));
  const errors = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
  return { store, server, errors };
}

function deliver(server: HttpServer, tg: FakeBotApi, update: Update): Promise<number> {
  return request(`${server.url}${telegramWebhookPath(tg.token)}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramSecretToken(tg.token) },
    body: JSON.stringify(update),
  }).then(
    async (res) => {
      await res.body.text();
      return res.statusCode;
    },
    () => 0, // the connection was closed by the shutdown
  );
}

const botReplies = (tg: FakeBotApi) => tg.messages(USER).filter((m) => m.from === "bot");

it("an update being handled when shutdown begins is finished before the store closes", async () => {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const marketplace = await heldMarketplace();
  const { store, server, errors } = await startBot(tg, marketplace.url);

  await tg.sendText({ userId: USER, text: `/check ${ADDRESS}` });
  const [update] = tg.takeUpdates();
  const answered = deliver(server, tg, update!);
  await waitUntil(() => marketplace.received() > 0);

  // a drain time longer than the test's own timeout: close must return when the update is done
  const closing = server.close(60_000);
  let closed = false;
  void closing.then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false); // still waiting for the update

  marketplace.release();
  expect(await closing).toBe(0);
  expect(await answered).toBe(200);
  expect(botReplies(tg).at(-1)?.text).toMatch(/unavailable|try again/i);
  await store.close();
  expect(errors()).toEqual([]);
});

it("an update still waiting after the drain time is cut off; its user is asked to send it again", async () => {
  const tg = await startFakeBotApi({ deliverWebhook: false });
  cleanup.push(() => tg.stop());
  const marketplace = await heldMarketplace();
  const { store, server, errors } = await startBot(tg, marketplace.url);

  // the chat's second update waits behind the first (one chat's updates run one at a time)
  await tg.sendText({ userId: USER, text: `/check ${ADDRESS}` });
  await tg.sendText({ userId: USER, text: "/help" });
  const [check, help] = tg.takeUpdates();
  void deliver(server, tg, check!);
  await waitUntil(() => marketplace.received() > 0);
  void deliver(server, tg, help!);
  // nothing outside shows an update waiting behind another: give the request time to reach the bot
  await new Promise((resolve) => setTimeout(resolve, 500));

  expect(await server.close(200)).toBe(2);
  await store.close();
  const before = botReplies(tg).length;
  marketplace.release();

  await waitUntil(() => botReplies(tg).some((m) => /restarting/.test(m.text ?? "")));
  const after = botReplies(tg).slice(before);
  expect(after.map((m) => m.text).join("\n")).not.toMatch(/went wrong/);
  expect(errors()).toEqual([]);
});
