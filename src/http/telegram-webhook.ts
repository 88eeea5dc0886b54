/**
 * POST /telegram/<hash>: Telegram's webhook. The secret token (401), the body up to a limit (413),
 * the JSON (400); then the update is recorded in the inbox and answered 200 at once: it is handled
 * from the inbox, so the answer never waits for the bot's Bot API or marketplace calls. A webhook
 * that cannot be recorded (the database down, the backlog full, a shutdown) is answered 5xx at once,
 * so Telegram keeps the update and delivers it again; every request gets an answer.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawRoute } from "./server.js";
import { readBodyUpTo } from "./read-body.js";
import type { Logger } from "../logger.js";
import { createOutageLog } from "../store/outage-log.js";
import { StoreClosedError } from "../store/errors.js";
import { isUpdate } from "../inbox/chat-key.js";
import { InboxStoppedError, type Inbox } from "../inbox/inbox.js";

/** An unguessable path per bot token, so the URL itself does not reveal the token. */
export function telegramWebhookPath(botToken: string): string {
  return `/telegram/${createHash("sha256").update(botToken).digest("hex").slice(0, 24)}`;
}

/** Telegram's secret_token: configured, or derived from the bot token (never the token itself). */
export function telegramSecretToken(botToken: string, configured?: string): string {
  return configured ?? createHmac("sha256", botToken).update("telegram-webhook-secret").digest("hex").slice(0, 48);
}

/** Telegram's updates are a few kB; a body past this is not an update. */
const MAX_UPDATE_BYTES = 1024 * 1024;
const SECRET_HEADER = "x-telegram-bot-api-secret-token";

function answer(res: ServerResponse, status: number, body = ""): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "text/plain", "content-length": Buffer.byteLength(body) }).end(body);
}

function sameSecret(given: string | string[] | undefined, expected: Buffer): boolean {
  if (typeof given !== "string") return false;
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

export function telegramWebhookRoute(inbox: Inbox, secretToken: string, logger: Logger): RawRoute {
  const expected = Buffer.from(secretToken);
  const outage = createOutageLog(logger, "Telegram webhook (updates refused with 500, Telegram delivers them again)");
  let full = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sameSecret(req.headers[SECRET_HEADER], expected)) return answer(res, 401, "secret token is wrong");
    const body = await readBodyUpTo(req, MAX_UPDATE_BYTES);
    if (body === "too-large") return answer(res, 413);
    if (body === "unreadable") return answer(res, 400);
    const json = body.toString("utf8");
    let update: unknown;
    try {
      update = JSON.parse(json);
    } catch {
      return answer(res, 400, "not JSON");
    }
    if (!isUpdate(update)) return answer(res, 400, "not an update");
    const received = await inbox.receive(update, json);
    outage.succeeded();
    if (received === "full") {
      if (!full) logger.warn({ waiting: inbox.load().updates }, "update inbox full: webhooks are refused until it drains (Telegram delivers them again)");
      full = true;
      return answer(res, 503, "busy, deliver again");
    }
    if (full) logger.info("update inbox has room again");
    full = false;
    answer(res, 200);
  }

  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (err) {
      if (err instanceof StoreClosedError || err instanceof InboxStoppedError) return answer(res, 503, "restarting, deliver again");
      outage.failed(err);
      answer(res, 500);
    }
  };
}
