/**
 * A tiny hand-written marketplace stand-in on node:http: every request is recorded (method, url,
 * headers, body) and answered by a replaceable handler, so tests can send exactly the bytes a
 * tolerant client must cope with.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  url: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StubHandler = (req: Recorded, res: ServerResponse, index: number) => void | Promise<void>;

export interface Stub {
  url: string;
  requests: Recorded[];
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startStub(initial: StubHandler = (_req, res) => sendJson(res, 404, {})): Promise<Stub> {
  let handler = initial;
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "/";
      const rec: Recorded = {
        method: req.method ?? "",
        url,
        path: url.split("?")[0] ?? url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(rec);
      Promise.resolve(handler(rec, res, requests.length - 1)).catch((err: unknown) => {
        console.error("stub handler failed", err);
        res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends raw text (so tests control the exact JSON bytes, e.g. big integer literals). */
export function sendRaw(res: ServerResponse, status: number, text: string, contentType = "application/json"): void {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body));
}

/** Drops the connection without an answer (the client sees a reset / "other side closed"). */
export function resetConnection(res: ServerResponse): void {
  res.socket?.destroy();
}
