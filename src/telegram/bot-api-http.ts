/**
 * The HTTP client of every Bot API call: grammY's documented `client.fetch` option, answered by
 * undici's `request` over one keep-alive Agent, instead of grammY's default node-fetch over
 * node:http. Every update makes a Bot API call or two, and on this machine node-fetch spent about
 * twice the CPU of undici's `request` per call (the README's Performance section has the
 * measurement); the marketplace client is on undici already.
 *
 * grammY hands `fetch` the URL and an init of method, headers, body (JSON text, or a stream for a
 * multipart upload) and an abort signal, and reads the answer's JSON: the answer here is a Response
 * in that much (status, `ok`, `json()`, `text()`). The bot, its conversations (which build their
 * Api from the bot's client options) and the notice sender share one Agent; the app closes it after them.
 */
import type { Readable } from "node:stream";
import { Agent, request } from "undici";

/** What grammY passes to `fetch` (its client options' `baseFetchConfig` adds fields undici does not use). */
interface BotApiInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Readable | null;
  /** grammY's (on Node the `abort-controller` package's, which undici takes as an EventTarget). */
  signal?: AbortSignal | null;
}

/** The part of a fetch Response grammY reads. */
export interface BotApiResponse {
  readonly status: number;
  readonly ok: boolean;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export type BotApiFetch = (url: string, init?: BotApiInit) => Promise<BotApiResponse>;

export interface BotApiHttp {
  /** For grammY's client options: `new Bot(token, { client: { fetch } })`, `new Api(token, { fetch })`. */
  fetch: BotApiFetch;
  /** Closes the kept-alive connections once the calls under way are answered. */
  close(): Promise<void>;
}

/**
 * `connections`: per origin, at most (Telegram's webhook delivers up to 40 updates at once, and the
 * notice sender and the watchers' pushes come on top).
 */
export function createBotApiHttp(options: { connections?: number } = {}): BotApiHttp {
  const dispatcher = new Agent({ connections: options.connections ?? 128 });
  const fetch: BotApiFetch = async (url, init = {}) => {
    // every field named, absent ones undefined (undici's defaults), rather than spread in: this
    // runs for every Bot API call
    const { statusCode, body } = await request(url, {
      dispatcher,
      method: init.method ?? "GET",
      headers: init.headers,
      body: init.body ?? undefined,
      signal: init.signal ?? undefined,
    });
    return { status: statusCode, ok: statusCode >= 200 && statusCode < 300, json: () => body.json(), text: () => body.text() };
  };
  return { fetch, close: () => dispatcher.close() };
}
