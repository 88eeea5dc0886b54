/**
 * Server-sent events to the open pages: which chat changed (the page fetches it again, so edits
 * and deletions show in place), "typing…", and answers to taps. Each page says which user it is;
 * a private chat's events go to that user's pages only, a group's to everyone.
 */
import type { ServerResponse } from "node:http";
import type { RecordedCall } from "../telegram-fake/fake-bot-api.js";

export type PageEvent =
  | { type: "chat"; chatId: number }
  | { type: "typing"; chatId: number }
  | { type: "toast"; text: string; alert: boolean; url?: string };

/** Bot API methods that change what a chat shows. */
const CHANGES = new Set(["sendMessage", "sendPhoto", "editMessageText", "editMessageCaption", "editMessageReplyMarkup", "deleteMessage", "deleteMessages"]);
/** How often an idle stream gets a comment, so proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 15_000;

export interface EventHub {
  subscribe(userId: number, res: ServerResponse): void;
  /** Sends `event` to the pages that see `chatId` (or user `chatId` for a toast). */
  publish(chatId: number, event: PageEvent): void;
  /** Remembers who tapped, so the bot's answer to the tap reaches that user's pages. */
  tapped(callbackQueryId: string, userId: number): void;
  /** The fake Bot API's onCall hook: every answered call the bot made. */
  onBotCall(call: RecordedCall): void;
  close(): void;
}

const ok = (call: RecordedCall) => typeof call.response === "object" && call.response !== null && (call.response as { ok?: unknown }).ok === true;

export function createEventHub(): EventHub {
  const pages = new Set<{ userId: number; res: ServerResponse }>();
  /** Open taps: callback query id → user. Answered (or too old) ones are dropped. */
  const taps = new Map<string, number>();

  const send = (res: ServerResponse, event: PageEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
  const keepAlive = setInterval(() => {
    for (const page of pages) page.res.write(": keep-alive\n\n");
  }, KEEP_ALIVE_MS);
  keepAlive.unref();

  const hub: EventHub = {
    subscribe(userId, res) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      res.write(": connected\n\n");
      const page = { userId, res };
      pages.add(page);
      res.on("close", () => pages.delete(page));
    },
    publish(chatId, event) {
      for (const page of pages) if (chatId < 0 || page.userId === chatId) send(page.res, event);
    },
    tapped(callbackQueryId, userId) {
      taps.set(callbackQueryId, userId);
      if (taps.size > 1000) taps.delete(taps.keys().next().value!);
    },
    onBotCall(call) {
      if (!ok(call)) return;
      const chatId = Number(call.payload.chat_id);
      if (CHANGES.has(call.method) && Number.isSafeInteger(chatId)) hub.publish(chatId, { type: "chat", chatId });
      else if (call.method === "sendChatAction" && Number.isSafeInteger(chatId)) hub.publish(chatId, { type: "typing", chatId });
      else if (call.method === "answerCallbackQuery") {
        const id = String(call.payload.callback_query_id);
        const userId = taps.get(id);
        taps.delete(id);
        const text = typeof call.payload.text === "string" ? call.payload.text : "";
        const url = typeof call.payload.url === "string" ? call.payload.url : undefined;
        if (userId !== undefined && (text || url)) hub.publish(userId, { type: "toast", text, alert: call.payload.show_alert === true, ...(url ? { url } : {}) });
      }
    },
    close() {
      clearInterval(keepAlive);
      for (const page of pages) page.res.end();
      pages.clear();
    },
  };
  return hub;
}
