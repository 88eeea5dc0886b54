/** HTTP plumbing: routing (literal segments before parameters), API-key auth and scope, JSON bodies, problem errors. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { ApiError, badRequest, notFound, problemBody } from "./errors.js";
import { scopeCovers, type ApiKey, type Scope } from "./state.js";

export type Method = "GET" | "POST" | "DELETE";

export interface RequestContext {
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, undefined when the request had none. */
  body: unknown;
  header: (name: string) => string | undefined;
}

export interface Reply {
  status: number;
  body?: unknown;
}

type Result = Reply | Promise<Reply>;

export type Route =
  | { method: Method; path: string; scope: null; handler: (ctx: RequestContext) => Result }
  | { method: Method; path: string; scope: Scope; handler: (ctx: RequestContext & { key: ApiKey }) => Result };

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const noContent: Reply = { status: 204 };

const MAX_BODY_BYTES = 1 << 20;

export interface HttpServerOptions {
  /** Every answer waits this long after the request arrived, as a marketplace across a network would; default 0. */
  responseDelayMs?: number;
}

export function createHttpServer(
  routes: readonly Route[],
  findKey: (value: string) => ApiKey | undefined,
  options: HttpServerOptions = {},
): Server {
  const compiled = routes.map((route) => ({ route, segments: route.path.split("/").filter(Boolean) }));
  const responseDelayMs = options.responseDelayMs ?? 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (responseDelayMs > 0) await delay(responseDelayMs);
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    try {
      const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
      const candidates = compiled.flatMap(({ route, segments: pattern }) => {
        const params = match(pattern, segments);
        return params ? [{ route, params }] : [];
      });
      if (candidates.length === 0) throw notFound("route.not_found", `no route ${req.method} ${url.pathname}`);
      const hit = candidates.find((c) => c.route.method === req.method);
      if (!hit) {
        res.setHeader("allow", [...new Set(candidates.map((c) => c.route.method))].join(", "));
        throw new ApiError(405, "request.method_not_allowed", `${req.method} is not allowed on ${url.pathname}`);
      }

      const { route, params } = hit;
      let key: ApiKey | undefined;
      if (route.scope !== null) {
        const value = headerOf(req, "x-api-key");
        key = value === undefined ? undefined : findKey(value);
        if (!key) throw new ApiError(401, "api_key.invalid", "missing or invalid X-Api-Key");
        if (!scopeCovers(key.scope, route.scope)) {
          throw new ApiError(403, "api_key.insufficient_scope", `this operation needs a ${route.scope} key; this key is ${key.scope}`);
        }
      }
      const ctx: RequestContext = { params, query: url.searchParams, body: await readJson(req), header: (name) => headerOf(req, name) };
      const reply = route.scope === null ? await route.handler(ctx) : await route.handler({ ...ctx, key: key as ApiKey });
      send(res, reply.status, reply.body, "application/json");
    } catch (error) {
      const apiError = error instanceof ApiError ? error : internal(error);
      send(res, apiError.status, problemBody(apiError, url.pathname), "application/problem+json");
    }
  }

  return createServer((req, res) => void handle(req, res));
}

/** Literal segments match before parameters: routes are tried in order, so list literals first. */
function match(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound("route.not_found", "malformed path");
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, "request.body_too_large", "the body is larger than 1 MiB");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("request.invalid_json", "the body is not valid JSON");
  }
}

function send(res: ServerResponse, status: number, body: unknown, contentType: string): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": `${contentType}; charset=utf-8`, "content-length": Buffer.byteLength(text) }).end(text);
}

function internal(error: unknown): ApiError {
  console.error("sandbox: unexpected error", error);
  return new ApiError(500, "internal.error", "unexpected sandbox error");
}
