/**
 * The fake Bot API's flood limits (`options.rateLimit`): sends beyond the overall or the per-chat rate
 * in a sliding one-second window answer 429 with `retry_after`, as Telegram's do.
 */
import type { FakeBotApiOptions } from "./types.js";
import { ApiError, getInt, type Json } from "./common.js";

/** Methods subject to `options.rateLimit`. */
const RATE_LIMITED = new Set(["sendMessage", "sendPhoto", "sendDocument", "editMessageText"]);

export interface RateLimits {
  /** Counts a call, or throws the 429 it gets. */
  check(method: string, payload: Json): void;
  reset(): void;
}

export function createRateLimits(limits: FakeBotApiOptions["rateLimit"]): RateLimits {
  let globalSends: number[] = [];
  const chatSends = new Map<number, number[]>();
  return {
    check(method, payload) {
      if (!limits || !RATE_LIMITED.has(method)) return;
      const now = Date.now();
      const prune = (arr: number[]) => {
        let n = 0;
        while (n < arr.length && (arr[n] ?? 0) <= now - 1000) n++;
        if (n > 0) arr.splice(0, n);
      };
      prune(globalSends);
      const chatId = getInt(payload, "chat_id");
      let perChat: number[] | undefined;
      if (chatId !== undefined) {
        perChat = chatSends.get(chatId) ?? [];
        chatSends.set(chatId, perChat);
        prune(perChat);
      }
      let freeAt: number | undefined;
      if (globalSends.length >= limits.globalPerSecond) {
        freeAt = (globalSends[globalSends.length - limits.globalPerSecond] ?? now) + 1000;
      }
      if (perChat && perChat.length >= limits.perChatPerSecond) {
        const t = (perChat[perChat.length - limits.perChatPerSecond] ?? now) + 1000;
        freeAt = Math.max(freeAt ?? 0, t);
      }
      if (freeAt !== undefined) {
        const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
        throw new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
      }
      globalSends.push(now);
      perChat?.push(now);
    },
    reset() {
      globalSends = [];
      chatSends.clear();
    },
  };
}
