import type { Update } from "grammy/types";
import { testBotInfo } from "../../src/dev/telegram-fake/bot-info.js";
/** Telegram updates for the load: a command from one of `users` distinct users, each update id fresh. */
let updateId = 1;

export function startCommandUpdate(users: number, offset = 0, command = "/start"): string {
  const id = updateId++;
  return JSON.stringify(commandUpdate(1_000_000 + offset + (id % users), command, id));
}

/** A private-chat message with a command from user (and chat) `userId`, its language one of en/ru/zh. */
export function commandUpdate(userId: number, command: string, id = updateId++): Update {
  return {
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: "private", first_name: "Bench" },
      from: { id: userId, is_bot: false, first_name: "Bench", language_code: ["en", "ru", "zh"][userId % 3] },
      text: command,
      entities: [{ type: "bot_command", offset: 0, length: command.split(" ")[0]!.length }],
    },
  };
}

/** Answers Bot API calls in-process, identically for the bot and its baseline (no HTTP to Telegram). */
export function localBotApiResult(method: string, payload: Record<string, unknown>): unknown {
  if (method === "sendMessage") {
    return { message_id: 1, date: 0, chat: { id: payload.chat_id, type: "private" }, text: payload.text };
  }
  return true;
}

export const BENCH_BOT_INFO = testBotInfo({ id: 42, first_name: "Bench", username: "bench_bot" });
