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
import { ONE_TRANSFER, TRANSFER_PRESETS } from "../../src/orders/presets.js";

const token = process.env.BOT_TOKEN!;
const keys = new Map(Object.entries(JSON.parse(readFileSync(process.env.KEYS_FILE!, "utf8")) as Record<string, string>));
// the bot's own setting and default
const marketplace = new Pool(process.env.MARKETPLACE_URL!, { connections: Number(process.env.MARKETPLACE_MAX_CONNECTIONS ?? 512) });
const bot = new Bot(token, { client: { apiRoot: process.env.TELEGRAM_API_ROOT! } });

/** One marketplace GET, with the chat's key when it has one, its JSON read as the real client reads it. */
async function get(key: string | undefined, path: string): Promise<unknown> {
  const { body } = await marketplace.request({ method: "GET", path: `/api/v1${path}`, headers: key ? { "x-api-key": key } : {} });
  return body.json();
}

/**
 * What the bot keeps for a minute per key (the order options, each preset's price): asked once in
 * that time, a repeat meanwhile sharing the request under way, as the bot's caches do.
 */
const cached = new Map<string, { at: number; value: Promise<unknown> }>();
function getCached(key: string, path: string): Promise<unknown> {
  const hit = cached.get(`${key}${path}`);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const value = get(key, path);
  cached.set(`${key}${path}`, { at: Date.now(), value });
  return value;
}

/** The preview of `volume` energy for `days`, as the bot prices a preset or the runway. */
const previewPath = (volume: bigint, days: string, target?: string) => `/orders/preview?resource=energy&volume=${volume}&days=${days}${target ? `&target=${target}` : ""}`;

/**
 * The preset prices of an address card (each transfer preset for 1 hour and 1 day, the sandbox's
 * common durations), after the order options, as loadPresets asks.
 */
async function presetPrices(key: string, address: string): Promise<unknown> {
  await getCached(key, "/orders/options");
  const paths = TRANSFER_PRESETS.flatMap((preset) => ["1h", "1d"].map((days) => previewPath(preset.volume, days, address)));
  return Promise.all(paths.map((path) => getCached(key, path)));
}

/** The check of an address (a public call) and, for a keyed user, its preset prices, asked together. */
async function addressCard(key: string | undefined, address: string): Promise<void> {
  await Promise.all([get(undefined, `/address-checker?address=${address}`), key ? presetPrices(key, address) : undefined]);
}

/** The promise's value if it settles within `ms`, else undefined (as the balance card's `within`). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

const start = new InlineKeyboard().text("Buy energy", "buy").text("Balance", "bal");
const resources = new InlineKeyboard().text("Energy", "res:energy").text("Bandwidth", "res:bandwidth");
const cancel = new InlineKeyboard().text("Cancel", "cancel");
/** The chat's open flow and the message it edits in place (the /buy and /check prompts). */
const flows = new Map<number, { kind: "buy" | "check"; messageId: number }>();

/**
 * The balance card as the bot shows it (src/bot/features/balance/index.ts, RUNWAY_WAIT): the
 * balance, the rules and the runway's price (after the order options) asked at once; the card goes
 * out with the balance, and a runway that comes later, within 500 ms of the command, is added to it
 * in place. A tap is answered once the card is out.
 */
async function balanceCard(ctx: Context, key: string | undefined): Promise<void> {
  if (!key) {
    await ctx.reply("Add a key first.");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    return;
  }
  const started = Date.now();
  const balance = get(key, "/wallet/balance");
  // never rejects, as readRunway: a part that cannot be had is left out
  const runway = Promise.allSettled([get(key, "/automations"), getCached(key, "/orders/options").then(() => getCached(key, previewPath(ONE_TRANSFER.volume, "1h")))]);
  await balance;
  const early = await within(runway, 25);
  const sent = await ctx.reply("Balance: 1000 TRX", { reply_markup: start });
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  if (early === undefined && (await within(runway, Math.max(0, started + 500 - Date.now()))) !== undefined) {
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
  await addressCard(key, argument ?? text);
  if (!flow) return void (await ctx.reply(`Checked ${argument ?? text}`, { reply_markup: start }));
  // the check ends with its answer (its buttons gone); the purchase goes on to its preview
  if (flow.kind === "check") flows.delete(ctx.chat.id);
  await ctx.api.editMessageText(ctx.chat.id, flow.messageId, `Checked ${text}`, flow.kind === "buy" ? { reply_markup: cancel } : {});
});

bot.on("callback_query:data", async (ctx) => {
  const { data } = ctx.callbackQuery;
  // the balance card answers its tap itself, once the card is out
  if (data === "bal") return balanceCard(ctx, keys.get(String(ctx.chat!.id)));
  if (data.startsWith("res:")) await ctx.editMessageText("Send the address.", { reply_markup: cancel });
  await ctx.answerCallbackQuery();
});
await serveBareWebhook(bot);
