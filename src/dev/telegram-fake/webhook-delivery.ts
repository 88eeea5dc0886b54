/**
 * The fake Bot API's webhook: setWebhook, deleteWebhook and getWebhookInfo, and the delivery that
 * POSTs the waiting updates to the bot one at a time, retrying a failed one a few times as Telegram
 * does, and runs the API call a webhook reply may carry.
 */
import { setTimeout as delay } from "node:timers/promises";
import { Agent, request as undiciRequest } from "undici";
import { ApiError, bad, errMessage, getInt, getString, isObj, normalizePayload, nowSec, type Handler, type Json } from "./common.js";
import { truncate } from "./markup.js";
import { WEBHOOK_CONFLICT, type Updates } from "./updates.js";

/** Attempts at one update before it is dropped. */
const WEBHOOK_MAX_ATTEMPTS = 3;

export interface WebhookDelivery {
  methods: Record<string, Handler>;
  /** A webhook is set: getUpdates conflicts and updates go by POST. */
  active(): boolean;
  readonly webhook: { url?: string; secretToken?: string };
  lastError(): string | undefined;
  /** Starts delivering the waiting updates, unless it runs already (or the caller delivers). */
  start(): void;
  /** Stops delivering and forgets the webhook. */
  reset(): void;
  /** Stops delivering for good. */
  stop(): void;
  close(): Promise<void>;
}

export function createWebhookDelivery(options: {
  updates: Updates;
  /** Default true; false leaves the updates to the caller's own deliverer (`takeUpdates`). */
  deliver: boolean;
  /** Runs an API call of a webhook reply as if the bot had made it. */
  call: (method: string, payload: Json) => Promise<unknown>;
  stopped: () => boolean;
}): WebhookDelivery {
  const { updates } = options;
  const agent = new Agent({ keepAliveTimeout: 1000, keepAliveMaxTimeout: 1000 });
  let webhookState: { url?: string; secretToken?: string } = {};
  let webhookError: { date: number; message: string } | undefined;
  /** setWebhook's max_connections; Telegram's default is 40. */
  let webhookMaxConnections = 40;
  let delivery: { abort: AbortController } | undefined;

  const start = (): void => {
    if (!options.deliver || delivery || options.stopped() || !webhookState.url) return;
    const abort = new AbortController();
    delivery = { abort };
    void deliveryLoop(abort.signal).finally(() => {
      if (delivery?.abort !== abort) return;
      delivery = undefined;
      // An update may have been queued while the loop was finishing.
      if (!abort.signal.aborted && updates.pending() > 0) start();
    });
  };

  const stopDelivery = (): void => {
    delivery?.abort.abort();
    delivery = undefined;
  };

  const deliveryLoop = async (signal: AbortSignal): Promise<void> => {
    let failures = 0;
    while (!signal.aborted && !options.stopped()) {
      const { url, secretToken } = webhookState;
      if (!url) return;
      const update = updates.next();
      if (!update) return;
      let delivered = false;
      try {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (secretToken !== undefined) headers["x-telegram-bot-api-secret-token"] = secretToken;
        const res = await undiciRequest(url, {
          method: "POST",
          headers,
          body: JSON.stringify(update),
          dispatcher: agent,
          signal,
          headersTimeout: 60_000,
          bodyTimeout: 60_000,
        });
        const text = await res.body.text();
        if (res.statusCode >= 200 && res.statusCode < 300) {
          delivered = true;
          await handleWebhookReply(text);
        } else {
          webhookError = { date: nowSec(), message: `Wrong response from the webhook: ${res.statusCode} ${truncate(text, 100)}` };
        }
      } catch (err) {
        if (signal.aborted) return;
        webhookError = { date: nowSec(), message: `Connection failed: ${errMessage(err)}` };
      }
      if (delivered || ++failures >= WEBHOOK_MAX_ATTEMPTS) {
        updates.remove(update);
        failures = 0;
      } else {
        try {
          await delay(50 * 2 ** failures, undefined, { signal });
        } catch {
          return;
        }
      }
    }
  };

  /** grammY's webhook reply: the webhook response body may itself be an API call. */
  const handleWebhookReply = async (text: string): Promise<void> => {
    if (!text.trim().startsWith("{")) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObj(body) || typeof body.method !== "string") return;
    const { method, ...payload } = body;
    await options.call(method, normalizePayload(payload));
  };

  const setWebhook = (p: Json): true => {
    const url = getString(p, "url") ?? "";
    if (url === "") {
      stopDelivery();
      webhookState = {};
      if (p.drop_pending_updates === true) updates.drop();
      return true;
    }
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw bad("bad webhook: An HTTPS URL must be provided for webhook");
    const secret = getString(p, "secret_token");
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      throw bad("secret token contains unallowed characters");
    }
    updates.allow(p.allowed_updates);
    const maxConnections = getInt(p, "max_connections") ?? 40;
    if (maxConnections < 1 || maxConnections > 100) throw bad("bad webhook: max_connections must be between 1 and 100");
    if (p.drop_pending_updates === true) updates.drop();
    stopDelivery();
    webhookMaxConnections = maxConnections;
    webhookState = secret !== undefined ? { url, secretToken: secret } : { url };
    webhookError = undefined;
    updates.endPoll(new ApiError(409, WEBHOOK_CONFLICT));
    setImmediate(start);
    return true;
  };

  const methods: Record<string, Handler> = {
    setWebhook,
    deleteWebhook: (p) => {
      stopDelivery();
      webhookState = {};
      webhookError = undefined;
      if (p.drop_pending_updates === true) updates.drop();
      return true;
    },
    getWebhookInfo: () => {
      const info: Json = {
        url: webhookState.url ?? "",
        has_custom_certificate: false,
        pending_update_count: updates.pending(),
      };
      if (webhookState.url) {
        info.max_connections = webhookMaxConnections;
        if (webhookError) {
          info.last_error_date = webhookError.date;
          info.last_error_message = webhookError.message;
        }
      }
      return info;
    },
  };

  return {
    methods,
    active: () => Boolean(webhookState.url),
    get webhook() {
      return { ...webhookState };
    },
    lastError: () => webhookError?.message,
    start,
    reset() {
      stopDelivery();
      webhookState = {};
      webhookError = undefined;
    },
    stop: stopDelivery,
    close: () => agent.destroy(),
  };
}
