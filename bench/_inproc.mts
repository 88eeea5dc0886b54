import { mkdtempSync } from "node:fs"; import { tmpdir } from "node:os"; import { join } from "node:path"; import { randomBytes } from "node:crypto";
import { createSealer } from "../src/store/secrets.js"; import { createStore } from "../src/store/index.js";
import { createMarketplace } from "../src/marketplace/index.js"; import { createLogger } from "../src/logger.js"; import { createBot } from "../src/bot/index.js";
import { BENCH_BOT_INFO, localBotApiResult, startCommandUpdate } from "./lib/updates.js";
import { Bot, InlineKeyboard } from "grammy";
const store = createStore(join(mkdtempSync(join(tmpdir(), "c-")), "b.db"), createSealer([randomBytes(32)]));
const { bot } = createBot("42:BENCH-token-for-the-update-pipeline", { store, marketplace: createMarketplace({ baseUrl: "http://127.0.0.1:9" }), logger: createLogger({ level: "silent" }), now: Date.now, defaultLocale: "en" }, { botInfo: BENCH_BOT_INFO });
bot.api.config.use(async (_p, m, p) => ({ ok: true, result: localBotApiResult(m, p as any) }) as never);
const bare = new Bot("42:BENCH-token-for-the-update-pipeline", { botInfo: BENCH_BOT_INFO });
bare.api.config.use(async (_p, m, p) => ({ ok: true, result: localBotApiResult(m, p as any) }) as never);
bare.command("start", (ctx) => ctx.reply(`Hi, ${ctx.from?.first_name}!`, { reply_markup: new InlineKeyboard().text("Buy", "buy:start").text("Bal", "bal:show") }));
const N = Number(process.argv[2] ?? 20000);
for (const [name, b] of [["bare", bare], ["bot", bot]] as const) {
  for (let i = 0; i < 2000; i++) await b.handleUpdate(JSON.parse(startCommandUpdate(10000)));
  const t = performance.now();
  for (let i = 0; i < N; i++) await b.handleUpdate(JSON.parse(startCommandUpdate(10000)));
  console.log(name, "µs/update", ((performance.now() - t) * 1000 / N).toFixed(1));
}
