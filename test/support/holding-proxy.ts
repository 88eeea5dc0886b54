/**
 * A proxy in front of the sandbox that holds back the answers to the requests matching a pattern
 * until the test releases them: a marketplace call made slow at a chosen moment, without timing.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface HoldingProxy {
  url: string;
  /** Requests matching the pattern seen so far. */
  held(): number;
  /** Lets the held answers go, and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(upstream: () => string, hold: RegExp): Promise<HoldingProxy> {
  let held = 0;
  let released = false;
  const waiting: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    const holdThis = hold.test(path);
    if (holdThis) held++;
    const target = new URL(path, upstream());
    const forward = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      const pass = () => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      if (holdThis && !released) waiting.push(pass);
      else pass();
    });
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held,
    release: () => {
      released = true;
      waiting.splice(0).forEach((pass) => pass());
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
