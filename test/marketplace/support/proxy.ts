/**
 * A recording HTTP proxy in front of a real server (the sandbox). It can let a request reach the
 * server, wait for the server's full answer (so the effect is committed), and then destroy the
 * client's socket instead of replying (the client sees a reset after the server acted), or answer
 * with a page of its own, like a reverse proxy's "502 Bad Gateway" when the app died mid-answer.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /**
   * The upstream status, "dropped" when the proxy reset the client after the upstream answered, or
   * "replaced" when it sent its own answer instead.
   */
  outcome: number | "dropped" | "replaced";
}

/** What the proxy sends instead of the upstream's answer. */
export interface ProxyAnswer {
  status: number;
  body: string;
  contentType: string;
}

export const BAD_GATEWAY_PAGE: ProxyAnswer = {
  status: 502,
  body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
  contentType: "text/html",
};

export interface Proxy {
  url: string;
  requests: ProxiedRequest[];
  /** Drops the answer to the next `count` requests that match (after the upstream has handled them). */
  dropAnswers(match: (method: string, url: string) => boolean, count?: number): void;
  /** Answers the next `count` matching requests with `answer` (after the upstream has handled them). */
  replaceAnswers(match: (method: string, url: string) => boolean, answer: ProxyAnswer, count?: number): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  let drop: { match: (method: string, url: string) => boolean; remaining: number; answer?: ProxyAnswer } | undefined;

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
      const replacement = dropThis ? drop?.answer : undefined;
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
            if (replacement) {
              record.outcome = "replaced";
              res.writeHead(replacement.status, { "content-type": replacement.contentType, "content-length": Buffer.byteLength(replacement.body) });
              res.end(replacement.body);
              return;
            }
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
    replaceAnswers(match, answer, count = 1) {
      drop = { match, remaining: count, answer };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
