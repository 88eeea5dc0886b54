/**
 * The HTTP layer: one undici keep-alive `Pool` per base URL, JSON in and out (big integers exact),
 * a connect timeout and a total per-attempt timeout combined with the caller's AbortSignal, a limit
 * on the bytes read per answer (response-limits.ts), error classification into MarketplaceError,
 * and bounded jittered retries where replaying is safe.
 * The API key travels only in the `X-Api-Key` header and is scrubbed from anything put in an error.
 */
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool, type Dispatcher } from "undici";
import { MarketplaceError, findErrorCode, isProblemDocument, type MarketplaceErrorKind } from "./errors.js";
import { parseJsonExact, stringifyJson } from "./json.js";
import { routeOf } from "./paths.js";

export interface Timeouts {
  /** TCP (and TLS) connect. */
  connectMs: number;
  /** One attempt from sending the request to the last byte of the body. */
  totalMs: number;
}

export interface RetryPolicy {
  /** Attempts in total, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Source of jitter in [0, 1); injectable for tests. */
  random: () => number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, totalMs: 15_000 };
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 200, maxDelayMs: 2_000, random: Math.random };
const API_PREFIX = "/api/v1";

/**
 * How a call may be replayed:
 * - `safe`: a GET; retried on network errors, timeouts, 429 and 5xx.
 * - `keyed`: POST /orders with an Idempotency-Key; retried with the same key, except on the
 *   marketplace's own 502 problem document (the provider failed and the balance was refunded). A 502
 *   without one (a proxy's page) says nothing about the order: retried like any other 5xx.
 * - `never`: a POST/DELETE without idempotency; never retried, and a failure after the request may
 *   have been sent is reported as `ambiguous`.
 */
export type Replay = "safe" | "keyed" | "never";

export type QueryValue = string | number | bigint | boolean | undefined;

export interface HttpCall {
  method: "GET" | "POST" | "DELETE";
  /** Path below /api/v1, with every dynamic segment already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  apiKey?: string;
  idempotencyKey?: string;
  replay: Replay;
  /** When true, a 2xx without a JSON body is an `invalid_response`. */
  expectJson: boolean;
  /** The most bytes of the answer read (RESPONSE_LIMITS); a longer 2xx answer is `too_large`. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface TransportOptions {
  baseUrl: string;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** Upper bound on open connections to the marketplace. */
  connections?: number;
  userAgent?: string;
  /** Told of every call once it is over (retries included): its route, its outcome ("ok" or the error kind) and how long it took. */
  observe?: (call: { method: string; route: string; outcome: string; seconds: number }) => void;
}

type IncomingHttpHeaders = Dispatcher.ResponseData["headers"];

type Attempt =
  | { ok: true; body: unknown }
  | { ok: false; error: MarketplaceError; retry: boolean; retryAfterMs?: number };

