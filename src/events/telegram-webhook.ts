import { createHash, createHmac } from "node:crypto";
import { webhookCallback, type Bot } from "grammy";
import type { RawRoute } from "./http-server.js";
import type { BotContext } from "../bot/context.js";

/** An unguessable path per bot token, so the URL itself does not reveal the token. */
export function telegramWebhookPath(botToken: string): string {
  return `/telegram/${createHash("sha256").update(botToken).digest("hex").slice(0, 24)}`;
}

/** Telegram's secret_token: configured, or derived from the bot token (never the token itself). */
export function telegramSecretToken(botToken: string, configured?: string): string {
  return configured ?? createHmac("sha256", botToken).update("telegram-webhook-secret").digest("hex").slice(0, 48);
}

/** The webhook handler; grammY checks Telegram's secret token header (401 otherwise). */
export function telegramWebhookRoute(bot: Bot<BotContext>, secretToken: string): RawRoute {
  return webhookCallback(bot, "http", { secretToken, onTimeout: "return", timeoutMilliseconds: 50_000 });
}
