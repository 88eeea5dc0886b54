import type { Update } from "grammy/types";

/**
 * The chat an update belongs to, as the bot sequences it (`ctx.chat ?? ctx.from`): the chat's id,
 * else the user's (an inline query, a tap on an inline message), else "" (an update of neither).
 */
export function chatKeyOf(update: Update): string {
  for (const key in update) {
    if (key === "update_id") continue;
    const payload = (update as unknown as Record<string, unknown>)[key] as
      | { chat?: { id: number }; message?: { chat?: { id: number } }; from?: { id: number }; user?: { id: number } }
      | undefined;
    if (!payload || typeof payload !== "object") continue;
    const id = payload.chat?.id ?? payload.message?.chat?.id ?? payload.from?.id ?? payload.user?.id;
    return id === undefined ? "" : String(id);
  }
  return "";
}

/** The shape Telegram sends: an object with an integer update_id. */
export function isUpdate(value: unknown): value is Update {
  return typeof value === "object" && value !== null && Number.isSafeInteger((value as { update_id?: unknown }).update_id);
}

/** What kind of update it is (message, callback_query, …): its one field besides update_id. */
export function updateKind(update: Update): string {
  for (const key in update) if (key !== "update_id") return key;
  return "unknown";
}
