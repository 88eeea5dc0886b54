/**
 * The playground's HTTP surface, as the page uses it: the real bot behind it, the sandbox and the
 * fake Bot API started by startPlayground, everything over loopback HTTP.
 */
import { request } from "node:http";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlayground, type Playground } from "../../src/dev/playground/start.js";
import { CHANNEL_CHAT_ID, GROUP_CHAT_ID } from "../../src/dev/playground/users.js";
import type { PageMessage } from "../../src/dev/playground/chat-view.js";
import { waitUntil } from "../support/wait.js";

const ALICE = 1001;
const BOB = 1002;
const CAROL = 1003;
const DAVE = 1004;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

let pg: Playground;
const logs: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  pg = await startPlayground({ NODE_ENV: "test", LOG_LEVEL: "warn" }, { port: 0, logDestination: sink });
});
afterAll(async () => {
  await pg?.stop();
});

interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

async function call<T = Record<string, unknown>>(method: "GET" | "POST", path: string, body?: unknown): Promise<Reply<T>> {
  const res = await fetch(`${pg.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const chat = async (user: number, chatId = user) => (await call<{ messages: PageMessage[] }>("GET", `/api/chat?user=${user}&chat=${chatId}`)).body.messages;
const send = (user: number, text: string, chatId = user, lang = "en") => call("POST", "/api/send", { user, chat: chatId, text, lang });

/** Waits for a bot message in the chat whose text matches, and returns it. */
async function botSays(user: number, pattern: RegExp, chatId = user): Promise<PageMessage> {
  return waitUntil(async () => (await chat(user, chatId)).find((m) => m.from === "bot" && pattern.test(m.html)), { message: `no bot message like ${pattern}` });
}

async function tap(user: number, message: PageMessage, label: RegExp, chatId = user) {
  const button = message.buttons.flat().find((b) => label.test(b.text));
  expect(button?.callbackData, `a button like ${label} on ${JSON.stringify(message.buttons)}`).toBeDefined();
  const reply = await call("POST", "/api/tap", { user, chat: chatId, message: message.id, data: button!.callbackData, lang: "en" });
  expect(reply.status).toBe(200);
}

describe("the playground's page and API", () => {
  it("serves the page, its script and style, saying that nothing reaches Telegram or a real marketplace", async () => {
    const page = await fetch(`${pg.url}/`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Nothing here reaches Telegram or a real marketplace");
    expect((await fetch(`${pg.url}/app.js`)).headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await fetch(`${pg.url}/style.css`)).headers.get("content-type")).toMatch(/^text\/css/);
    expect((await fetch(`${pg.url}/../package.json`)).status).toBe(404);
    const info = await call<{ notice: string; demoKeys: Record<string, string>; bot: { username: string } }>("GET", "/api/info");
    expect(info.body.notice).toMatch(/nothing reaches Telegram or a real marketplace/);
    expect(Object.keys(info.body.demoKeys).sort()).toEqual(["full", "purchase", "read"]);
    expect(pg.pageUrl).toBe(`${pg.url}/?user=${ALICE}`);
  });

  it("the command menu comes from setMyCommands in the chosen language, for private chats and groups", async () => {
    const en = await call<{ commands: Array<{ command: string; description: string }> }>("GET", "/api/commands?lang=en&chat=private");
    const ru = await call<{ commands: Array<{ command: string; description: string }> }>("GET", "/api/commands?lang=ru&chat=private");
    const group = await call<{ commands: Array<{ command: string }> }>("GET", "/api/commands?lang=en&chat=group");
    expect(en.body.commands.map((c) => c.command)).toContain("buy");
    expect(ru.body.commands.map((c) => c.command)).toEqual(en.body.commands.map((c) => c.command));
    expect(ru.body.commands.find((c) => c.command === "buy")?.description).toMatch(/[а-я]/);
    expect(group.body.commands.map((c) => c.command)).not.toContain("buy");
    expect(group.body.commands.map((c) => c.command)).toContain("check");
  });

  it("a message gets the bot's answer as sanitised HTML with its keyboard; a tap edits it in place; pages hear about both", async () => {
    const events = await fetch(`${pg.url}/api/events?user=${ALICE}`);
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let heard = "";
    const hearing = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard += value;
      }
    })();

    expect((await send(ALICE, "/start")).status).toBe(200);
    const welcome = await botSays(ALICE, /<b>energy<\/b>/);
    expect(welcome.html).not.toMatch(/<(?!\/?(b|i|u|s|code|pre|blockquote|a|span)\b)/);
    expect(welcome.buttons.flat().map((b) => b.text)).toContain("⚡ Buy energy");
    await waitUntil(() => heard.includes(`"type":"chat","chatId":${ALICE}`));

    await send(ALICE, "/settings");
    const settings = await botSays(ALICE, /Notices|notices/);
    await tap(ALICE, settings, /notices|Notices/i);
    await waitUntil(async () => (await chat(ALICE)).find((m) => m.id === settings.id && m.edited));
    await reader.cancel();
    await hearing.catch(() => {});
  });

  it("a demo key sent with /key is deleted from the chat at once and saved; /deposit shows its QR code as a photo", async () => {
    const info = await call<{ demoKeys: Record<string, string> }>("GET", "/api/info");
    const key = info.body.demoKeys.full!;
    await send(ALICE, `/key ${key}`);
    await botSays(ALICE, /works and is saved/);
    expect((await chat(ALICE)).some((m) => m.html.includes(key))).toBe(false);

    await send(ALICE, "/deposit");
    const photo = await waitUntil(async () => (await chat(ALICE)).find((m) => m.photoUrl));
    const png = await fetch(`${pg.url}${photo.photoUrl}`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
  });

  it("an order settled as failed from the page brings the failed notice; as filled, the filled one", async () => {
    const info = await call<{ demoKeys: Record<string, string> }>("GET", "/api/info");
    await send(CAROL, `/key ${info.body.demoKeys.purchase}`);
    await botSays(CAROL, /works and is saved/);
    await send(CAROL, `/buy energy ${ADDRESS} 65k 1h`);
    const preview = await botSays(CAROL, /Preview/);
    await tap(CAROL, preview, /Confirm/);
    await botSays(CAROL, /Order:/);
    expect((await call("POST", "/api/control/settle", { outcome: "failed" })).status).toBe(200);
    await botSays(CAROL, /Order failed/);

    await send(CAROL, `/buy energy ${ADDRESS} 65k 1h`);
    const second = await waitUntil(async () => (await chat(CAROL)).filter((m) => /Preview/.test(m.html) && m.buttons.flat().some((b) => /Confirm/.test(b.text))).pop());
    await tap(CAROL, second, /Confirm/);
    await botSays(CAROL, /being delivered/); // the first card now follows its failed order
    expect((await call("POST", "/api/control/settle", { outcome: "filled" })).status).toBe(200);
    // the card says so in place, and the pushed notice is shown as a reply quoting it
    const notice = await waitUntil(async () => (await chat(CAROL)).find((m) => m.from === "bot" && /Order filled/.test(m.html) && m.replyTo));
    expect(notice.replyTo!.id).toBe(second.id);
    // the quote is the card's first line: the card keeps its own heading (and buttons) after the fill
    expect(notice.replyTo!.text).toMatch(/^⚡ Energy order/);
    // the card itself was redrawn with its new status
    expect((await chat(CAROL)).find((m) => m.id === second.id)!.html).toMatch(/Status: .*Filled/);
  });

  it("the bot runs on the embedded sandbox: /webhook with the full demo key connects the endpoint by itself", async () => {
    const info = await call<{ demoKeys: Record<string, string> }>("GET", "/api/info");
    await send(DAVE, `/key ${info.body.demoKeys.full}`);
    await botSays(DAVE, /works and is saved/);
    await send(DAVE, "/webhook");
    await botSays(DAVE, /Connected/);
  });

  it("inline mode: a query lists the bot's results and the chosen one is posted via the bot", async () => {
    const { body } = await call<{ queryId: string; results: Array<{ id: string; title: string; html: string }> }>("POST", "/api/inline", { user: ALICE, query: ADDRESS, lang: "en" });
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]!.html).toContain(ADDRESS);
    const chosen = await call("POST", "/api/inline/choose", { user: ALICE, chat: ALICE, queryId: body.queryId, resultId: body.results[0]!.id, lang: "en" });
    expect(chosen.status).toBe(200);
    const posted = await waitUntil(async () => (await chat(ALICE)).find((m) => m.viaBot));
    expect(posted.from).toBe("user");
    expect(posted.html).toContain(ADDRESS);
  });

  it("the group is shared by every user, with who wrote what; a private chat is its user's only", async () => {
    await send(BOB, `/check ${ADDRESS}`, GROUP_CHAT_ID);
    await botSays(ALICE, /Address/, GROUP_CHAT_ID);
    const mine = (await chat(ALICE, GROUP_CHAT_ID)).find((m) => m.from === "user");
    expect(mine?.sender).toBe("Bob");
    expect((await call("GET", `/api/chat?user=${BOB}&chat=${ALICE}`)).status).toBe(400);
  });

  it("a language switch sets the user's language_code: the bot answers in Russian", async () => {
    await send(BOB, "/help", BOB, "ru");
    await botSays(BOB, /[а-яё]{4}/i);
  });

  it("the channel and the group desk: notices picked into the channel, a key bound to the group, an administrator's purchase signed there, a member's tap doing nothing", async () => {
    const ERIN = 1005;
    const FRANK = 1006;
    const info = await call<{ demoKeys: Record<string, string>; channelChatId: number }>("GET", "/api/info");
    expect(info.body.channelChatId).toBe(CHANNEL_CHAT_ID);
    expect((await call("POST", "/api/control/rights", { user: ERIN, who: "me", status: "administrator" })).status).toBe(200);
    await send(ERIN, `/key ${info.body.demoKeys.full!}`);
    await botSays(ERIN, /works and is saved/);

    // notices into the channel, picked with the page's answer to the chat picker
    await send(ERIN, "/settings");
    await tap(ERIN, await botSays(ERIN, /Settings/), /Also to a group or channel/);
    const ask = await botSays(ERIN, /Where should notices go too/);
    const channel = ask.requestChats?.find((r) => r.channel);
    expect(channel).toBeDefined();
    expect((await call("POST", "/api/share-chat", { user: ERIN, requestId: channel!.requestId, channel: true })).status).toBe(200);
    await botSays(ERIN, /Notices now go to .*Test Channel/);
    expect((await send(ERIN, "hello", CHANNEL_CHAT_ID)).status).toBe(400);

    // the team desk in the group
    await send(ERIN, "/team");
    await tap(ERIN, await botSays(ERIN, /Team desks/), /Bind my key to a group/);
    const bind = await botSays(ERIN, /Which group may use your key/);
    expect((await call("POST", "/api/share-chat", { user: ERIN, requestId: bind.requestChats![0]!.requestId, channel: false })).status).toBe(200);
    await botSays(ERIN, /is bound to .*Test Group/);

    await send(ERIN, "/team", GROUP_CHAT_ID);
    const desk = await botSays(ERIN, /Team desk of Test Group/, GROUP_CHAT_ID);
    await tap(FRANK, desk, /Balance/, GROUP_CHAT_ID);
    await send(ERIN, `/buy ${ADDRESS} 65k 1h`, GROUP_CHAT_ID);
    // /buy's own preview card, with the desk's key
    await tap(ERIN, await botSays(ERIN, /Total to pay/, GROUP_CHAT_ID), /Confirm/, GROUP_CHAT_ID);
    await botSays(ERIN, /Bought by Erin/, GROUP_CHAT_ID);
    expect((await chat(ERIN, GROUP_CHAT_ID)).some((m) => /Team balance/.test(m.html))).toBe(false);

    await call("POST", "/api/control/settle", { outcome: "filled" });
    await botSays(ERIN, /Order filled for/, CHANNEL_CHAT_ID);
    await botSays(ERIN, /Order filled for/, GROUP_CHAT_ID);
  });

  it("the sandbox controls: deposit, USDT deposit, price, clock, fail the next order or rule cancel, pause rules for balance", async () => {
    const deposit = await call<{ balance: { trx: string } }>("POST", "/api/control/deposit", { trx: "5" });
    expect(deposit.status).toBe(200);
    const usdt = await call<{ balance: { usdt: string } }>("POST", "/api/control/deposit-usdt", {});
    expect(Number(usdt.body.balance.usdt)).toBeGreaterThanOrEqual(50);
    expect((await call("POST", "/api/control/price", { percent: 80 })).status).toBe(200);
    expect((await call("POST", "/api/control/price", { percent: 100 })).status).toBe(200);
    expect((await call("POST", "/api/control/clock", { hours: 1 })).status).toBe(200);
    // the next order is refused (nothing here places one afterwards)
    expect((await call("POST", "/api/control/fail-order", {})).status).toBe(200);
    // the next rule cancel fails (nothing here cancels one afterwards)
    expect((await call("POST", "/api/control/fail-rule-cancel", {})).status).toBe(200);
    const paused = await call<{ paused: number }>("POST", "/api/control/pause-rules", {});
    expect(paused.body.paused).toBe(0);
    const after = await call<{ balance: { trx: string } }>("POST", "/api/control/deposit", { trx: "1" });
    expect(Number(after.body.balance.trx)).toBe(1);
  });

  it("bad input gets a clear answer and changes nothing", async () => {
    const before = (await chat(ALICE)).length;
    const cases: Array<[string, unknown, number, RegExp]> = [
      ["/api/send", { chat: ALICE, text: "hi" }, 400, /user must be a user id/],
      ["/api/send", { user: BOB, chat: ALICE, text: "hi" }, 400, /your private chat/],
      ["/api/send", { user: ALICE, chat: ALICE, text: "   " }, 400, /text must be 1 to 4096/],
      ["/api/send", "not json", 400, /must be JSON/],
      ["/api/tap", { user: ALICE, chat: ALICE, message: 1, data: "nope" }, 409, /no such button/],
      ["/api/inline/choose", { user: ALICE, chat: ALICE, queryId: "1", resultId: "x" }, 409, /type the query again/],
      ["/api/control/deposit", { trx: "-3" }, 400, /trx/],
      ["/api/control/settle", { outcome: "maybe" }, 400, /filled or failed/],
      ["/api/control/clock", { hours: 0.5 }, 400, /whole number/],
      ["/api/control/price", { percent: 0 }, 400, /whole number from 1 to 1000/],
    ];
    for (const [path, body, status, error] of cases) {
      const reply = await call<{ error: string }>("POST", path, body);
      expect([path, reply.status]).toEqual([path, status]);
      expect(reply.body.error).toMatch(error);
    }
    expect((await call("GET", "/api/nothing")).status).toBe(404);
    // a cross-site form cannot post (not JSON), and another host name (DNS rebinding) is refused
    const form = await fetch(`${pg.url}/api/send`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `user=${ALICE}&chat=${ALICE}&text=hi` });
    expect(form.status).toBe(415);
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(`${pg.url}/api/info`, { headers: { host: "evil.example:8080" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject).end();
    });
    expect(rebound).toBe(403);
    expect((await chat(ALICE)).length).toBe(before);
  });
});
