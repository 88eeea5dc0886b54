/** Baseline for the receiver: a bare node:http server that reads the body and answers 200. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serveCommands } from "../lib/child.js";

let received = 0;
const server = createServer((req, res) => {
  req.on("data", () => undefined);
  req.on("end", () => {
    received++;
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, path: "/hooks/bench", secret: "whsec_AAAA" })}\n`);
});
serveCommands({ stored: () => ({ events: received, notices: 0 }) });
process.on("SIGTERM", () => server.close(() => process.exit(0)));
