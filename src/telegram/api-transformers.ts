/**
 * Transformers on every outgoing Bot API call: HTML parse mode by default, link previews off by
 * default, and bounded auto-retry on 429/5xx. Installed on the bot's api and re-installed inside
 * conversations (conversations v2 rebuild ctx.api).
 */
import type { Api, Transformer } from "grammy";
import { autoRetry } from "@grammyjs/auto-retry";

const PARSE_MODE_METHODS = new Set(["sendMessage", "editMessageText", "sendPhoto", "editMessageCaption", "copyMessage"]);
const LINK_PREVIEW_METHODS = new Set(["sendMessage", "editMessageText"]);

export const htmlByDefault: Transformer = (prev, method, payload, signal) => {
  if (payload && typeof payload === "object") {
    const p = payload as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    if (PARSE_MODE_METHODS.has(method) && p.parse_mode === undefined) patch.parse_mode = "HTML";
    if (LINK_PREVIEW_METHODS.has(method) && p.link_preview_options === undefined) patch.link_preview_options = { is_disabled: true };
    if (Object.keys(patch).length > 0) payload = { ...p, ...patch } as typeof payload;
  }
  return prev(method, payload, signal);
};

export function installApiTransformers(api: Api): void {
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
  api.config.use(htmlByDefault);
}
