/** Baseline for the update pipeline: a bare grammY bot answering /start with a keyboard, on node:http. */
import { createServer } from "node:http";
import { Bot, InlineKeyboard, webhookCallback } from "grammy";
import type { AddressInfo } from "node:net";
import { BENCH_BOT_INFO, localBotApiResult } from "../lib/updates.js";

const bot = new Bot("42:BENCH-token-for-the-update-pipeline", { botInfo: BENCH_BOT_INFO });
bot.api.config.use(async (_prev, method, payload) => ({ ok: true, result: localBotApiResult(method, payload as Record<string, unknown>) }) as never);
bot.command("start", (ctx) =>
  ctx.reply(`Hi, ${ctx.from?.first_name}! Buy energy or check your balance.`, {
    reply_markup: new InlineKeyboard().text("Buy energy", "buy:start").text("Balance", "bal:show"),
  }),
);
const secret = "bench-secret-token-123456";
const server = createServer(webhookCallback(bot, "http", { secretToken: secret }));
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, path: "/", secret })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
