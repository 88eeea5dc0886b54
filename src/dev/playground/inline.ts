/**
 * Inline mode as a Telegram app does it: the query goes to the bot as an inline_query update, its
 * answerInlineQuery results are listed, and the chosen one is posted in the chat "via @bot" (and,
 * as in Telegram, reaches the bot as the user's message).
 */
import type { MessageEntity, Update } from "grammy/types";
import { parseTelegramHtml, type FakeBotApi } from "../telegram-fake/fake-bot-api.js";
import { messageHtml } from "./chat-view.js";
import { GROUP_CHAT_ID } from "./users.js";

export interface InlineResult {
  id: string;
  title: string;
  description: string;
  /** The message it would send, as the page shows messages. */
  html: string;
}

interface Content {
  text: string;
  entities: MessageEntity[];
  replyMarkup?: unknown;
}

/** How long the bot has to answer an inline query before the page says so. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Queries whose results can still be chosen (older ones are forgotten). */
const KEEP_QUERIES = 100;

function contentOf(result: Record<string, unknown>): Content | undefined {
  const c = result.input_message_content as Record<string, unknown> | undefined;
  if (!c || typeof c.message_text !== "string") return undefined;
  const rendered =
    typeof c.parse_mode === "string" && c.parse_mode.toLowerCase() === "html"
      ? parseTelegramHtml(c.message_text)
      : { text: c.message_text, entities: (c.entities as MessageEntity[] | undefined) ?? [] };
  return { text: rendered.text.trim(), entities: rendered.entities, ...(result.reply_markup ? { replyMarkup: result.reply_markup } : {}) };
}

export function createInline(tg: FakeBotApi) {
  const answered = new Map<string, Map<string, Content>>();
  return {
    async ask(input: { userId: number; query: string; languageCode: string; firstName: string }): Promise<{ queryId: string; results: InlineResult[] }> {
      const { inlineQueryId } = await tg.inlineQuery(input);
      const call = await tg.waitForCall("answerInlineQuery", (p) => p.inline_query_id === inlineQueryId, ANSWER_TIMEOUT_MS);
      const results = Array.isArray(call.payload.results) ? (call.payload.results as Array<Record<string, unknown>>) : [];
      const contents = new Map<string, Content>();
      const listed: InlineResult[] = [];
      for (const r of results) {
        const content = contentOf(r);
        if (!content || typeof r.id !== "string") continue;
        contents.set(r.id, content);
        listed.push({
          id: r.id,
          title: typeof r.title === "string" ? r.title : "",
          description: typeof r.description === "string" ? r.description : "",
          html: messageHtml(content.text, content.entities),
        });
      }
      answered.set(inlineQueryId, contents);
      if (answered.size > KEEP_QUERIES) answered.delete(answered.keys().next().value!);
      return { queryId: inlineQueryId, results: listed };
    },

    /** Posts the chosen result in the chat; false when the query is no longer known. */
    async choose(input: { userId: number; chatId: number; queryId: string; resultId: string; languageCode: string; firstName: string }): Promise<boolean> {
      const content = answered.get(input.queryId)?.get(input.resultId);
      if (!content) return false;
      const ids = tg.messages(input.chatId).map((m) => m.messageId);
      const chat =
        input.chatId === GROUP_CHAT_ID
          ? { id: input.chatId, type: "group" as const, title: "Test Group" }
          : { id: input.chatId, type: "private" as const, first_name: input.firstName };
      const bot = tg.botInfo;
      const message = {
        message_id: Math.max(0, ...ids) + 1,
        from: { id: input.userId, is_bot: false, first_name: input.firstName, language_code: input.languageCode },
        chat,
        date: Math.floor(Date.now() / 1000),
        text: content.text,
        ...(content.entities.length > 0 ? { entities: content.entities } : {}),
        via_bot: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
        ...(content.replyMarkup ? { reply_markup: content.replyMarkup } : {}),
      } as NonNullable<Update["message"]>;
      await tg.injectUpdate({ message });
      return true;
    },
  };
}
