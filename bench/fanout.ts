/**
 * Benchmark 3: 3,000 notices for 1,000 chats through the outbox and its paced sender, into the fake
 * Bot API enforcing 30 messages a second overall and one a second per chat (429 beyond that).
 * Reports the achieved rate against the 30/s ceiling, notices lost, duplicates and 429s received.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { startFakeBotApi } from "../src/dev/telegram-fake/fake-bot-api.js";
import { createSealer } from "../src/store/secrets.js";
import { openStore } from "../src/store/index.js";
import { createLogger } from "../src/logger.js";
import { createSender, createSenderApi } from "../src/notices/sender.js";

export interface FanoutFigures {
  notices: number;
  chats: number;
  seconds: number;
  rate: number;
  delivered: number;
  lost: number;
  duplicates: number;
  tooManyRequests: number;
  outOfOrderChats: number;
}

export async function benchFanout(notices = 3_000, chats = 1_000): Promise<FanoutFigures> {
  const token = "777:BENCH-fanout-token-abcdefghijklmnop";
  const tg = await startFakeBotApi({ token, rateLimit: { globalPerSecond: 30, perChatPerSecond: 1 } });
  const dir = mkdtempSync(join(tmpdir(), "bench-fanout-"));
  const store = await openStore({ databasePath: join(dir, "bot.db") }, createSealer([randomBytes(32)]));
  for (let i = 0; i < notices; i++) {
    const chatId = 10_000 + (i % chats);
    await store.outbox.enqueue({ chatId, dedupeKey: `bench:${i}`, text: `Notice ${i} for chat ${chatId}` });
  }
  const sender = createSender({ store, api: createSenderApi(token, tg.apiRoot), logger: createLogger({ level: "silent" }) });
  const started = performance.now();
  await sender.start();
  await sender.drain(notices * 1_000);
  const seconds = (performance.now() - started) / 1000;
  await sender.stop();

  const sends = tg.callsOf("sendMessage");
  const ok = sends.filter((c) => (c.response as { ok?: boolean }).ok === true);
  const texts = ok.map((c) => String(c.payload.text));
  const unique = new Set(texts);
  // per chat, notices must arrive in the order they were enqueued
  const lastIndex = new Map<number, number>();
  const outOfOrder = new Set<number>();
  for (const text of texts) {
    const [, index, chat] = /^Notice (\d+) for chat (\d+)$/.exec(text) ?? [];
    const n = Number(index);
    const c = Number(chat);
    if ((lastIndex.get(c) ?? -1) > n) outOfOrder.add(c);
    lastIndex.set(c, n);
  }
  const figures: FanoutFigures = {
    notices,
    chats,
    seconds,
    rate: unique.size / seconds,
    delivered: unique.size,
    lost: notices - unique.size,
    duplicates: texts.length - unique.size,
    tooManyRequests: sends.filter((c) => (c.response as { error_code?: number }).error_code === 429).length,
    outOfOrderChats: outOfOrder.size,
  };
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  await tg.stop();
  return figures;
}
