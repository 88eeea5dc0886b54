/**
 * The whole bot built with `createBot` (SQLite store and sessions, i18n, the real features), with
 * Bot API calls answered in-process, the same way as for the bare grammY baseline, so Telegram is
 * not what is measured. Only the public entry point (`createBot`) is used, never a feature module.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createSealer } from "../../src/store/secrets.js";
import { openStore, type Store } from "../../src/store/index.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { createLogger } from "../../src/logger.js";
import { createPriceCache } from "../../src/orders/price-cache.js";
import { createBot } from "../../src/bot/index.js";
import { BENCH_BOT_INFO, localBotApiResult } from "./updates.js";

export const LOCAL_BOT_TOKEN = "42:BENCH-token-for-the-update-pipeline";

export interface LocalBot {
  bot: ReturnType<typeof createBot>["bot"];
  store: Store;
  /** A function property (not a method): callers destructure it. */
  close: () => Promise<void>;
}

export async function createLocalBot(): Promise<LocalBot> {
  // Conversations rebuild ctx.api without the bot's transformers (only the client options carry
  // over), so calls made inside a conversation reach this local responder through apiRoot.
  const responder = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const method = (req.url ?? "").split("/").at(-1) ?? "";
      const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, result: localBotApiResult(method, payload) }));
    });
  });
  await new Promise<void>((resolve) => responder.listen(0, "127.0.0.1", resolve));
  const apiRoot = `http://127.0.0.1:${(responder.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), "bench-bot-"));
  const store = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
  const marketplace = createMarketplace({ baseUrl: "http://127.0.0.1:9" });
  const { bot } = createBot(
    LOCAL_BOT_TOKEN,
    { store, marketplace, logger: createLogger({ level: "silent" }), now: Date.now, prices: createPriceCache(Date.now), defaultLocale: "en" },
    { botInfo: BENCH_BOT_INFO, apiRoot },
  );
  bot.api.config.use((_prev, method, payload) => Promise.resolve({ ok: true, result: localBotApiResult(method, payload) } as never));
  return {
    bot,
    store,
    close: async () => {
      await store.close();
      await new Promise<void>((resolve) => responder.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
