/** The fake Bot API's reply markup (checked, flattened into buttons), image sizes and call summaries. */
import type { FakeButton } from "./types.js";
import { BUTTON_ACTIONS, MAX_CALLBACK_DATA_BYTES, bad, isObj, type Json } from "./common.js";

// --- reply markup -------------------------------------------------------------

export function parseReplyMarkup(v: unknown): Json | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  let obj: unknown = v;
  if (typeof v === "string") {
    try {
      obj = JSON.parse(v);
    } catch {
      throw bad("can't parse reply keyboard markup JSON object");
    }
  }
  if (!isObj(obj)) throw bad("can't parse reply keyboard markup JSON object");
  if ("inline_keyboard" in obj) {
    const rows = obj.inline_keyboard;
    if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r))) {
      throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    }
    for (const row of rows as unknown[][]) {
      for (const button of row) {
        if (!isObj(button) || typeof button.text !== "string") {
          throw bad(`can't parse inline keyboard button: Field "text" must be of type String`);
        }
        if (button.callback_data !== undefined) {
          const data = button.callback_data;
          const bytes = typeof data === "string" ? Buffer.byteLength(data, "utf8") : -1;
          if (bytes < 1 || bytes > MAX_CALLBACK_DATA_BYTES) throw bad("BUTTON_DATA_INVALID");
        }
        if (!BUTTON_ACTIONS.some((k) => button[k] !== undefined)) {
          throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
        }
      }
    }
  }
  return obj;
}

/** The inline keyboard part of a markup (what Telegram attaches to a message), if non-empty. */
export function inlineMarkup(markup: Json | undefined): Json | undefined {
  if (!markup || !Array.isArray(markup.inline_keyboard)) return undefined;
  const rows = (markup.inline_keyboard as unknown[][]).filter((r) => r.length > 0);
  return rows.length > 0 ? { inline_keyboard: rows } : undefined;
}

export function flattenButtons(markup: Json | undefined): FakeButton[] {
  const inline = inlineMarkup(markup);
  if (!inline) return [];
  const out: FakeButton[] = [];
  for (const row of inline.inline_keyboard as Json[][]) {
    for (const b of row) {
      const button: FakeButton = { text: String(b.text) };
      if (typeof b.callback_data === "string") button.callbackData = b.callback_data;
      if (typeof b.url === "string") button.url = b.url;
      if (typeof b.switch_inline_query === "string") button.switchInlineQuery = b.switch_inline_query;
      if (typeof b.switch_inline_query_current_chat === "string") {
        button.switchInlineQueryCurrentChat = b.switch_inline_query_current_chat;
      }
      if (isObj(b.copy_text) && typeof b.copy_text.text === "string") button.copyText = b.copy_text.text;
      out.push(button);
    }
  }
  return out;
}

export function imageSize(buf: Buffer): { width: number; height: number } | undefined {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString("ascii", 12, 16) === "IHDR") {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = buf[i + 1] ?? 0;
      if (marker === 0xff || marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += marker === 0xff ? 1 : 2;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + buf.readUInt16BE(i + 2);
    }
  }
  return undefined;
}

export function summarizeResponse(response: unknown): string {
  if (!isObj(response)) return String(response);
  if (response.ok === true) {
    const r = response.result;
    if (Array.isArray(r)) return `ok [${r.length}]`;
    if (isObj(r) && typeof r.message_id === "number") return `ok message_id=${r.message_id}`;
    return "ok";
  }
  return `${String(response.error_code)} ${String(response.description)}`;
}

export function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
