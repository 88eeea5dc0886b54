/**
 * A recording HTTP proxy in front of a real server (the sandbox). It can let a request reach the
 * server, wait for the server's full answer (so the effect is committed), and then destroy the
 * client's socket instead of replying: the client sees a reset after the server acted.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The upstream status, or "dropped" when the proxy reset the client after the upstream answered. */
  outcome: number | "dropped";
}

export interface Proxy {
  url: string;
  requests: ProxiedRequest[];
  /** Drops the answer to the next `count` requests that match (after the upstream has handled them). */
  dropAnswers(match: (method: string, url: string) => boolean, count?: number): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  let drop: { match: (method: string, url: string) => boolean; remaining: number } | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const record: ProxiedRequest = {
        method: req.method ?? "",
        url: req.url ?? "/",
        headers: req.headers,
        body: body.toString("utf8"),
        outcome: 0,
      };
      requests.push(record);
      const dropThis = drop !== undefined && drop.remaining > 0 && drop.match(record.method, record.url);
      if (dropThis && drop) drop.remaining--;
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: record.method,
          path: record.url,
          headers: { ...req.headers, host: upstream.host, connection: "close" },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (c: Buffer) => parts.push(c));
          answer.on("end", () => {
            if (dropThis) {
              record.outcome = "dropped";
              req.socket.destroy();
              return;
            }
            record.outcome = answer.statusCode ?? 0;
            const headers = { ...answer.headers };
            delete headers.connection;
            delete headers["keep-alive"];
            delete headers["transfer-encoding"];
            const payload = Buffer.concat(parts);
            res.writeHead(answer.statusCode ?? 502, { ...headers, "content-length": payload.length });
            res.end(payload);
          });
        },
      );
      forward.on("error", () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    dropAnswers(match, count = 1) {
      drop = { match, remaining: count };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
