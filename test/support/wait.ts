import { setTimeout as sleep } from "node:timers/promises";
import { inspect } from "node:util";

export interface WaitUntilOptions {
  /** Give up after this many milliseconds (default 5000). */
  timeoutMs?: number;
  /** Pause between attempts (default 10 ms). */
  intervalMs?: number;
  /** Prefix of the error message on timeout. */
  message?: string;
}

/**
 * Polls `fn` until it returns something other than `undefined` / `false` and
 * resolves with that value. If `fn` throws (e.g. an `expect` that does not pass
 * yet) the attempt counts as "not yet"; on timeout the last error is reported
 * (and attached as `cause`).
 */
export async function waitUntil<T>(
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  opts: WaitUntilOptions = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const intervalMs = opts.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  let attempts = 0;
  for (;;) {
    attempts++;
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const base = `${opts.message ?? "waitUntil: condition not met"} (timed out after ${timeoutMs} ms, ${attempts} attempts)`;
      if (lastError !== undefined) {
        const detail = lastError instanceof Error ? lastError.message : inspect(lastError);
        throw new Error(`${base}; last error: ${detail}`, { cause: lastError });
      }
      throw new Error(base);
    }
    await sleep(Math.max(0, Math.min(intervalMs, deadline - Date.now())));
  }
}
