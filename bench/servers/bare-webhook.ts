/**
 * The realistic load's baseline: a bare grammY bot in webhook mode, on plain node:http, answering
 * every message with one sendMessage (with two buttons, so the users' taps have something to tap)
 * and every tap with answerCallbackQuery. What the same updates cost over the same HTTP path with
 * no work in between. Sets its webhook (max_connections 40, as the bot does) and prints its URL.
 */
import { Bot, InlineKeyboard } from "grammy";
import { serveBareWebhook } from "../lib/serve-bare-webhook.js";

const token = process.env.BOT_TOKEN!;
const bot = new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_ROOT! } });
const keyboard = new InlineKeyboard().text("Buy energy", "buy").text("Balance", "bal");
bot.on("message", (ctx) => ctx.reply("Hi! Buy energy or check your balance.", { reply_markup: keyboard }));
bot.on("callback_query", (ctx) => ctx.answerCallbackQuery());
await serveBareWebhook(bot);
