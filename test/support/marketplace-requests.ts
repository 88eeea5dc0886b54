/**
 * Every HTTP request this process sends to one origin (the sandbox marketplace), as undici reports
 * it on its diagnostics channel before anything is written: a test can say that no request left,
 * or which key one carried, whichever client code sent it.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface RequestRecorder {
  readonly requests: SentRequest[];
  stop(): void;
}

const CHANNEL = "undici:request:create";

/** undici gives the headers as a flat [name, value, …] list, or as "name: value\r\n" text in older versions. */
function headersOf(raw: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (Array.isArray(raw)) {
    for (let i = 0; i + 1 < raw.length; i += 2) headers[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
  } else if (typeof raw === "string") {
    for (const line of raw.split("\r\n")) {
      const at = line.indexOf(":");
      if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return headers;
}

export function recordRequestsTo(baseUrl: string): RequestRecorder {
  const origin = new URL(baseUrl).origin;
  const requests: SentRequest[] = [];
  const onRequest = (message: unknown) => {
    const request = (message as { request: { origin?: unknown; method?: unknown; path?: unknown; headers?: unknown } }).request;
    if (String(request.origin) !== origin) return;
    requests.push({ method: String(request.method), path: String(request.path), headers: headersOf(request.headers) });
  };
  subscribe(CHANNEL, onRequest);
  return { requests, stop: () => unsubscribe(CHANNEL, onRequest) };
}
