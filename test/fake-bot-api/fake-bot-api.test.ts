import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { Bot, GrammyError, InlineKeyboard, InputFile, Keyboard, webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import type { FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { waitUntil } from "../support/wait.js";

let api: FakeBotApi;

beforeAll(async () => {
  api = await startFakeBotApi();
});
afterAll(async () => {
  await api.stop();
});
beforeEach(() => {
  api.reset();
});

function makeBot(clientExtra: { canUseWebhookReply?: (method: string) => boolean } = {}): Bot {
  return new Bot(api.token, { client: { apiRoot: api.apiRoot, ...clientExtra }, botInfo: api.botInfo });
}

/** Starts long polling; returns a function that stops the bot and waits for the loop to end. */
function startPolling(bot: Bot): () => Promise<void> {
  bot.catch((err) => console.error("bot error", err.error));
  const running = bot.start();
  return async () => {
    await bot.stop();
    await running;
  };
}

interface ApiResponse {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

async function raw(method: string, body?: Record<string, unknown>, token = api.token, root = api.apiRoot): Promise<ApiResponse> {
  const res = await fetch(`${root}/bot${token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return (await res.json()) as ApiResponse;
}

async function apiError(promise: Promise<unknown>): Promise<GrammyError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof GrammyError)) throw new Error(`expected a GrammyError, got ${String(err)}`);
  return err;
}

/** A PNG signature + IHDR chunk (enough for the size sniffing) followed by random bytes. */
function fakePng(width: number, height: number, extra = 4096): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32BE(0x89504e47, 0);
  header.writeUInt32BE(0x0d0a1a0a, 4);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "ascii");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, randomBytes(extra)]);
}

describe("basics", () => {
  it("getMe, wrong token, unknown method, urlencoded and query-string bodies", async () => {
    const bot = makeBot();
    expect(await bot.api.getMe()).toEqual(api.botInfo);
    expect(api.botInfo).toMatchObject({ id: 123456, is_bot: true, username: "energy_test_bot", supports_inline_queries: true });

    expect(await raw("getMe", {}, "999:WRONG")).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    const wrongBot = new Bot("999:WRONG", { client: { apiRoot: api.apiRoot }, botInfo: api.botInfo });
    expect((await apiError(wrongBot.api.getMe())).error_code).toBe(401);

    expect(await raw("sendDice", { chat_id: 1 })).toEqual({ ok: false, error_code: 404, description: "Not Found: method not found" });
    expect(api.callsOf("sendDice")).toHaveLength(1);

    const form = new URLSearchParams({
      chat_id: "5",
      text: "hello",
      reply_markup: JSON.stringify({ inline_keyboard: [[{ text: "Go", callback_data: "go" }]] }),
    });
    const res = await fetch(`${api.apiRoot}/bot${api.token}/sendMessage`, { method: "POST", body: form });
    expect(((await res.json()) as ApiResponse).ok).toBe(true);
    expect(api.callsOf("sendMessage")[0]?.payload).toMatchObject({ chat_id: 5, reply_markup: { inline_keyboard: [[{ text: "Go" }]] } });
    expect(api.buttons(5)).toEqual([{ text: "Go", callbackData: "go" }]);

    const viaQuery = await fetch(`${api.apiRoot}/bot${api.token}/getMyCommands?language_code=ru`);
    expect(await viaQuery.json()).toEqual({ ok: true, result: [] });
  });

  it("commands, chat actions and reset", async () => {
    const bot = makeBot();
    await bot.api.setMyCommands([{ command: "start", description: "Start" }], { language_code: "ru" });
    expect(await bot.api.getMyCommands({ language_code: "ru" })).toEqual([{ command: "start", description: "Start" }]);
    expect(await bot.api.getMyCommands()).toEqual([]);
    expect((await apiError(bot.api.setMyCommands([{ command: "Bad Command", description: "x" }]))).description).toBe(
      "Bad Request: BOT_COMMAND_INVALID",
    );
    await bot.api.deleteMyCommands({ language_code: "ru" });
    expect(await bot.api.getMyCommands({ language_code: "ru" })).toEqual([]);

    expect(await bot.api.sendChatAction(3, "typing")).toBe(true);
    expect((await apiError(bot.api.sendChatAction(3, "dancing" as "typing"))).error_code).toBe(400);

    api.reset();
    expect(api.calls).toHaveLength(0);
    expect(await bot.api.getMyCommands({ language_code: "ru" })).toEqual([]);
  });
});

describe("long polling with a real grammY bot", () => {
  it("/start gets a reply; tapping a button answers the callback and edits the message", async () => {
    const bot = makeBot();
    bot.command("start", (ctx) =>
      ctx.reply(`<b>Welcome</b>, ${ctx.from?.first_name ?? "?"} (${ctx.from?.language_code ?? "?"})`, {
        parse_mode: "HTML",
        reply_markup: new InlineKeyboard().text("Buy energy", "buy").url("Docs", "https://example.com"),
      }),
    );
    bot.callbackQuery("buy", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Processing" });
      await ctx.editMessageText("Bought 65000 energy");
    });
    const stopBot = startPolling(bot);
    try {
      const { messageId: userMessageId } = await api.sendText({ userId: 42, text: "/start", firstName: "Alice", languageCode: "ru" });
      const reply = await api.waitForCall("sendMessage");
      expect(reply.payload).toMatchObject({ chat_id: 42, parse_mode: "HTML" });

      const last = api.lastBotMessage(42);
      expect(last).toMatchObject({ text: "Welcome, Alice (ru)", deleted: false, editedCount: 0 });
      expect(last?.messageId).toBe(userMessageId + 1);
      expect(api.rawMessage(42, userMessageId + 1)?.entities).toEqual([{ type: "bold", offset: 0, length: 7 }]);
      expect(api.buttons(42)).toEqual([
        { text: "Buy energy", callbackData: "buy" },
        { text: "Docs", url: "https://example.com" },
      ]);
      await expect(api.tapButton({ userId: 42, text: "Docs" })).rejects.toThrow(/has no callback_data/);
      await expect(api.tapButton({ userId: 42, text: "Sell" })).rejects.toThrow(/available: \["Buy energy","Docs"\]/);

      const { callbackQueryId } = await api.tapButton({ userId: 42, text: /buy/i });
      const answer = await api.waitForCall("answerCallbackQuery");
      expect(answer.payload).toMatchObject({ callback_query_id: callbackQueryId, text: "Processing" });
      expect(answer.response).toEqual({ ok: true, result: true });
      const edit = await api.waitForCall("editMessageText");
      expect(edit.payload).toMatchObject({ chat_id: 42, message_id: userMessageId + 1 });

      expect(api.messages(42)).toEqual([
        { messageId: userMessageId, from: "user", text: "/start", deleted: false, editedCount: 0 },
        { messageId: userMessageId + 1, from: "bot", text: "Bought 65000 energy", deleted: false, editedCount: 1 },
      ]);
      expect(api.buttons(42)).toEqual([]); // editMessageText without reply_markup removes the keyboard
    } finally {
      await stopBot();
    }
    expect(api.pendingUpdates()).toBe(0); // bot.stop() confirmed the last offset
  });

  it("the bot can delete a user's message; inline queries and my_chat_member arrive", async () => {
    const bot = makeBot();
    const memberStatuses: string[] = [];
    bot.on("message:text", async (ctx) => {
      if (ctx.message.text.startsWith("key:")) {
        await ctx.deleteMessage();
        await ctx.reply("I deleted your private key, never share it.");
      }
    });
    bot.on("inline_query", (ctx) =>
      ctx.answerInlineQuery([
        { type: "article", id: "a1", title: "Price", input_message_content: { message_text: "<b>1 TRX</b>", parse_mode: "HTML" } },
      ]),
    );
    bot.on("my_chat_member", (ctx) => {
      memberStatuses.push(ctx.myChatMember.new_chat_member.status);
    });
    const stopBot = startPolling(bot);
    try {
      const { messageId } = await api.sendText({ userId: 77, text: "key: 5Kb8kLf9zgWQnogidDA76MzPL6TsZZY36hWXMssSzNydYXYB9KF" });
      await api.waitForCall("sendMessage");
      expect(api.messages(77).find((m) => m.messageId === messageId)).toMatchObject({ from: "user", deleted: true });

      const { inlineQueryId } = await api.inlineQuery({ userId: 77, query: "price" });
      const answered = await api.waitForCall("answerInlineQuery");
      expect(answered.payload.inline_query_id).toBe(inlineQueryId);
      expect(answered.response).toMatchObject({ ok: true });

      await api.myChatMember({ userId: 77, status: "kicked" });
      await waitUntil(() => memberStatuses.length === 1);
      expect(memberStatuses).toEqual(["kicked"]);
      expect((await apiError(bot.api.sendMessage(77, "still there?"))).error_code).toBe(403);
      await api.myChatMember({ userId: 77, status: "member" });
      await waitUntil(() => memberStatuses.length === 2);
      await bot.api.sendMessage(77, "welcome back");
    } finally {
      await stopBot();
    }
  });
});

describe("getUpdates semantics", () => {
  it("offset confirms earlier updates, limit caps the batch, timeout holds the request open", async () => {
    const a = await api.sendText({ userId: 7, text: "one" });
    const b = await api.sendText({ userId: 7, text: "two" });
    const c = await api.sendText({ userId: 7, text: "three" });
    const ids = (r: ApiResponse) => (r.result as Update[]).map((u) => u.update_id);

    expect(ids(await raw("getUpdates", {}))).toEqual([a.updateId, b.updateId, c.updateId]);
    expect(ids(await raw("getUpdates", {}))).toEqual([a.updateId, b.updateId, c.updateId]); // not confirmed yet
    expect(ids(await raw("getUpdates", { offset: b.updateId, limit: 1 }))).toEqual([b.updateId]);
    expect(api.pendingUpdates()).toBe(2);
    expect(ids(await raw("getUpdates", { offset: -1 }))).toEqual([c.updateId]);
    expect(ids(await raw("getUpdates", { offset: c.updateId + 1 }))).toEqual([]);
    expect(api.pendingUpdates()).toBe(0);

    let started = Date.now();
    expect(ids(await raw("getUpdates", { offset: c.updateId + 1, timeout: 1 }))).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    started = Date.now();
    const held = raw("getUpdates", { offset: c.updateId + 1, timeout: 10 });
    await delay(100);
    const d = await api.sendText({ userId: 7, text: "four" });
    expect(ids(await held)).toEqual([d.updateId]);
    expect(Date.now() - started).toBeLessThan(1000);

    // A second concurrent poll terminates the first one with 409, like Telegram.
    const first = raw("getUpdates", { offset: d.updateId + 1, timeout: 10 });
    await delay(50);
    const second = raw("getUpdates", { offset: d.updateId + 1, timeout: 0 });
    expect(await first).toMatchObject({ ok: false, error_code: 409 });
    expect(await second).toEqual({ ok: true, result: [] });
  });

  it("answers pending long polls quickly on stop", async () => {
    const own = await startFakeBotApi({ token: "42:OWN" });
    const started = Date.now();
    const held = raw("getUpdates", { timeout: 30 }, own.token, own.apiRoot);
    await delay(50);
    await own.stop();
    expect(await held).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(own.sendText({ userId: 1, text: "x" })).rejects.toThrow(/stopped/);
  });
});

describe("fault injection", () => {
  it("failNext(429) surfaces error_code and parameters.retry_after through grammY", async () => {
    const bot = makeBot();
    api.failNext("sendMessage", { code: 429, retryAfter: 3 });
    const err = await apiError(bot.api.sendMessage(1, "hi"));
    expect(err.error_code).toBe(429);
    expect(err.parameters.retry_after).toBe(3);
    expect(err.description).toBe("Too Many Requests: retry after 3");
    await expect(bot.api.sendMessage(1, "hi")).resolves.toMatchObject({ text: "hi" });

    api.failNext("editMessageText", { code: 502 }, 2);
    expect((await apiError(bot.api.editMessageText(1, 999, "x"))).error_code).toBe(502);
    expect((await apiError(bot.api.editMessageText(1, 999, "x"))).error_code).toBe(502);
    expect((await apiError(bot.api.editMessageText(1, 999, "x"))).description).toBe("Bad Request: message to edit not found");
  });

  it("rateLimit answers 429 beyond the per-chat and global rates", async () => {
    const limited = await startFakeBotApi({ rateLimit: { globalPerSecond: 3, perChatPerSecond: 2 } });
    try {
      const bot = new Bot(limited.token, { client: { apiRoot: limited.apiRoot }, botInfo: limited.botInfo });
      await bot.api.sendMessage(1, "a");
      await bot.api.sendMessage(1, "b");
      const perChat = await apiError(bot.api.sendMessage(1, "c"));
      expect(perChat.error_code).toBe(429);
      expect(perChat.parameters.retry_after).toBeGreaterThanOrEqual(1);
      await bot.api.sendMessage(2, "d");
      const global = await apiError(bot.api.sendMessage(3, "e"));
      expect(global.error_code).toBe(429);
      expect(Number.isInteger(global.parameters.retry_after)).toBe(true);
    } finally {
      await limited.stop();
    }
  });

  it("blockChat makes sends answer 403 until unblockChat", async () => {
    const bot = makeBot();
    api.blockChat(5);
    const err = await apiError(bot.api.sendMessage(5, "hi"));
    expect(err.error_code).toBe(403);
    expect(err.description).toBe("Forbidden: bot was blocked by the user");
    expect((await apiError(bot.api.sendChatAction(5, "typing"))).error_code).toBe(403);
    await bot.api.sendMessage(6, "other chats still work");
    api.unblockChat(5);
    await expect(bot.api.sendMessage(5, "hi again")).resolves.toMatchObject({ chat: { id: 5, type: "private" } });
  });
});

describe("photos", () => {
  it("sendPhoto multipart upload preserves the bytes; file_id re-send and caption edits work", async () => {
    const bot = makeBot();
    const bytes = fakePng(300, 200);
    const msg = await bot.api.sendPhoto(9, new InputFile(bytes, "qr.png"), {
      caption: "<b>Pay</b> 10 TRX",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("I paid", "paid"),
    });
    const largest = msg.photo.at(-1);
    expect(largest).toMatchObject({ width: 300, height: 200, file_size: bytes.length });
    expect(msg.caption).toBe("Pay 10 TRX");
    expect(msg.caption_entities).toEqual([{ type: "bold", offset: 0, length: 3 }]);
    expect(api.photoBytes(9, msg.message_id)?.equals(bytes)).toBe(true);
    expect(api.lastBotMessage(9)).toMatchObject({ photo: true, caption: "Pay 10 TRX" });
    expect(api.buttons(9)).toEqual([{ text: "I paid", callbackData: "paid" }]);
    expect(api.callsOf("sendPhoto")[0]?.payload).toMatchObject({ chat_id: 9, photo: expect.stringMatching(/^attach:\/\//) as unknown }); // vitest types its matchers any

    const again = await bot.api.sendPhoto(9, largest?.file_id ?? "");
    expect(api.photoBytes(9, again.message_id)?.equals(bytes)).toBe(true);
    expect((await apiError(bot.api.sendPhoto(9, "not-a-file-id"))).description).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );

    const edited = await bot.api.editMessageCaption(9, msg.message_id, { caption: "Paid, thanks" });
    expect(edited).toMatchObject({ caption: "Paid, thanks" });
    expect(api.lastBotMessage(9)?.messageId).toBe(again.message_id);
    expect(api.messages(9).find((m) => m.messageId === msg.message_id)).toMatchObject({ caption: "Paid, thanks", editedCount: 1 });
    expect((await apiError(bot.api.editMessageText(9, msg.message_id, "x"))).description).toBe(
      "Bad Request: there is no text in the message to edit",
    );

    // A plain multipart form with the file under the parameter's own name.
    const form = new FormData();
    form.set("chat_id", "9");
    form.set("photo", new Blob([new Uint8Array(bytes)]), "direct.png");
    const res = (await (await fetch(`${api.apiRoot}/bot${api.token}/sendPhoto`, { method: "POST", body: form })).json()) as ApiResponse;
    expect(res.ok).toBe(true);
    const direct = res.result as { message_id: number };
    expect(api.photoBytes(9, direct.message_id)?.equals(bytes)).toBe(true);
  });
});

describe("documents", () => {
  it("sendDocument keeps the uploaded file's name and bytes, with its caption and buttons; no file is refused", async () => {
    const bot = makeBot();
    const bytes = Buffer.from("\uFEFF\"kind\",\"paid_trx\"\r\n\"order\",\"1.500000\"\r\n", "utf8");
    const msg = await bot.api.sendDocument(9, new InputFile(bytes, "statement-2026-11.csv"), {
      caption: "<b>November</b>",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Again", "again"),
    });
    expect(msg.document).toMatchObject({ file_name: "statement-2026-11.csv", file_size: bytes.length });
    expect(msg.caption).toBe("November");
    expect(api.documentBytes(9, msg.message_id)?.equals(bytes)).toBe(true);
    expect(api.lastBotMessage(9)).toMatchObject({ document: { fileName: "statement-2026-11.csv" }, caption: "November" });
    expect(api.buttons(9)).toEqual([{ text: "Again", callbackData: "again" }]);
    // a photo's bytes are not a document's
    const photo = await bot.api.sendPhoto(9, new InputFile(fakePng(10, 10), "x.png"));
    expect(api.documentBytes(9, photo.message_id)).toBeUndefined();
    expect((await apiError(bot.api.sendDocument(9, "not-a-file-id"))).description).toBe("Bad Request: wrong file identifier/HTTP URL specified");
  });
});

describe("validation", () => {
  it("HTML parse_mode: rejects broken markup, accepts and renders valid markup", async () => {
    const bot = makeBot();
    const broken = [
      "<b>x",
      "<b>x</i>",
      "<b><i>x</b></i>",
      "x</b>",
      "<div>x</div>",
      "<span>x</span>",
      "Tom & Jerry",
      "1 < 2",
      "&nbsp;",
    ];
    for (const text of broken) {
      const err = await apiError(bot.api.sendMessage(1, text, { parse_mode: "HTML" }));
      expect(err.error_code, text).toBe(400);
      expect(err.description, text).toMatch(/^Bad Request: can't parse entities/);
    }
    expect((await apiError(bot.api.sendMessage(1, "<b>x", { parse_mode: "HTML" }))).description).toBe(
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    );

    const ok = await bot.api.sendMessage(1, "<b>x</b> &amp; <code>y</code>", { parse_mode: "HTML" });
    expect(ok.text).toBe("x & y");
    expect(ok.entities).toEqual([
      { type: "bold", offset: 0, length: 1 },
      { type: "code", offset: 4, length: 1 },
    ]);

    const rich = await bot.api.sendMessage(
      1,
      '<a href="https://t.me/x?a=1&amp;b=2">link</a> <tg-spoiler>s</tg-spoiler> <span class="tg-spoiler">t</span> ' +
        '<pre><code class="language-ts">let a = 1 &lt; 2;</code></pre> &#9889; <blockquote expandable>q</blockquote> 1 > 0',
      { parse_mode: "HTML" },
    );
    expect(rich.text).toBe("link s t let a = 1 < 2; ⚡ q 1 > 0");
    expect(rich.entities).toEqual([
      { type: "text_link", offset: 0, length: 4, url: "https://t.me/x?a=1&b=2" },
      { type: "spoiler", offset: 5, length: 1 },
      { type: "spoiler", offset: 7, length: 1 },
      { type: "pre", offset: 9, length: 14, language: "ts" },
      { type: "expandable_blockquote", offset: 26, length: 1 },
    ]);
    expect((await bot.api.sendMessage(1, "<pre><code>x</code></pre>", { parse_mode: "HTML" })).entities).toEqual([
      { type: "pre", offset: 0, length: 1 },
    ]);
    // Without parse_mode the text is taken literally.
    expect((await bot.api.sendMessage(1, "<b>x & y")).text).toBe("<b>x & y");
  });

  it("text length, empty text, edits, deletes and callback_data size", async () => {
    const bot = makeBot();
    expect((await apiError(bot.api.sendMessage(1, "a".repeat(4097)))).description).toBe("Bad Request: message is too long");
    await expect(bot.api.sendMessage(1, "a".repeat(4096))).resolves.toBeTruthy();
    await expect(bot.api.sendMessage(1, `<b>${"a".repeat(4096)}</b>`, { parse_mode: "HTML" })).resolves.toBeTruthy();
    expect((await apiError(bot.api.sendMessage(1, ""))).description).toBe("Bad Request: message text is empty");
    expect((await apiError(bot.api.sendMessage(1, "  \n "))).description).toBe("Bad Request: message text is empty");

    const keyboard = new InlineKeyboard().text("A", "a");
    const msg = await bot.api.sendMessage(1, "Menu", { reply_markup: keyboard });
    expect((await apiError(bot.api.editMessageText(1, 999, "x"))).description).toBe("Bad Request: message to edit not found");
    expect((await apiError(bot.api.editMessageText(1, msg.message_id, "Menu", { reply_markup: keyboard }))).description).toMatch(
      /^Bad Request: message is not modified/,
    );
    await bot.api.editMessageText(1, msg.message_id, "Menu"); // dropping the keyboard is a modification
    expect((await apiError(bot.api.editMessageReplyMarkup(1, msg.message_id))).description).toMatch(/^Bad Request: message is not modified/);
    await bot.api.editMessageReplyMarkup(1, msg.message_id, { reply_markup: new InlineKeyboard().text("B", "b") });
    expect(api.buttons(1, msg.message_id)).toEqual([{ text: "B", callbackData: "b" }]);

    const tooLong = new InlineKeyboard().text("x", "d".repeat(65));
    expect((await apiError(bot.api.sendMessage(1, "x", { reply_markup: tooLong }))).description).toBe("Bad Request: BUTTON_DATA_INVALID");
    // 64 bytes of multi-byte characters is fine, 65 bytes is not.
    await bot.api.sendMessage(1, "x", { reply_markup: new InlineKeyboard().text("x", "я".repeat(32)) });
    expect((await apiError(bot.api.sendMessage(1, "x", { reply_markup: new InlineKeyboard().text("x", `${"я".repeat(32)}a`) }))).description).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );

    await bot.api.deleteMessage(1, msg.message_id);
    expect(api.messages(1).find((m) => m.messageId === msg.message_id)?.deleted).toBe(true);
    expect((await apiError(bot.api.deleteMessage(1, msg.message_id))).description).toBe("Bad Request: message to delete not found");
    expect((await apiError(bot.api.deleteMessage(1, 12345))).description).toBe("Bad Request: message to delete not found");
    expect((await apiError(bot.api.editMessageText(1, msg.message_id, "gone"))).description).toBe("Bad Request: message to edit not found");
    expect((await apiError(bot.api.answerCallbackQuery("unknown"))).description).toMatch(/query is too old/);
  });
});

describe("waitForCall", () => {
  it("sequential waits see successive calls; predicates; helpful timeout", async () => {
    const bot = makeBot();
    await bot.api.sendMessage(3, "a");
    await bot.api.sendMessage(3, "b");
    await bot.api.sendMessage(3, "c");
    expect((await api.waitForCall("sendMessage")).payload.text).toBe("a");
    expect((await api.waitForCall("sendMessage", (p) => p.text === "c")).payload.text).toBe("c");
    expect((await api.waitForCall("sendMessage")).payload.text).toBe("b");

    const pending = api.waitForCall(["sendMessage", "sendPhoto"]);
    await bot.api.sendChatAction(3, "typing");
    await bot.api.sendMessage(3, "d");
    expect((await pending).payload.text).toBe("d");

    const err = await api.waitForCall("sendMessage", undefined, 50).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/timed out after 50 ms/);
    expect((err as Error).message).toMatch(/sendChatAction/);
    expect((err as Error).message).toMatch(/sendMessage calls so far: 4 \(4 already consumed/);
  });
});

describe("webhook mode", () => {
  it("POSTs updates in order with the secret header; getUpdates conflicts; webhook replies are executed", async () => {
    const secret = "s3cret-Token_1";
    const bot = makeBot({ canUseWebhookReply: (method) => method === "sendChatAction" });
    const received: number[] = [];
    const secrets: Array<string | undefined> = [];
    bot.use(async (ctx, next) => {
      received.push(ctx.update.update_id);
      await next();
    });
    bot.command("start", async (ctx) => {
      await ctx.replyWithChatAction("typing"); // goes back in the webhook response body
      await ctx.reply(`hello ${ctx.message?.text ?? ""}`);
    });
    const handle = webhookCallback(bot, "http", { secretToken: secret });
    const server = createServer((req, res) => {
      const header = req.headers["x-telegram-bot-api-secret-token"];
      secrets.push(Array.isArray(header) ? header[0] : header);
      void handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      await bot.api.setWebhook(url, { secret_token: secret });
      expect(api.webhook).toEqual({ url, secretToken: secret });
      const sent = [
        await api.sendText({ userId: 11, text: "/start 1" }),
        await api.sendText({ userId: 11, text: "/start 2" }),
        await api.sendText({ userId: 11, text: "/start 3" }),
      ];
      for (const n of [1, 2, 3]) expect((await api.waitForCall("sendMessage")).payload.text).toBe(`hello /start ${n}`);
      expect(received).toEqual(sent.map((s) => s.updateId));
      expect(secrets).toEqual([secret, secret, secret]);
      await waitUntil(() => api.callsOf("sendChatAction").length === 3);

      expect(await raw("getUpdates", {})).toMatchObject({ ok: false, error_code: 409 });
      expect(await bot.api.getWebhookInfo()).toMatchObject({ url, pending_update_count: 0 });

      // A webhook answering 401 (wrong secret) is reported in getWebhookInfo.
      await bot.api.setWebhook(url, { secret_token: "other" });
      await api.sendText({ userId: 11, text: "/start 4" });
      await waitUntil(() => api.pendingUpdates() === 0, { timeoutMs: 3000 });
      expect((await bot.api.getWebhookInfo()).last_error_message).toMatch(/401/);

      await bot.api.deleteWebhook();
      expect(api.webhook).toEqual({});
      expect(await raw("getUpdates", {})).toEqual({ ok: true, result: [] });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("options for a caller-side webhook deliverer (benchmarks)", () => {
  it("records setWebhook's max_connections, leaves delivery to takeUpdates, reports each call to onCall", async () => {
    const seen: string[] = [];
    const own = await startFakeBotApi({ deliverWebhook: false, delayMs: 1, onCall: (call) => seen.push(call.method) });
    try {
      const bot = new Bot(own.token, { client: { apiRoot: own.apiRoot }, botInfo: own.botInfo });
      await expect(bot.api.setWebhook("http://127.0.0.1:9/hook", { max_connections: 101 })).rejects.toThrow(/max_connections/);
      await bot.api.setWebhook("http://127.0.0.1:9/hook", { max_connections: 100 });
      expect((await bot.api.getWebhookInfo()).max_connections).toBe(100);
      const { updateId } = await own.sendText({ userId: 12, text: "/start" });
      // nothing listens on port 9: a built-in delivery would fail; the update waits for the caller
      expect(own.pendingUpdates()).toBe(1);
      expect(own.takeUpdates().map((u) => u.update_id)).toEqual([updateId]);
      expect(own.pendingUpdates()).toBe(0);
      await bot.api.sendMessage(12, "hi");
      expect(seen).toEqual(["setWebhook", "setWebhook", "getWebhookInfo", "sendMessage"]);
    } finally {
      await own.stop();
    }
  });
});

describe("groups and channels: members, administrators, shared chats", () => {
  const GROUP = -1_001_234_567_890;
  const CHANNEL = -1_009_876_543_210;

  it("getChatMember and getChatAdministrators follow setChatMember; the bot's own status governs its sends", async () => {
    const bot = makeBot();
    api.setChat({ chatId: GROUP, type: "supergroup", title: "Energy desk" });
    api.setChatMember({ chatId: GROUP, userId: 7, status: "creator", username: "anna" });
    api.setChatMember({ chatId: GROUP, userId: 8, status: "member", username: "bob" });
    api.setChatMember({ chatId: GROUP, userId: api.botInfo.id, status: "administrator" });
    expect(await bot.api.getChat(GROUP)).toMatchObject({ id: GROUP, type: "supergroup", title: "Energy desk" });
    expect(await bot.api.getChatMember(GROUP, 7)).toMatchObject({ status: "creator", user: { id: 7, username: "anna" } });
    expect(await bot.api.getChatMember(GROUP, 8)).toMatchObject({ status: "member" });
    expect(await bot.api.getChatMember(GROUP, 9)).toMatchObject({ status: "left", user: { id: 9 } });
    const bots = await bot.api.getChatMember(GROUP, api.botInfo.id);
    expect(bots).toMatchObject({ status: "administrator", can_pin_messages: true, user: { id: api.botInfo.id, is_bot: true } });
    expect((await bot.api.getChatAdministrators(GROUP)).map((m) => m.user.id).sort()).toEqual([7, api.botInfo.id].sort());
    expect((await apiError(bot.api.getChatMember(GROUP, 0))).description).toMatch(/invalid user_id/);
    expect((await apiError(bot.api.getChatMember(-55, 7))).description).toMatch(/chat not found/);
    await bot.api.sendMessage(GROUP, "hello team");

    // demoted to a plain member: a group still takes its messages; removed: 403, and no more looking in
    api.setChatMember({ chatId: GROUP, userId: api.botInfo.id, status: "member" });
    await bot.api.sendMessage(GROUP, "still here");
    api.setChatMember({ chatId: GROUP, userId: api.botInfo.id, status: "left" });
    expect(await apiError(bot.api.sendMessage(GROUP, "gone"))).toMatchObject({ error_code: 403, description: "Forbidden: bot is not a member of the supergroup chat" });
    expect((await apiError(bot.api.getChatMember(GROUP, 7))).error_code).toBe(403);
  });

  it("a channel takes posts only from an administrator who may post", async () => {
    const bot = makeBot();
    api.setChat({ chatId: CHANNEL, type: "channel", title: "Fills", username: "fills" });
    expect(await bot.api.getChat(CHANNEL)).toMatchObject({ type: "channel", title: "Fills", username: "fills" });
    api.setChatMember({ chatId: CHANNEL, userId: api.botInfo.id, status: "administrator" });
    expect(await bot.api.getChatMember(CHANNEL, api.botInfo.id)).toMatchObject({ status: "administrator", can_post_messages: true });
    await bot.api.sendMessage(CHANNEL, "order filled");
    expect(api.lastBotMessage(CHANNEL)?.text).toBe("order filled");
    api.setChatMember({ chatId: CHANNEL, userId: api.botInfo.id, status: "administrator", rights: { can_post_messages: false } });
    expect(await apiError(bot.api.sendMessage(CHANNEL, "no"))).toMatchObject({ error_code: 400, description: "Bad Request: need administrator rights in the channel chat" });
    api.setChatMember({ chatId: CHANNEL, userId: api.botInfo.id, status: "member" });
    expect((await apiError(bot.api.sendMessage(CHANNEL, "no"))).error_code).toBe(400);
  });

  it("shareChat answers a request_chat button with chat_shared, only as that button allows", async () => {
    const bot = makeBot();
    const shared: unknown[] = [];
    bot.on("message:chat_shared", (ctx) => {
      shared.push(ctx.message.chat_shared);
    });
    api.setChat({ chatId: GROUP, type: "supergroup", title: "Energy desk" });
    api.setChat({ chatId: CHANNEL, type: "channel", title: "Fills" });
    api.setChatMember({ chatId: GROUP, userId: 7, status: "administrator" });
    api.setChatMember({ chatId: CHANNEL, userId: 7, status: "member" });
    // no keyboard yet: nothing to answer
    await expect(api.shareChat({ userId: 7, requestId: 1, chatId: GROUP })).rejects.toThrow(/no request_chat button/);
    const keyboard = new Keyboard()
      .requestChat("A group", 1, { chat_is_channel: false, user_administrator_rights: { is_anonymous: false, can_manage_chat: true } as never, request_title: true })
      .requestChat("A channel", 2, { chat_is_channel: true, user_administrator_rights: { is_anonymous: false, can_manage_chat: true } as never })
      .oneTime();
    await bot.api.sendMessage(7, "Where?", { reply_markup: keyboard });
    await expect(api.shareChat({ userId: 7, requestId: 1, chatId: CHANNEL })).rejects.toThrow(/asks for a group/);
    await expect(api.shareChat({ userId: 7, requestId: 2, chatId: CHANNEL })).rejects.toThrow(/administers/);
    const stopBot = startPolling(bot);
    try {
      await api.shareChat({ userId: 7, requestId: 1, chatId: GROUP });
      await waitUntil(() => shared.length === 1);
      expect(shared).toEqual([{ request_id: 1, chat_id: GROUP, title: "Energy desk" }]);
    } finally {
      await stopBot();
    }
  });
});
