/**
 * A proxy in front of the sandbox that lets the test decide when each answer goes back: `onRequest`
 * sees each request's path as it arrives and returns what to do with its answer once the sandbox
 * has given it (`pass` sends it on). The holding and pairing proxies of the tests are built on it.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(upstream: () => string, onRequest: (path: string) => (pass: () => void) => void): Promise<ForwardingProxy> {
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    const onAnswer = onRequest(path);
    const target = new URL(path, upstream());
    const forward = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) =>
      onAnswer(() => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      }),
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
