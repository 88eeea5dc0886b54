/**
 * The HTTP side, above the bot, the inbox and the events it hands requests to: the server
 * (/healthz, /readyz, /metrics and the raw POST routes), body reading, Telegram's webhook (into the
 * inbox) and the marketplace event receiver (into events/).
 */
export { createHttpApp, startHttpServer, DRAIN_MS, type HttpServer, type RawPostRoute, type RawRoute } from "./server.js";
export { telegramWebhookRoute, telegramWebhookPath, telegramSecretToken } from "./telegram-webhook.js";
export { receiverRoute, type ReceiverDeps } from "./event-receiver.js";
export { readBodyUpTo, type BodyRead } from "./read-body.js";
