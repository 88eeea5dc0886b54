/**
 * The playground's own small HTTP server: the static chat page and a JSON API that plays the
 * Telegram client (messages, taps, inline queries, sent through the fake Bot API as updates) and
 * the sandbox's demo controls. Server-sent events tell the pages what changed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Api } from "grammy";
import { playgroundDir } from "../../paths.js";
import { readBodyUpTo } from "../../http/read-body.js";
import type { Sandbox } from "../sandbox/index.js";
import { ApiError as SandboxError } from "../sandbox/errors.js";
import type { FakeBotApi } from "../telegram-fake/fake-bot-api.js";
import { chatView } from "./chat-view.js";
import type { EventHub } from "./events.js";
import { createInline } from "./inline.js";
import { CHANNEL_CHAT_ID, firstNameOf, GROUP_CHAT_ID, parseChatFor, parseLocale, parseUserId } from "./users.js";

export const OFFLINE_NOTICE =
  "Offline playground: nothing reaches Telegram or a real marketplace. The bot talks to a local stand-in for the Telegram Bot API and to the built-in sandbox, a simulated marketplace with no real TRX.";

const STATIC: Record<string, string> = {
  "/": "index.html",
  "/app.js": "app.js",
  "/style.css": "style.css",
};
const TYPES: Record<string, string> = { html: "text/html; charset=utf-8", js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };
const MAX_BODY = 16 * 1024;
/**
 * The page is for this machine's browser only: a Host of another name (DNS rebinding) is refused,
 * and a POST must be JSON, which a cross-site form cannot send without CORS (never granted here).
 */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;
const MAX_TEXT = 4096;

export interface PlaygroundDeps {
  tg: FakeBotApi;
  /** A Bot API client on the fake (for getMyCommands, as a Telegram app reads the menu). */
  botApi: Api;
  sandbox: Sandbox & { demo: NonNullable<Sandbox["demo"]> };
  hub: EventHub;
}

