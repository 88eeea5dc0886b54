/**
 * The Bot API's HTTP client (grammY's `client.fetch` over undici): grammY's own Api, pointed at a
 * server on loopback, sends JSON calls and multipart uploads through it, reads answers and errors,
 * and gives up on a call that outlives its timeout.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Api, GrammyError, HttpError, InputFile } from "grammy";
import { createBotApiHttp, type BotApiHttp } from "../../src/telegram/bot-api-http.js";
import { waitUntil } from "../support/wait.js";

interface Received {
  method: string;
  path: string;
  contentType: string;
  body: Buffer;
}

let server: Server | undefined;
let http: BotApiHttp | undefined;
afterEach(async () => {
  await http?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  http = undefined;
});

/** A Bot API on loopback answering with `answer(received)` (or never, for `undefined`). */
async function botApi(answer: (r: Received) => { status: number; json: unknown } | undefined): Promise<{ root: string; received: Received[]; dropped: () => number }> {
  const received: Received[] = [];
  let dropped = 0;
  server = createServer((req: IncomingMessage, res) => {
    // the client went away before an answer (an aborted call)
    res.on("close", () => void (res.writableEnded || dropped++));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks) };
      received.push(r);
      const a = answer(r);
      if (a) res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, dropped: () => dropped };
}

const TOKEN = "42:TEST-token";

describe("Bot API over undici (client.fetch)", () => {
  it("sends a call as JSON and returns its result", async () => {
    const { root, received } = await botApi(() => ({ status: 200, json: { ok: true, result: { message_id: 7, date: 0, chat: { id: 5, type: "private" }, text: "hi" } } }));
    http = createBotApiHttp();
    const api = new Api(TOKEN, { apiRoot: root, fetch: http.fetch });

    const sent = await api.sendMessage(5, "Привет, <b>мир</b>");
    expect(sent.message_id).toBe(7);
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe("POST");
    expect(received[0]!.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(received[0]!.contentType).toBe("application/json");
    expect(JSON.parse(received[0]!.body.toString("utf8"))).toEqual({ chat_id: 5, text: "Привет, <b>мир</b>" });
  });

  it("uploads a file as multipart/form-data, bytes intact", async () => {
    const { root, received } = await botApi(() => ({ status: 200, json: { ok: true, result: { message_id: 8, date: 0, chat: { id: 5, type: "private" } } } }));
    http = createBotApiHttp();
    const api = new Api(TOKEN, { apiRoot: root, fetch: http.fetch });
    const png = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));

    await api.sendPhoto(5, new InputFile(png, "chart.png"), { caption: "March" });
    expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = received[0]!.body;
    expect(body.includes(png)).toBe(true);
    expect(body.toString("latin1")).toContain('name="caption"');
    expect(body.toString("latin1")).toContain("March");
  });

  it("an error answer becomes grammY's GrammyError, with Telegram's description", async () => {
    const { root } = await botApi(() => ({ status: 400, json: { ok: false, error_code: 400, description: "Bad Request: chat not found" } }));
    http = createBotApiHttp();
    const api = new Api(TOKEN, { apiRoot: root, fetch: http.fetch });

    const failed = await api.sendMessage(5, "hi").catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(GrammyError);
    expect((failed as GrammyError).description).toBe("Bad Request: chat not found");
  });

  it("a call that outlives grammY's timeout is aborted (its connection let go) and reported as an HttpError", async () => {
    const { root, received, dropped } = await botApi(() => undefined); // never answers
    http = createBotApiHttp();
    const api = new Api(TOKEN, { apiRoot: root, fetch: http.fetch, timeoutSeconds: 0.3 });

    const started = Date.now();
    const failed = await api.getMe().catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(HttpError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(received).toHaveLength(1);
    await waitUntil(() => dropped() === 1);
  });

  it("refuses calls once closed", async () => {
    const { root } = await botApi(() => ({ status: 200, json: { ok: true, result: true } }));
    http = createBotApiHttp();
    const api = new Api(TOKEN, { apiRoot: root, fetch: http.fetch });
    expect(await api.deleteWebhook()).toBe(true);
    await http.close();
    http = undefined;

    expect(await api.deleteWebhook().catch((err: unknown) => err)).toBeInstanceOf(HttpError);
  });
});
