/**
 * A message's text and entities (what the Bot API stores after parsing the bot's HTML) back into
 * HTML for the playground page. Built from entities, not from the bot's markup, so only Telegram's
 * own formatting can appear: every character of text is escaped and links keep safe schemes only.
 */
import type { MessageEntity } from "grammy/types";
import { escapeHtml } from "../../format/html.js";

const SAFE_URL = /^(https?:|tg:|mailto:)/i;

/** The tags each entity type becomes; a type not listed (mention, hashtag…) stays plain text. */
const TAGS: Partial<Record<MessageEntity["type"], [string, string]>> = {
  bold: ["<b>", "</b>"],
  italic: ["<i>", "</i>"],
  underline: ["<u>", "</u>"],
  strikethrough: ["<s>", "</s>"],
  spoiler: ['<span class="spoiler">', "</span>"],
  code: ["<code>", "</code>"],
  pre: ["<pre><code>", "</code></pre>"],
  blockquote: ["<blockquote>", "</blockquote>"],
  expandable_blockquote: ['<blockquote class="expandable">', "</blockquote>"],
  bot_command: ['<span class="command">', "</span>"],
};

function open(e: MessageEntity): [string, string] {
  if (e.type === "text_link") return SAFE_URL.test(e.url) ? [`<a href="${escapeHtml(e.url)}" target="_blank" rel="noopener noreferrer">`, "</a>"] : ["", ""];
  return TAGS[e.type] ?? ["", ""];
}

/** Entities nest (Telegram's HTML parser only makes nested ones); the outer one comes first. */
export function entitiesToHtml(text: string, entities: readonly MessageEntity[] = []): string {
  const sorted = [...entities].sort((a, b) => a.offset - b.offset || b.length - a.length);
  const render = (start: number, end: number, inner: MessageEntity[]): string => {
    let html = "";
    let at = start;
    for (let i = 0; i < inner.length; i++) {
      const e = inner[i]!;
      if (e.offset < at || e.offset + e.length > end) continue; // overlaps an earlier one: text only
      const close = e.offset + e.length;
      const children: MessageEntity[] = [];
      while (i + 1 < inner.length && inner[i + 1]!.offset < close) children.push(inner[++i]!);
      const [before, after] = open(e);
      html += escapeHtml(text.slice(at, e.offset)) + before + render(e.offset, close, children) + after;
      at = close;
    }
    return html + escapeHtml(text.slice(at, end));
  };
  return render(0, text.length, sorted);
}
