/**
 * A small round-robin HTTP proxy, the load balancer in front of several replicas in tests: each
 * request goes to the next backend; a backend that refuses the connection (killed) is skipped and
 * the request goes to the next one, as a load balancer's health check would arrange.
 */
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  readonly url: string;
  /** Replaces the backends (base URLs such as http://127.0.0.1:1234). */
  setBackends(urls: string[]): void;
  /** How many requests each backend answered. */
  readonly served: Map<string, number>;
  /** The next request whose path matches is forwarded and handled, but its answer is lost (the caller sees a 504). */
  dropNextAnswer(path: (path: string) => boolean): void;
  answersDropped(): number;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function forward(backend: string, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(req.url ?? "/", backend);
    const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (res) => {
      void bodyOf(res).then((b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }), reject);
    });
    out.on("error", reject);
    out.end(body);
  });
}

export async function startRoundRobinProxy(backends: string[] = []): Promise<RoundRobinProxy> {
  let list = [...backends];
  let next = 0;
  const served = new Map<string, number>();
  let dropAnswer: ((path: string) => boolean) | undefined;
  let dropped = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      for (let tried = 0; tried < list.length; tried++) {
        const backend = list[next++ % list.length]!;
        try {
          const answer = await forward(backend, req, body);
          served.set(backend, (served.get(backend) ?? 0) + 1);
          if (dropAnswer?.(req.url ?? "")) {
            dropAnswer = undefined;
            dropped++;
            res.writeHead(504).end("answer lost");
            return;
          }
          res.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        } catch (err) {
          // refused or reset before an answer: the next backend gets the request
          if ((err as NodeJS.ErrnoException).code !== "ECONNREFUSED" && (err as NodeJS.ErrnoException).code !== "ECONNRESET") break;
        }
      }
      res.writeHead(502).end("no backend answered");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackends(urls) {
      list = [...urls];
    },
    served,
    dropNextAnswer(path) {
      dropAnswer = path;
    },
    answersDropped: () => dropped,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
