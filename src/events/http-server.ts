/**
 * The project's HTTP server: /healthz (checks the database), the Telegram webhook path in webhook
 * mode, and the marketplace event receiver (/hooks/:token) mounted by the notices feature.
 */
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";

export type Mount = (app: Hono) => void;

export interface HttpServer {
  app: Hono;
  url: string;
  close(): Promise<void>;
}

export function createHttpApp(options: { healthy: () => boolean; mounts?: Mount[] }): Hono {
  const app = new Hono();
  app.get("/healthz", (c) => (options.healthy() ? c.json({ ok: true }) : c.json({ ok: false }, 503)));
  for (const mount of options.mounts ?? []) mount(app);
  app.notFound((c) => c.json({ error: "not found" }, 404));
  app.onError((_err, c) => c.json({ error: "internal error" }, 500));
  return app;
}

export async function startHttpServer(app: Hono, host: string, port: number): Promise<HttpServer> {
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    app,
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
