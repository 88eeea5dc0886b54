/**
 * One call to the fake Bot API, whether it came over HTTP or in a webhook reply: the token checked,
 * an injected failure or a rate limit applied, the method run, and the call recorded.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { RecordedCall } from "./types.js";
import { ABORTED, ApiError, errMessage, errorBody, type CallContext, type Handler, type Json } from "./common.js";
import type { Faults } from "./faults.js";
import type { RateLimits } from "./rate-limits.js";

export type Dispatch = (
  token: string,
  rawMethod: string,
  payload: Json,
  ctx: CallContext,
  parseError?: ApiError,
) => Promise<{ status: number; body: Json } | undefined>;

export function createDispatch(options: {
  token: string;
  /** The methods by name; a call names them in any letter case, as Telegram allows. */
  methods: Record<string, Handler>;
  delayMs: number;
  faults: Faults;
  rateLimits: RateLimits;
  record: (call: RecordedCall) => void;
}): Dispatch {
  const handlers = new Map(Object.entries(options.methods).map(([name, fn]) => [name.toLowerCase(), { name, fn }]));
  return async (token, rawMethod, payload, ctx, parseError) => {
    const at = Date.now();
    if (options.delayMs > 0) await delay(options.delayMs);
    const entry = handlers.get(rawMethod.toLowerCase());
    const method = entry?.name ?? rawMethod;
    let body: Json;
    if (token !== options.token) body = errorBody(new ApiError(401, "Unauthorized"));
    else if (!entry) body = errorBody(new ApiError(404, "Not Found: method not found"));
    else if (parseError) body = errorBody(parseError);
    else {
      try {
        options.faults.apply(method);
        options.rateLimits.check(method, payload);
        const result = await entry.fn(payload, ctx);
        if (result === ABORTED) return undefined;
        body = { ok: true, result };
      } catch (err) {
        body = errorBody(err instanceof ApiError ? err : new ApiError(500, `Internal Server Error: ${errMessage(err)}`));
      }
    }
    options.record({ method, payload, at, response: body });
    return { status: body.ok === true ? 200 : Number(body.error_code), body };
  };
}
