/**
 * The project's HTTP server: /healthz (the process is up), /readyz (the database answers and a
 * leader is known), /metrics (behind a token, when configured), the Telegram webhook path in webhook
 * mode, and the marketplace event receiver (/hooks/:token) of the notices feature.
 * The hot paths, the Telegram webhook and the event receiver, are raw node:http routes in front of
 * Hono, because each carries every update or delivery and Hono's Request conversion would cost more
 * than handling it; Hono serves the rest (/healthz, /readyz, /metrics, 404s).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { getRequestListener } from "@hono/node-server";
import { metricsRoute, type Metrics } from "../metrics/index.js";

export type RawRoute = (req: IncomingMessage, res: ServerResponse) => unknown;
/** A POST route served by node:http directly, in front of Hono: for the hot paths. */
export interface RawPostRoute {
  /** An exact path, or a prefix when it ends with "/". */
  path: string;
  handle: RawRoute;
}

export interface HttpServer {
  url: string;
  /**
   * Stops accepting connections, lets the requests in flight finish (their handlers too, up to
   * `drainMs`), then closes every connection. Resolves with how many raw-route handlers were still
   * running when it gave up waiting.
   */
  close(drainMs?: number): Promise<number>;
}

/** How long a shutdown waits for requests in flight (main.ts exits regardless after 10 s). */
export const DRAIN_MS = 5_000;

export interface HttpAppOptions {
  /** Whether this replica can serve now (the database answers, a leader is known): /readyz. */
  ready: () => boolean | Promise<boolean>;
  /** GET /metrics for the operator's Prometheus, behind this bearer token; absent: no /metrics. */
  metrics?: { metrics: Metrics; token: string };
}

export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  // liveness: the process answers (an orchestrator restarts it otherwise)
  app.get("/healthz", (c) => c.json({ ok: true }));
  // readiness: a load balancer sends traffic only here
  app.get("/readyz", async (c) => ((await options.ready()) ? c.json({ ok: true }) : c.json({ ok: false }, 503)));
  if (options.metrics) metricsRoute(app, options.metrics.metrics, options.metrics.token);
  app.notFound((c) => c.json({ error: "not found" }, 404));
  app.onError((_err, c) => c.json({ error: "internal error" }, 500));
  return app;
}

/** Starts the server; `rawPostRoutes` are served by node:http before Hono sees the request. */
export async function startHttpServer(app: Hono, host: string, port: number, rawPostRoutes: readonly RawPostRoute[] = []): Promise<HttpServer> {
  const honoListener = getRequestListener(app.fetch);
  const matches = (route: RawPostRoute, url: string) => (route.path.endsWith("/") ? url.startsWith(route.path) : url === route.path);
  // Handlers in flight (an update still being handled, a delivery being committed): a shutdown
  // waits for them before the store they write to is closed.
  const running = new Set<Promise<unknown>>();
  const server = createServer((req, res) => {
    const url = req.url ?? "";
    const raw = req.method === "POST" ? rawPostRoutes.find((r) => matches(r, url)) : undefined;
    if (!raw) return void honoListener(req, res);
    const handling = Promise.resolve(raw.handle(req, res)).catch(() => undefined);
    running.add(handling);
    void handling.finally(() => running.delete(handling));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    // graceful: idle keep-alive connections close at once, requests in flight finish (up to drainMs)
    async close(drainMs = DRAIN_MS) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs).unref()));
      let timedOut = false;
      void deadline.then(() => (timedOut = true));
      // a request whose headers were still arriving when close began starts its handler later: wait for it too
      while (running.size > 0 && !timedOut) await Promise.race([Promise.allSettled([...running]), deadline]);
      clearTimeout(timer);
      const cutOff = running.size;
      server.closeAllConnections();
      await closed;
      return cutOff;
    },
  };
}