class BadInput extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;
type Handler = (input: { query: URLSearchParams; body: Body; res: ServerResponse }) => Promise<unknown>;

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Body> {
  const body = await readBodyUpTo(req, MAX_BODY);
  if (body === "too-large") throw new BadInput("the request body is too large", 413);
  if (body === "unreadable") throw new BadInput("the request body could not be read");
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw new BadInput("the request body must be JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new BadInput("the request body must be a JSON object");
  return parsed as Body;
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new BadInput(what);
  return value;
};

export function playgroundRoutes(deps: PlaygroundDeps): Map<string, Handler> {
  const { tg, botApi, sandbox, hub } = deps;
  const inline = createInline(tg);
  const user = (v: unknown) => need(parseUserId(v), "user must be a user id (a positive integer)");
  const person = (b: Body) => {
    const userId = user(b.user);
    const chatId = need(parseChatFor(userId, b.chat), "chat must be your private chat (your user id) or the group");
    return { userId, chatId, languageCode: parseLocale(b.lang), firstName: firstNameOf(userId) };
  };
  const demo = sandbox.demo;
  const routes: Record<string, Handler> = {
    "GET /api/info": () =>
      Promise.resolve({
        notice: OFFLINE_NOTICE,
        bot: { username: tg.botInfo.username, name: tg.botInfo.first_name },
        groupChatId: GROUP_CHAT_ID,
        channelChatId: CHANNEL_CHAT_ID,
        demoKeys: demo.keys,
      }),
    "GET /api/commands": async ({ query }) => {
      const scope = query.get("chat") === "group" ? ({ type: "all_group_chats" } as const) : ({ type: "all_private_chats" } as const);
      const own = await botApi.getMyCommands({ scope, language_code: parseLocale(query.get("lang")) });
      return { commands: own.length > 0 ? own : await botApi.getMyCommands({ scope }) };
    },
    "GET /api/chat": ({ query }) => {
      const userId = user(query.get("user"));
      const chatId = need(parseChatFor(userId, query.get("chat")), "chat must be your private chat (your user id) or the group");
      return Promise.resolve({ chatId, messages: chatView(tg, chatId) });
    },
    "POST /api/send": async ({ body }) => {
      const p = person(body);
      const text = typeof body.text === "string" ? body.text.trim() : "";
      if (text.length === 0 || text.length > MAX_TEXT) throw new BadInput(`text must be 1 to ${MAX_TEXT} characters`);
      if (p.chatId === CHANNEL_CHAT_ID) throw new BadInput("only the bot posts in the channel");
      const chatType = p.chatId === GROUP_CHAT_ID ? "group" : "private";
      const sent = await tg.sendText({ ...p, text, chatType });
      hub.publish(p.chatId, { type: "chat", chatId: p.chatId });
      return { messageId: sent.messageId };
    },
    "POST /api/tap": async ({ body }) => {
      const p = person(body);
      const messageId = need(typeof body.message === "number" && Number.isSafeInteger(body.message) ? body.message : undefined, "message must be a message id");
      const data = need(typeof body.data === "string" && body.data.length > 0 ? body.data : undefined, "data must be the button's callback data");
      const button = chatView(tg, p.chatId)
        .find((m) => m.id === messageId)
        ?.buttons.flat()
        .find((b) => b.callbackData === data);
      if (!button) throw new BadInput("there is no such button on that message (it may have changed)", 409);
      const { callbackQueryId } = await tg.tap({ ...p, messageId, data });
      hub.tapped(callbackQueryId, p.userId);
      return { ok: true };
    },
    // a request_chat keyboard button of the bot, answered with the playground's group or channel
    "POST /api/share-chat": async ({ body }) => {
      const userId = user(body.user);
      const requestId = need(typeof body.requestId === "number" && Number.isSafeInteger(body.requestId) ? body.requestId : undefined, "requestId must be the button's request id");
      const chatId = body.channel === true ? CHANNEL_CHAT_ID : GROUP_CHAT_ID;
      try {
        await tg.shareChat({ userId, requestId, chatId, languageCode: parseLocale(body.lang) });
      } catch (err) {
        throw new BadInput(err instanceof Error ? err.message.replace(/^FakeBotApi\.shareChat: /, "") : "that chat cannot be shared", 409);
      }
      hub.publish(userId, { type: "chat", chatId: userId });
      return { ok: true };
    },
    // who administers the group and the channel: the user of the page, or the bot (which then loses its right to post notices)
    "POST /api/control/rights": ({ body }) => {
      const userId = user(body.user);
      const status = need(body.status === "administrator" || body.status === "member" ? body.status : undefined, "status must be administrator or member");
      const who = body.who === "bot" ? tg.botInfo.id : userId;
      for (const chatId of [GROUP_CHAT_ID, CHANNEL_CHAT_ID]) tg.setChatMember({ chatId, userId: who, status, ...(who === userId ? { firstName: firstNameOf(userId) } : {}) });
      return Promise.resolve({ ok: true, who: body.who === "bot" ? "bot" : "you", status });
    },
    "POST /api/inline": async ({ body }) => {
      const userId = user(body.user);
      const query = typeof body.query === "string" ? body.query.slice(0, 256) : "";
      return inline.ask({ userId, query, languageCode: parseLocale(body.lang), firstName: firstNameOf(userId) });
    },
    "POST /api/inline/choose": async ({ body }) => {
      const p = person(body);
      const queryId = need(typeof body.queryId === "string" ? body.queryId : undefined, "queryId is missing");
      const resultId = need(typeof body.resultId === "string" ? body.resultId : undefined, "resultId is missing");
      const sent = await inline.choose({ ...p, queryId, resultId });
      if (!sent) throw new BadInput("that inline result is gone: type the query again", 409);
      hub.publish(p.chatId, { type: "chat", chatId: p.chatId });
      return { ok: true };
    },
    "POST /api/control/deposit": ({ body }) => {
      const trx = typeof body.trx === "string" || typeof body.trx === "number" ? String(body.trx) : "100";
      sandbox.control.deposit(demo.accountId, trx);
      return Promise.resolve({ balance: sandbox.control.balanceOf(demo.accountId) });
    },
    "POST /api/control/settle": async ({ body }) => {
      if (body.outcome !== "filled" && body.outcome !== "failed") throw new BadInput("outcome must be filled or failed");
      await sandbox.control.settleOrders(body.outcome === "failed" ? "failed" : "planned");
      return { ok: true };
    },
    "POST /api/control/price": ({ body }) => {
      const percent = typeof body.percent === "number" && Number.isInteger(body.percent) && body.percent >= 1 && body.percent <= 1000 ? body.percent : undefined;
      sandbox.control.setPricePercent(need(percent, "percent must be a whole number from 1 to 1000"));
      return Promise.resolve({ ok: true, percent });
    },
    "POST /api/control/deposit-usdt": () => {
      sandbox.control.depositUsdt(demo.accountId, "50");
      return Promise.resolve({ balance: sandbox.control.balanceOf(demo.accountId) });
    },
    "POST /api/control/fail-rule-cancel": () => {
      sandbox.control.failNextRuleCancel();
      return Promise.resolve({ ok: true });
    },
    "POST /api/control/fail-order": () => {
      sandbox.control.failNextOrder("sync");
      return Promise.resolve({ ok: true });
    },
    "POST /api/control/pause-rules": () => Promise.resolve({ paused: sandbox.control.pauseRulesForBalance(demo.accountId) }),
    "POST /api/control/clock": async ({ body }) => {
      const hours = typeof body.hours === "number" && Number.isInteger(body.hours) && body.hours >= 1 && body.hours <= 24 * 30 ? body.hours : undefined;
      await sandbox.control.advanceClock(need(hours, "hours must be a whole number from 1 to 720") * 3_600_000);
      return { ok: true };
    },
  };
  return new Map(Object.entries(routes));
}

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

export async function startPlaygroundServer(deps: PlaygroundDeps, host: string, port: number): Promise<PlaygroundServer> {
  const routes = playgroundRoutes(deps);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!LOCAL_HOST.test(req.headers.host ?? "")) return json(res, 403, { error: "the playground answers on 127.0.0.1 only" });
    if (req.method === "POST" && !/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return json(res, 415, { error: "send JSON (content-type: application/json)" });
    }
    const url = new URL(req.url ?? "/", "http://playground");
    const file = req.method === "GET" ? STATIC[url.pathname] : undefined;
    if (file) {
      const text = await readFile(join(playgroundDir, file));
      res.writeHead(200, { "content-type": TYPES[file.split(".").pop()!]!, "cache-control": "no-store" });
      res.end(text);
      return;
    }
    if (req.method === "GET" && url.pathname === "/api/events") {
      deps.hub.subscribe(need(parseUserId(url.searchParams.get("user")), "user must be a user id (a positive integer)"), res);
      return;
    }
    if (req.method === "GET" && url.pathname === "/api/photo") {
      const bytes = deps.tg.photoBytes(Number(url.searchParams.get("chat")), Number(url.searchParams.get("message")));
      if (!bytes) return json(res, 404, { error: "no such photo" });
      res.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" });
      res.end(bytes);
      return;
    }
    const route = routes.get(`${req.method} ${url.pathname}`);
    if (!route) return json(res, 404, { error: "not found" });
    const body = req.method === "POST" ? await readJson(req) : {};
    json(res, 200, await route({ query: url.searchParams, body, res }));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.end();
      if (err instanceof BadInput) return json(res, err.status, { error: err.message });
      // the sandbox's own refusals (a bad deposit amount…) are the tester's input, not a crash
      if (err instanceof SandboxError) return json(res, err.status, { error: err.detail });
      json(res, 500, { error: err instanceof Error ? err.message : String(err) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        deps.hub.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
