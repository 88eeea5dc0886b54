/**
 * The realistic load's baseline: a bare grammY bot in webhook mode, on plain node:http, answering
 * every message with one sendMessage (with two buttons, so the users' taps have something to tap)
 * and every tap with answerCallbackQuery. What the same updates cost over the same HTTP path with
 * no work in between. Sets its webhook (max_connections 100, as the bot does) and prints its URL.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, InlineKeyboard, webhookCallback } from "grammy";

const token = process.env.BOT_TOKEN!;
const bot = new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_ROOT! } });
const keyboard = new InlineKeyboard().text("Buy energy", "buy").text("Balance", "bal");
bot.on("message", (ctx) => ctx.reply("Hi! Buy energy or check your balance.", { reply_markup: keyboard }));
bot.on("callback_query", (ctx) => ctx.answerCallbackQuery());
await bot.init();

const handle = webhookCallback(bot, "http");
const server = createServer((req, res) => {
  handle(req, res).catch(() => res.writeHead(500).end());
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
await bot.api.setWebhook(url, { max_connections: 100 });
console.log(JSON.stringify({ url }));

process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
