/**
 * The fake Bot API's record of the bot's calls: `calls`, `callsOf`, and `waitForCall`, which hands
 * each call to one waiter only and, on a timeout, says what did arrive.
 */
import type { RecordedCall } from "./types.js";
import { isObj, type CallWaiter } from "./common.js";
import { summarizeResponse, truncate } from "./markup.js";

/** How updates reach the bot right now, for a timed-out wait's message. */
export interface DeliveryState {
  pending: number;
  webhookUrl?: string;
  polling: boolean;
  lastWebhookError?: string;
}

export interface CallLog {
  readonly calls: ReadonlyArray<RecordedCall>;
  /** `record`, `callsOf` and `waitForCall` are plain functions, handed out as they are. */
  record: (call: RecordedCall) => void;
  callsOf: (method: string) => RecordedCall[];
  waitForCall: (
    method: string | string[],
    predicate?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<RecordedCall>;
  reset(): void;
  /** Rejects every waiter; later waits reject at once. */
  stop(): void;
}

export function createCallLog(options: { onCall?: (call: RecordedCall) => void; delivery: () => DeliveryState }): CallLog {
  const callLog: RecordedCall[] = [];
  let consumed = new WeakSet<RecordedCall>();
  let waiters: CallWaiter[] = [];
  let stopped = false;

  const matches = (methods: string[], predicate: ((payload: Record<string, unknown>) => boolean) | undefined, call: RecordedCall) => {
    if (consumed.has(call) || !methods.includes(call.method.toLowerCase())) return false;
    if (!predicate) return true;
    try {
      return predicate(call.payload);
    } catch {
      return false;
    }
  };

  const describeTimeout = (
    method: string | string[],
    predicate: ((payload: Record<string, unknown>) => boolean) | undefined,
    methods: string[],
    timeoutMs: number,
  ): string => {
    const name = Array.isArray(method) ? method.join("|") : method;
    const lines = [`FakeBotApi.waitForCall(${name}${predicate ? ", <predicate>" : ""}) timed out after ${timeoutMs} ms.`];
    const sameMethod = callLog.filter((c) => methods.includes(c.method.toLowerCase()));
    const unconsumed = sameMethod.filter((c) => !consumed.has(c));
    lines.push(
      `${name} calls so far: ${sameMethod.length} (${sameMethod.length - unconsumed.length} already consumed by earlier waitForCall` +
        `${predicate ? `, ${unconsumed.length} unconsumed ones rejected by the predicate` : ""}).`,
    );
    const interesting = callLog.filter(
      (c) => !(c.method === "getUpdates" && isObj(c.response) && c.response.ok === true && Array.isArray(c.response.result) && c.response.result.length === 0),
    );
    const recent = interesting.slice(-15);
    lines.push(`Recent calls (${recent.length} of ${callLog.length}; empty getUpdates hidden; * = consumed):`);
    for (const c of recent) {
      lines.push(`  ${consumed.has(c) ? "*" : " "} ${c.method} ${truncate(JSON.stringify(c.payload), 160)} -> ${summarizeResponse(c.response)}`);
    }
    if (recent.length === 0) lines.push("  (none)");
    const delivery = options.delivery();
    lines.push(
      `Pending updates: ${delivery.pending}; delivery: ${delivery.webhookUrl ? `webhook ${delivery.webhookUrl}` : delivery.polling ? "long poll waiting" : "no long poll waiting"}.`,
    );
    if (delivery.lastWebhookError !== undefined) lines.push(`Last webhook error: ${delivery.lastWebhookError}`);
    return lines.join("\n");
  };

  return {
    calls: callLog,
    record(call) {
      callLog.push(call);
      options.onCall?.(call);
      const index = waiters.findIndex((w) => matches(w.methods, w.predicate, call));
      const waiter = waiters[index];
      if (waiter) {
        waiters.splice(index, 1);
        clearTimeout(waiter.timer);
        consumed.add(call);
        waiter.resolve(call);
      }
    },
    callsOf(method) {
      const m = method.toLowerCase();
      return callLog.filter((c) => c.method.toLowerCase() === m);
    },
    waitForCall(method, predicate, timeoutMs = 5000) {
      const methods = (Array.isArray(method) ? method : [method]).map((m) => m.toLowerCase());
      const existing = callLog.find((c) => matches(methods, predicate, c));
      if (existing) {
        consumed.add(existing);
        return Promise.resolve(existing);
      }
      if (stopped) return Promise.reject(new Error("FakeBotApi.waitForCall: the server is stopped"));
      return new Promise<RecordedCall>((resolve, reject) => {
        const waiter: CallWaiter = {
          methods,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters = waiters.filter((w) => w !== waiter);
            reject(new Error(describeTimeout(method, predicate, methods, timeoutMs)));
          }, timeoutMs),
        };
        if (predicate) waiter.predicate = predicate;
        waiters.push(waiter);
      });
    },
    reset() {
      callLog.length = 0;
      consumed = new WeakSet();
    },
    stop() {
      stopped = true;
      for (const w of waiters.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new Error("FakeBotApi.waitForCall: the server was stopped"));
      }
    },
  };
}
