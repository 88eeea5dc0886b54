/** Telegram updates for the load: a command from one of `users` distinct users, each update id fresh. */
let updateId = 1;

export function startCommandUpdate(users: number, offset = 0, command = "/start"): string {
  const id = updateId++;
  const userId = 1_000_000 + offset + (id % users);
  return JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: "private", first_name: "Bench" },
      from: { id: userId, is_bot: false, first_name: "Bench", language_code: ["en", "ru", "zh"][id % 3] },
      text: command,
      entities: [{ type: "bot_command", offset: 0, length: command.length }],
    },
  });
}

/** Answers Bot API calls in-process, identically for the bot and its baseline (no HTTP to Telegram). */
export function localBotApiResult(method: string, payload: Record<string, unknown>): unknown {
  if (method === "sendMessage") {
    return { message_id: 1, date: 0, chat: { id: payload.chat_id, type: "private" }, text: payload.text };
  }
  return true;
}

export const BENCH_BOT_INFO = {
  id: 42,
  is_bot: true as const,
  first_name: "Bench",
  username: "bench_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};
