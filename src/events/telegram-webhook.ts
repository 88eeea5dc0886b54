import { createHash, createHmac } from "node:crypto";
import { webhookCallback, type Bot } from "grammy";
import type { Mount } from "./http-server.js";
import type { BotContext } from "../bot/context.js";

/** An unguessable path per bot token, so the URL itself does not reveal the token. */
export function telegramWebhookPath(botToken: string): string {
  return `/telegram/${createHash("sha256").update(botToken).digest("hex").slice(0, 24)}`;
}

/** Telegram's secret_token: configured, or derived from the bot token (never the token itself). */
export function telegramSecretToken(botToken: string, configured?: string): string {
  return configured ?? createHmac("sha256", botToken).update("telegram-webhook-secret").digest("hex").slice(0, 48);
}

export function mountTelegramWebhook(bot: Bot<BotContext>, path: string, secretToken: string): Mount {
  const handle = webhookCallback(bot, "hono", { secretToken, onTimeout: "return", timeoutMilliseconds: 50_000 });
  return (app) => {
    app.post(path, (c) => handle(c));
  };
}
