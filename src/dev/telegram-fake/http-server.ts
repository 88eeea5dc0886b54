/** The fake Bot API's HTTP side: /bot<token>/<method> on 127.0.0.1, the request parsed, the JSON answer written. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, bad, errMessage, type Json, type UploadedFile } from "./common.js";
import type { Dispatch } from "./dispatch.js";
import { parseRequest, readBody } from "./request.js";

export interface HttpServer {
  /** http://127.0.0.1:<port> */
  readonly root: string;
  close(): Promise<void>;
}

export async function startHttpServer(dispatch: Dispatch): Promise<HttpServer> {
  const server = createServer((req, res) => void onRequest(dispatch, req, res));
  server.on("clientError", (_err, socket) => socket.destroy());
  const root = await new Promise<string>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
  return {
    root,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function onRequest(dispatch: Dispatch, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    const match = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) {
      sendJson(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      return;
    }
    const token = decodeURIComponent(match[1] ?? "");
    const method = match[2] ?? "";
    let parsed: { payload: Json; files: Map<string, UploadedFile> } = { payload: {}, files: new Map() };
    let parseError: ApiError | undefined;
    try {
      parsed = parseRequest(req.headers["content-type"], body, url.searchParams);
    } catch (err) {
      parseError = err instanceof ApiError ? err : bad(errMessage(err));
    }
    const onAbort = (cb: () => void) => {
      res.on("close", () => {
        if (!res.writableFinished) cb();
      });
    };
    const outcome = await dispatch(token, method, parsed.payload, { files: parsed.files, onAbort }, parseError);
    if (outcome) sendJson(res, outcome.status, outcome.body);
  } catch (err) {
    const status = err instanceof ApiError ? err.code : 500;
    const description = err instanceof ApiError ? err.description : `Internal Server Error: ${errMessage(err)}`;
    sendJson(res, status, { ok: false, error_code: status, description });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
