/**
 * The realistic load's second baseline: a bare grammY bot that makes the same calls per update as
 * the real bot (the same Bot API methods, the same marketplace requests, at once or one after the
 * other as the bot makes them, and none that the bot's one-minute caches spare) and does nothing
 * else: no store, no sessions, no conversations, no i18n, no parsing beyond JSON. It answers one
 * question: what does the HTTP traffic of this bot's work cost on this machine, whatever the code
 * in between? Which calls each step makes mirrors the real bot's (bench/lib/chat-script.ts names
 * the steps); keep the two in step when a feature's calls change. The load's "calls per update"
 * row shows whether they still are.
 * Webhook on node:http as bare-webhook.ts; reads the keyed chats' API keys from KEYS_FILE.
 */
import { readFileSync } from "node:fs";
import { Bot, InlineKeyboard, type Context } from "grammy";
import { Pool } from "undici";
import { serveBareWebhook } from "../lib/serve-bare-webhook.js";

const token = process.env.BOT_TOKEN!;
const keys = new Map(Object.entries(JSON.parse(readFileSync(process.env.KEYS_FILE!, "utf8")) as Record<string, string>));
// the bot's own setting and default
const marketplace = new Pool(process.env.MARKETPLACE_URL!, { connections: Number(process.env.MARKETPLACE_MAX_CONNECTIONS ?? 128) });
const bot = new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_ROOT! } });

/** One marketplace GET, with the chat's key when it has one, its JSON read as the real client reads it. */
async function get(key: string | undefined, path: string): Promise<unknown> {
  const { body } = await marketplace.request({ method: "GET", path: `/api/v1${path}`, headers: key ? { "x-api-key": key } : {} });
  return body.json();
}

/** What the bot keeps for a minute per key (the order options, each preset's price): asked once in that time. */
const cached = new Map<string, number>();
function getCached(key: string, path: string): Promise<unknown> {
  const at = cached.get(`${key}${path}`);
  if (at !== undefined && Date.now() - at < 60_000) return Promise.resolve(undefined);
  cached.set(`${key}${path}`, Date.now());
  return get(key, path);
}

/** The card of an address: the public check and, for a keyed user, the six priced presets, all at once. */
function addressCard(key: string | undefined, address: string): Promise<unknown[]> {
  const presets = [65_000, 130_000, 131_000].flatMap((volume) => ["1h", "1d"].map((days) => `/orders/preview?resource=energy&volume=${volume}&days=${days}&target=${address}`));
  const checked = get(undefined, `/address-checker?address=${address}`);
  return Promise.all([checked, ...(key ? presets.map((path) => getCached(key, path)) : [])]);
}

/** The promise's value if it settles within `ms`, else undefined. */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

const start = new InlineKeyboard().text("Buy energy", "buy").text("Balance", "bal");
const resources = new InlineKeyboard().text("Energy", "res:energy").text("Bandwidth", "res:bandwidth");
const cancel = new InlineKeyboard().text("Cancel", "cancel");
/** The chat's open flow and the message it edits in place (the /buy and /check prompts). */
const flows = new Map<number, { kind: "buy" | "check"; messageId: number }>();

/**
 * The balance card as the bot shows it: the balance, the rules and the runway's price (after the
 * order options) asked at once; the card goes out with the balance, and a runway that comes later
 * is added to it in place.
 */
async function balanceCard(ctx: Context, key: string | undefined): Promise<void> {
  if (!key) {
    await ctx.reply("Add a key first.");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    return;
  }
  const balance = get(key, "/wallet/balance");
  const runway = Promise.all([get(key, "/automations"), getCached(key, "/orders/options").then(() => getCached(key, "/orders/preview?resource=energy&volume=65000&days=1h"))]);
  await balance;
  const early = await within(runway, 25);
  const sent = await ctx.reply("Balance: 1000 TRX", { reply_markup: start });
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  if (early === undefined && (await within(runway, 500)) !== undefined) {
    await ctx.api.editMessageText(ctx.chat!.id, sent.message_id, "Balance: 1000 TRX, enough for 10 transfers", { reply_markup: start });
  }
}

bot.on("message:text", async (ctx) => {
  const text = ctx.message.text;
  const key = keys.get(String(ctx.chat.id));
  const [command, argument] = text.split(" ");
  if (command === "/start") return void (await ctx.reply("Hi! Buy energy or check your balance.", { reply_markup: start }));
  if (command === "/help") return void (await ctx.reply("Commands: /buy /balance /check"));
  if (command === "/balance") return balanceCard(ctx, key);
  if (command === "/buy" || (command === "/check" && argument === undefined)) {
    const prompt = await ctx.reply(command === "/buy" ? "What do you want to buy?" : "Send the address to check.", { reply_markup: command === "/buy" ? resources : cancel });
    flows.set(ctx.chat.id, { kind: command === "/buy" ? "buy" : "check", messageId: prompt.message_id });
    return;
  }
  if (command === "/cancel") {
    const flow = flows.get(ctx.chat.id);
    flows.delete(ctx.chat.id);
    if (flow) await ctx.api.editMessageReplyMarkup(ctx.chat.id, flow.messageId);
    return void (await ctx.reply("Cancelled."));
  }
  // an address: "/check <address>", or the answer to the open flow's prompt
  const flow = argument === undefined ? flows.get(ctx.chat.id) : undefined;
  if (!flow) void ctx.replyWithChatAction("typing").catch(() => undefined);
  await addressCard(flow?.kind === "check" ? undefined : key, argument ?? text);
  if (!flow) return void (await ctx.reply(`Checked ${argument ?? text}`, { reply_markup: start }));
  // the check ends with its answer; the purchase goes on to its preview
  if (flow.kind === "check") flows.delete(ctx.chat.id);
  await ctx.api.editMessageText(ctx.chat.id, flow.messageId, `Checked ${text}`, { reply_markup: cancel });
});

bot.on("callback_query:data", async (ctx) => {
  if (ctx.callbackQuery.data.startsWith("res:")) {
    await ctx.editMessageText("Send the address.", { reply_markup: cancel });
    await ctx.answerCallbackQuery();
    return;
  }
  await balanceCard(ctx, keys.get(String(ctx.chat!.id)));
});
await serveBareWebhook(bot);