/** Connect failures where the request certainly never left this process. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED", // the pool was closed before the call (we never destroy it mid-request)
  "UND_ERR_DESTROYED",
]);
/** Our own per-attempt deadline (an AbortSignal), reported like undici's timeouts. */
const TOTAL_TIMEOUT = "TOTAL_TIMEOUT";
const TIMEOUT_CODES = new Set([TOTAL_TIMEOUT, "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
/** Header values undici (and HTTP) accept: visible ASCII and inner spaces/tabs. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;

export function isUsableHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

function errorCode(err: unknown): string | undefined {
  if (!err || typeof err !== "object") return undefined;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  if (typeof code === "string") return code;
  if (cause && typeof cause === "object" && typeof (cause as { code?: unknown }).code === "string") {
    return (cause as { code: string }).code;
  }
  return undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function retryAfterMs(headers: IncomingHttpHeaders, now: number): number | undefined {
  const value = header(headers, "retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function isRetryableStatus(error: MarketplaceError, replay: Replay): boolean {
  const status = error.status ?? 0;
  if (replay === "never") return false;
  if (status === 429) return true;
  if (status < 500) return false;
  return replay === "safe" || !error.isProviderFailed;
}

function stringField(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Builds the path prefix from the base URL; a trailing /api/v1 given by mistake is tolerated. */
function pathPrefix(url: URL): string {
  let prefix = url.pathname.replace(/\/+$/, "");
  if (prefix.endsWith(API_PREFIX)) prefix = prefix.slice(0, -API_PREFIX.length);
  return prefix + API_PREFIX;
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The body as text, or undefined once it is longer than `maxBytes`: a declared length over the limit
 * is refused before a byte is read, and a body without one is counted as it arrives. Either way the
 * rest is not read (destroying the body closes the connection; the pool opens another).
 */
async function readAtMost(response: Dispatcher.ResponseData, maxBytes: number): Promise<string | undefined> {
  const declared = Number(header(response.headers, "content-length"));
  if (declared > maxBytes) {
    response.body.destroy();
    return undefined;
  }
  // a declared length within the limit (undici holds the body to it): read at once, without a stream iterator
  if (Number.isFinite(declared)) return response.body.text();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

export class HttpTransport {
  readonly #pool: Pool;
  readonly #prefix: string;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #userAgent: string;
  readonly #observe: TransportOptions["observe"];
  #closed = false;

  constructor(options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new RangeError(`marketplace base URL must be http(s): ${url.protocol}`);
    }
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#retry.attempts = Math.max(1, Math.floor(this.#retry.attempts));
    this.#prefix = pathPrefix(url);
    this.#userAgent = options.userAgent ?? "tron-energy-bot";
    this.#observe = options.observe;
    this.#pool = new Pool(url.origin, {
      connections: options.connections ?? 32,
      connect: { timeout: this.#timeouts.connectMs },
      headersTimeout: this.#timeouts.totalMs,
      bodyTimeout: this.#timeouts.totalMs,
      keepAliveTimeout: 4_000,
    });
  }

  /** Performs the call with its retry policy; returns the parsed JSON body (undefined when empty). */
  async request(call: HttpCall): Promise<unknown> {
    const observe = this.#observe;
    if (!observe) return this.#request(call);
    const started = performance.now();
    let outcome = "ok";
    try {
      return await this.#request(call);
    } catch (err) {
      outcome = err instanceof MarketplaceError ? err.kind : "aborted";
      throw err;
    } finally {
      observe({ method: call.method, route: routeOf(call.path), outcome, seconds: (performance.now() - started) / 1000 });
    }
  }

  async #request(call: HttpCall): Promise<unknown> {
    if (this.#closed) throw new MarketplaceError("network", `${call.method} ${API_PREFIX}${call.path}: the marketplace client is closed`);
    const attempts = call.replay === "never" ? 1 : this.#retry.attempts;
    for (let attempt = 1; ; attempt++) {
      call.signal?.throwIfAborted();
      const result = await this.#attempt(call);
      if (result.ok) return result.body;
      if (!result.retry || attempt >= attempts) throw result.error;
      await this.#backoff(attempt, result.retryAfterMs, call.signal);
    }
  }

  close(): Promise<void> {
    this.#closed = true;
    return this.#pool.close();
  }

  async #backoff(attempt: number, retryAfter: number | undefined, signal: AbortSignal | undefined): Promise<void> {
    const { baseDelayMs, maxDelayMs, random } = this.#retry;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    const jittered = ceiling / 2 + (random() * ceiling) / 2;
    const delay = Math.min(maxDelayMs, Math.max(jittered, retryAfter ?? 0));
    try {
      await sleep(delay, undefined, { signal });
    } catch (err) {
      throw signal?.aborted ? signal.reason : err;
    }
  }

  async #attempt(call: HttpCall): Promise<Attempt> {
    const label = `${call.method} ${API_PREFIX}${call.path}`;
    const redact = (text: string): string =>
      call.apiKey && call.apiKey.length >= 4 ? text.split(call.apiKey).join("[redacted]") : text;
    // The attempt's deadline, and the caller's cancel, abort the request through an EventEmitter
    // (undici's `signal` takes one): every call pays for this, and an AbortController with its
    // listeners (AbortSignal.any for two) costs several times as much.
    const abort = new EventEmitter();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.emit("abort");
    }, this.#timeouts.totalMs);
    const cancel = () => abort.emit("abort");
    call.signal?.addEventListener("abort", cancel, { once: true });

    const headers: Record<string, string> = { accept: "application/json", "user-agent": this.#userAgent };
    if (call.apiKey !== undefined) headers["x-api-key"] = call.apiKey;
    if (call.idempotencyKey !== undefined) headers["idempotency-key"] = call.idempotencyKey;
    let body: string | undefined;
    if (call.body !== undefined) {
      body = stringifyJson(call.body);
      headers["content-type"] = "application/json";
    }

    let status: number;
    let responseHeaders: IncomingHttpHeaders;
    let text: string | undefined;
    try {
      const response = await this.#pool.request({
        method: call.method,
        path: this.#prefix + call.path + queryString(call.query),
        headers,
        body: body ?? null,
        signal: abort,
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await readAtMost(response, call.maxBytes);
    } catch (err) {
      if (call.signal?.aborted) throw call.signal.reason;
      return this.#failure(call, label, timedOut ? TOTAL_TIMEOUT : errorCode(err), err);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener("abort", cancel);
    }

    if (text === undefined) {
      // not read on: parsing it would hold the thread every chat shares (see response-limits.ts)
      if (status >= 200 && status < 300) return this.#tooLarge(`${label}: the answer is longer than the ${call.maxBytes} bytes this endpoint may send`);
      text = ""; // an error page that long: its status says enough
    }
    const empty = text.trim() === "";
    if (status >= 200 && status < 300) {
      if (empty) {
        if (!call.expectJson) return { ok: true, body: undefined };
        return this.#invalid(`${label}: HTTP ${status} with an empty body where JSON was expected`);
      }
      try {
        return { ok: true, body: parseJsonExact(text) };
      } catch {
        if (!call.expectJson) return { ok: true, body: undefined };
        // No cause: a SyntaxError quotes the body, which could echo anything (even the key).
        return this.#invalid(`${label}: HTTP ${status} with a body that is not JSON`);
      }
    }

    let parsed: unknown;
    if (!empty) {
      try {
        parsed = parseJsonExact(text);
      } catch {
        parsed = undefined; // an HTML error page or plain text: no code, still a clean error
      }
    }
    const code = findErrorCode(parsed);
    const title = stringField(parsed, "title");
    const detail = stringField(parsed, "detail");
    const message = `${label} failed: HTTP ${status}${code ? ` ${code}` : ""}${title ? ` — ${title}` : ""}`;
    const error = new MarketplaceError(
      "http",
      redact(message),
      status,
      code,
      title === undefined ? undefined : redact(title),
      detail === undefined ? undefined : redact(detail),
      { problem: isProblemDocument(parsed) },
    );
    return {
      ok: false,
      error,
      retry: isRetryableStatus(error, call.replay),
      retryAfterMs: retryAfterMs(responseHeaders, Date.now()),
    };
  }

  #invalid(message: string): Attempt {
    return { ok: false, error: new MarketplaceError("invalid_response", message), retry: false };
  }

  /** Not retried: the same request gets the same answer. */
  #tooLarge(message: string): Attempt {
    return { ok: false, error: new MarketplaceError("too_large", message), retry: false };
  }

  #failure(call: HttpCall, label: string, code: string | undefined, cause: unknown): Attempt {
    const timedOut = code !== undefined && TIMEOUT_CODES.has(code);
    const notSent = code !== undefined && NOT_SENT_CODES.has(code);
    let kind: MarketplaceErrorKind = timedOut ? "timeout" : "network";
    let message = timedOut
      ? code === "UND_ERR_CONNECT_TIMEOUT"
        ? `${label}: could not connect within ${this.#timeouts.connectMs} ms`
        : `${label}: no complete response within ${this.#timeouts.totalMs} ms`
      : `${label}: network error${code ? ` (${code})` : ""}`;
    if (call.replay === "never" && !notSent) {
      kind = "ambiguous";
      message = `${message}; the request may or may not have taken effect`;
    }
    // The undici error is kept as the cause; it carries no request headers, hence no API key.
    return { ok: false, error: new MarketplaceError(kind, message, undefined, undefined, undefined, undefined, { cause }), retry: call.replay !== "never" };
  }
}
