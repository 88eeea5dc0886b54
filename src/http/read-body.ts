/**
 * Reads a request body into memory up to a limit. Past the limit it stops keeping what arrives
 * (the rest is discarded, never buffered) and answers "too-large" at once, so the caller can refuse
 * before the client has finished sending; a body the client aborts is "unreadable".
 */
import type { IncomingMessage } from "node:http";

export type BodyRead = Buffer | "too-large" | "unreadable";

export function readBodyUpTo(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (typeof result === "string") req.resume(); // drain and drop the rest
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish("too-large");
      chunks.push(chunk);
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onError = () => finish("unreadable");
    // closed before "end": the client went away mid-body
    const onClose = () => finish("unreadable");
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
