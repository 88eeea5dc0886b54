/** The baseline: a bare grammY bot answering /start with a keyboard and /help with text, Bot API answered in-process. */
import { Bot, InlineKeyboard } from "grammy";
import { BENCH_BOT_INFO, localBotApiResult } from "./updates.js";

export function createBareBot(): Bot {
  const bot = new Bot("42:BENCH-token-for-the-update-pipeline", { botInfo: BENCH_BOT_INFO });
  bot.api.config.use((_prev, method, payload) => Promise.resolve({ ok: true, result: localBotApiResult(method, payload) } as never));
  bot.command("start", (ctx) =>
    ctx.reply(`Hi, ${ctx.from?.first_name}! Buy energy or check your balance.`, {
      reply_markup: new InlineKeyboard().text("Buy energy", "buy:start").text("Balance", "bal:show"),
    }),
  );
  bot.command("help", (ctx) => ctx.reply("Commands:\n/start — menu\n/buy — buy energy\n/balance — your balance\n/check — check an address"));
  return bot;
}
