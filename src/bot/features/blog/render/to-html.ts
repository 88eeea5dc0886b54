/**
 * Blocks → Telegram HTML. Telegram has no headings or lists: headings are bold lines, lists are
 * "•"/"1." lines indented per level. Its nesting rules are respected: code carries no other
 * formatting, blockquotes are never nested, code blocks inside a quote become plain lines.
 */
import { escapeHtml } from "../../../../format/html.js";
import { safeHref } from "./links.js";
import { append, type Block, type Inline, type Marks } from "./model.js";

const BULLETS = ["•", "◦", "▪"];
const RULE = "──────────";
/** Control characters and lone surrogates make Telegram reject a whole message. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSENDABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(UNSENDABLE, (c) => (c >= "\ud800" ? "\uFFFD" : ""));
}

function sameMarks(a: Marks, b: Marks): boolean {
  return (
    !a.bold === !b.bold &&
    !a.italic === !b.italic &&
    !a.underline === !b.underline &&
    !a.strike === !b.strike &&
    !a.code === !b.code &&
    !a.spoiler === !b.spoiler &&
    a.href === b.href
  );
}

function runToHtml(text: string, marks: Marks): string {
  let html = escapeHtml(cleanText(text));
  if (!html.trim()) return html;
  const href = safeHref(marks.href);
  // Telegram: code holds no other entity and sits in none but bold/italic-like ones; a link wins over code.
  if (marks.code && !href) return `<code>${html}</code>`;
  if (marks.spoiler) html = `<tg-spoiler>${html}</tg-spoiler>`;
  if (marks.strike) html = `<s>${html}</s>`;
  if (marks.underline) html = `<u>${html}</u>`;
  if (marks.italic) html = `<i>${html}</i>`;
  if (marks.bold) html = `<b>${html}</b>`;
  if (href) html = `<a href="${escapeHtml(href)}">${html}</a>`;
  return html;
}

export function inlinesToHtml(inlines: Inline[]): string {
  const parts: string[] = [];
  let text = "";
  let marks: Marks | undefined;
  for (const inline of inlines) {
    if (marks && sameMarks(marks, inline.marks)) {
      text += inline.text;
      continue;
    }
    if (marks) parts.push(runToHtml(text, marks));
    text = inline.text;
    marks = inline.marks;
  }
  if (marks) parts.push(runToHtml(text, marks));
  return parts.join("").trim();
}

function codeLanguage(language: string | undefined): string | undefined {
  return language && /^[A-Za-z0-9_+#.-]{1,32}$/.test(language) ? language : undefined;
}

interface Place {
  inQuote: boolean;
  listDepth: number;
}

function blockToHtml(block: Block, place: Place): string {
  switch (block.type) {
    case "paragraph":
      return inlinesToHtml(block.inlines);
    case "heading":
      return inlinesToHtml(block.inlines.map((i) => ({ ...i, marks: { ...i.marks, bold: true } })));
    case "rule":
      return RULE;
    case "code": {
      const text = escapeHtml(cleanText(block.text));
      if (place.inQuote) return text;
      const language = codeLanguage(block.language);
      return language ? `<pre><code class="language-${language}">${text}</code></pre>` : `<pre>${text}</pre>`;
    }
    case "quote": {
      const inner = blocksToLines(block.blocks, { ...place, inQuote: true }).join("\n");
      if (!inner) return "";
      return place.inQuote ? inner : `<blockquote>${inner}</blockquote>`;
    }
    case "list": {
      const indent = "    ".repeat(place.listDepth);
      const bullet = BULLETS[place.listDepth % BULLETS.length] ?? "•";
      const lines: string[] = [];
      block.items.forEach((item, index) => {
        const marker = block.ordered ? `${block.start + index}.` : bullet;
        const body = blocksToLines(item, { ...place, listDepth: place.listDepth + 1 });
        if (body.length === 0) return;
        // A nested list is indented already: an item that is only a nested list gets no marker of its own.
        if (item[0]?.type !== "list") body[0] = `${indent}${marker} ${body[0]}`;
        append(lines, body);
      });
      return lines.join("\n");
    }
  }
}

function blocksToLines(blocks: Block[], place: Place): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    const html = blockToHtml(block, place);
    if (html) out.push(html);
  }
  return out;
}

export function blocksToHtml(blocks: Block[]): string {
  return blocksToLines(blocks, { inQuote: false, listDepth: 0 }).join("\n\n");
}
