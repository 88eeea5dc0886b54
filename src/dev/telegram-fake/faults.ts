/** The fake Bot API's injected failures (`failNext`): the next calls of a method answer the error a test asked for. */
import type { FakeFailure } from "./types.js";
import { ApiError } from "./common.js";

/** What Telegram says with each error code, unless the test gave its own description. */
const DEFAULT_DESCRIPTIONS: Record<Exclude<FakeFailure["code"], 429>, string> = {
  403: "Forbidden: bot was blocked by the user",
  401: "Unauthorized",
  409: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
  400: "Bad Request: injected failure",
  500: "Internal Server Error",
  502: "Bad Gateway",
};

export interface Faults {
  /** A plain function, handed out by the FakeBotApi as it is. */
  failNext: (method: string, failure: FakeFailure, times?: number) => void;
  /** Throws the failure queued for this method, if any. */
  apply(method: string): void;
  reset(): void;
}

export function createFaults(): Faults {
  const failures = new Map<string, FakeFailure[]>();
  return {
    failNext(method, failure, times = 1) {
      const key = method.toLowerCase();
      const queue = failures.get(key) ?? [];
      for (let i = 0; i < times; i++) queue.push(failure);
      failures.set(key, queue);
    },
    apply(method) {
      const queue = failures.get(method.toLowerCase());
      const failure = queue?.shift();
      if (!failure) return;
      if (queue && queue.length === 0) failures.delete(method.toLowerCase());
      if (failure.code === 429) {
        const retryAfter = Math.max(0, Math.round(failure.retryAfter));
        throw new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
      }
      throw new ApiError(failure.code, failure.description ?? DEFAULT_DESCRIPTIONS[failure.code]);
    },
    reset() {
      failures.clear();
    },
  };
}
