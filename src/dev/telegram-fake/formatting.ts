/** The fake Bot API's formatting: Telegram HTML rendered into plain text and entities, as Telegram stores a message. */
import type { MessageEntity } from "grammy/types";
import { bad } from "./common.js";

// --- formatting ---------------------------------------------------------------

export const HTML_TAGS: Record<string, string> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  span: "spoiler",
  "tg-spoiler": "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};

export interface Rendered {
  text: string;
  entities: MessageEntity[];
}

export function parseAttributes(src: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const m of src.matchAll(re)) {
    const name = m[1];
    if (name !== undefined) attrs[name.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

export function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot));/g, (all, dec?: string, hex?: string, named?: string) => {
    if (named) return { amp: "&", lt: "<", gt: ">", quot: '"' }[named] ?? all;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex ?? "0", 16);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
  });
}

/**
 * A small version of Telegram's HTML parser: supported tags only, proper nesting,
 * `&` must start &amp; &lt; &gt; &quot; or a numeric entity (stricter than Telegram,
 * which lets a bare `&` through, to catch missing escaping of user input).
 */
export function parseTelegramHtml(src: string): Rendered {
  let out = "";
  const entities: MessageEntity[] = [];
  const stack: Array<{ name: string; offset: number; attrs: Record<string, string>; language?: string }> = [];
  const byteOffset = (i: number) => Buffer.byteLength(src.slice(0, i), "utf8");
  const fail = (detail: string): never => {
    throw bad(`can't parse entities: ${detail}`);
  };
  const endTag = /<\/([^\s>]*)\s*>/y;
  const startTag = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>/y;
  const entity = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot));/y;
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === "<") {
      if (src[i + 1] === "/") {
        endTag.lastIndex = i;
        const m = endTag.exec(src);
        if (!m) return fail(`Unexpected end tag at byte offset ${byteOffset(i)}`);
        const name = (m[1] ?? "").toLowerCase();
        const top = stack.pop();
        if (!top) return fail(`Unexpected end tag at byte offset ${byteOffset(i)}`);
        if (top.name !== name) {
          return fail(`Unmatched end tag at byte offset ${byteOffset(i)}, expected "</${top.name}>", found "</${name}>"`);
        }
        const length = out.length - top.offset;
        const parent = stack[stack.length - 1];
        const type = HTML_TAGS[top.name] ?? "bold";
        if (length > 0) {
          if (top.name === "a") {
            const href = top.attrs.href;
            if (href) entities.push({ type: "text_link", offset: top.offset, length, url: href });
          } else if (top.name === "code" && parent?.name === "pre") {
            // <pre><code class="language-x"> is one pre entity with a language
            if (top.attrs.class?.startsWith("language-")) parent.language = top.attrs.class.slice("language-".length);
          } else if (top.name === "pre") {
            entities.push(
              top.language
                ? { type: "pre", offset: top.offset, length, language: top.language }
                : { type: "pre", offset: top.offset, length },
            );
          } else if (top.name === "blockquote") {
            entities.push({ type: "expandable" in top.attrs ? "expandable_blockquote" : "blockquote", offset: top.offset, length });
          } else if (top.name === "tg-emoji") {
            entities.push({ type: "custom_emoji", offset: top.offset, length, custom_emoji_id: top.attrs["emoji-id"] ?? "" });
          } else {
            entities.push({ type, offset: top.offset, length } as MessageEntity);
          }
        }
        i = endTag.lastIndex;
        continue;
      }
      startTag.lastIndex = i;
      const m = startTag.exec(src);
      if (!m) {
        const name = /<([^\s>]*)/y;
        name.lastIndex = i;
        return fail(`Unsupported start tag "${name.exec(src)?.[1] ?? ""}" at byte offset ${byteOffset(i)}`);
      }
      const name = (m[1] ?? "").toLowerCase();
      if (!(name in HTML_TAGS)) return fail(`Unsupported start tag "${name}" at byte offset ${byteOffset(i)}`);
      const attrs = parseAttributes(m[2] ?? "");
      if (name === "span" && attrs.class !== "tg-spoiler") {
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(i)}`);
      }
      if (name === "tg-emoji" && !/^\d+$/.test(attrs["emoji-id"] ?? "")) {
        return fail(`Custom emoji entity must contain a valid custom emoji identifier at byte offset ${byteOffset(i)}`);
      }
      stack.push({ name, offset: out.length, attrs });
      i = startTag.lastIndex;
      continue;
    }
    if (ch === "&") {
      entity.lastIndex = i;
      const m = entity.exec(src);
      if (!m) {
        return fail(`Character '&' at byte offset ${byteOffset(i)} must start an HTML entity (&amp; &lt; &gt; &quot; &#NN;)`);
      }
      const decoded = decodeEntities(m[0]);
      if (decoded === m[0]) return fail(`Invalid HTML entity "${m[0]}" at byte offset ${byteOffset(i)}`);
      out += decoded;
      i = entity.lastIndex;
      continue;
    }
    out += ch;
    i++;
  }
  const open = stack[stack.length - 1];
  if (open) fail(`Can't find end tag corresponding to start tag "${open.name}"`);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text: out, entities };
}

/** Telegram trims leading/trailing whitespace of texts; entity offsets follow. */
export function trimRendered(r: Rendered): Rendered {
  const lead = r.text.length - r.text.trimStart().length;
  const text = r.text.trim();
  const entities: MessageEntity[] = [];
  for (const e of r.entities) {
    const start = Math.max(0, e.offset - lead);
    const end = Math.min(text.length, e.offset + e.length - lead);
    if (end > start) entities.push({ ...e, offset: start, length: end - start });
  }
  return { text, entities };
}

export function render(raw: string, parseMode: unknown, entities: unknown): Rendered {
  if (parseMode === undefined || parseMode === null || parseMode === "") {
    return trimRendered({ text: raw, entities: Array.isArray(entities) ? (entities as MessageEntity[]) : [] });
  }
  if (typeof parseMode !== "string") throw bad(`unsupported parse_mode`);
  const mode = parseMode;
  if (mode.toLowerCase() === "html") return trimRendered(parseTelegramHtml(raw));
  if (mode === "MarkdownV2" || mode === "Markdown") return trimRendered({ text: raw, entities: [] });
  throw bad(`unsupported parse_mode`);
}
