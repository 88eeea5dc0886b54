import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/logger.js";

/** A debug-level logger whose JSON lines are kept (to assert on them, and that no secret appears). */
export function capturedLogger(secrets: string[] = []): { logger: Logger; logs: string[] } {
  const logs: string[] = [];
  const logger = createLogger({
    level: "debug",
    secrets,
    destination: new Writable({
      write(chunk: Buffer, _enc, cb) {
        logs.push(chunk.toString());
        cb();
      },
    }),
  });
  return { logger, logs };
}
