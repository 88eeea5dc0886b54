/** The bot's answers to queries: answerCallbackQuery and answerInlineQuery, each once per open query. */
import { MAX_CALLBACK_ANSWER, MAX_TEXT, QUERY_TOO_OLD, bad, getString, isObj, type Handler } from "../common.js";
import { render } from "../formatting.js";
import { parseReplyMarkup } from "../markup.js";
import type { World } from "../world.js";

export function queryMethods(world: World): Record<string, Handler> {
  return {
    answerCallbackQuery: (p) => {
      const id = getString(p, "callback_query_id") ?? "";
      if (!world.openCallbackQueries.has(id)) throw bad(QUERY_TOO_OLD);
      const text = getString(p, "text");
      if (text !== undefined && text.length > MAX_CALLBACK_ANSWER) throw bad("MESSAGE_TOO_LONG");
      world.openCallbackQueries.delete(id);
      return true;
    },
    answerInlineQuery: (p) => {
      const id = getString(p, "inline_query_id") ?? "";
      if (!world.openInlineQueries.has(id)) throw bad(QUERY_TOO_OLD);
      const results = p.results;
      if (!Array.isArray(results)) throw bad("can't parse inline query results JSON object");
      if (results.length > 50) throw bad("RESULTS_TOO_MUCH");
      const ids = new Set<string>();
      for (const result of results) {
        if (!isObj(result) || typeof result.type !== "string" || typeof result.id !== "string") {
          throw bad("can't parse InlineQueryResult JSON object");
        }
        const bytes = Buffer.byteLength(result.id, "utf8");
        if (bytes < 1 || bytes > 64) throw bad("RESULT_ID_INVALID");
        if (ids.has(result.id)) throw bad("RESULT_ID_DUPLICATE");
        ids.add(result.id);
        if (result.reply_markup !== undefined) parseReplyMarkup(result.reply_markup);
        const content = result.input_message_content;
        if (isObj(content) && content.message_text !== undefined) {
          const r = render(getString(content, "message_text") ?? "", content.parse_mode, content.entities);
          if (r.text.length === 0) throw bad("MESSAGE_EMPTY");
          if (r.text.length > MAX_TEXT) throw bad("MESSAGE_TOO_LONG");
        }
      }
      world.openInlineQueries.delete(id);
      return true;
    },
  };
}
