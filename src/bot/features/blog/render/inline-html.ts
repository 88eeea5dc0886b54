/**
 * Editor.js keeps inline HTML in its text fields. This reads that HTML into marked text: the
 * formatting Telegram can show is kept, every other tag is dropped (its text kept, except inside
 * script/style), entities are decoded. The result is plain text again, escaped later by to-html.
 */
import { plainInline, type Inline, type Marks } from "./model.js";

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^<>]*?)?)\s*(\/?)>/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const MARK_OF_TAG: Record<string, Exclude<keyof Marks, "href">> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strike",
  strike: "strike",
  del: "strike",
  code: "code",
  kbd: "code",
  samp: "code",
  tt: "code",
  "tg-spoiler": "spoiler",
};
/** Tags whose end is a line break (block-level HTML inside a text field). */
const LINE_TAGS = new Set(["p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre"]);
const HIDDEN_TAGS = new Set(["script", "style", "template", "noscript"]);

export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (all, dec?: string, hex?: string, named?: string) => {
    if (named !== undefined) return NAMED[named.toLowerCase()] ?? all;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex ?? "", 16);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : "\uFFFD";
  });
}

function hrefOf(attributes: string): string | undefined {
  const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? "") : undefined;
}

interface Open {
  name: string;
  mark?: Exclude<keyof Marks, "href">;
  href?: string;
}

export function inlineHtmlToInlines(html: string): Inline[] {
  const out: Inline[] = [];
  const stack: Open[] = [];
  // Counters instead of folding the stack per text run: deep nesting stays linear.
  const counts: Record<string, number> = {};
  const hrefs: string[] = [];
  let hidden = 0;
  const marks = (): Marks => {
    const m: Marks = {};
    for (const [mark, n] of Object.entries(counts)) if (n > 0) (m as Record<string, boolean>)[mark] = true;
    const href = hrefs[hrefs.length - 1];
    if (href !== undefined) m.href = href;
    return m;
  };
  const text = (raw: string) => {
    if (hidden === 0 && raw) out.push({ text: decodeEntities(raw), marks: marks() });
  };
  const close = (open: Open) => {
    if (open.mark) counts[open.mark] = (counts[open.mark] ?? 1) - 1;
    if (open.href !== undefined) hrefs.pop();
    if (HIDDEN_TAGS.has(open.name)) hidden--;
  };

  let last = 0;
  for (const m of html.matchAll(TOKEN)) {
    text(html.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[2]?.toLowerCase();
    if (name === undefined) continue; // a comment
    const closing = m[1] === "/";
    if (name === "br" || name === "hr") {
      if (hidden === 0) out.push(plainInline("\n"));
      continue;
    }
    if (closing) {
      let at = stack.length - 1;
      while (at >= 0 && stack[at]?.name !== name) at--;
      if (at < 0) continue;
      for (const open of stack.splice(at).reverse()) close(open);
      if (LINE_TAGS.has(name) && hidden === 0) out.push(plainInline("\n"));
      continue;
    }
    if (m[4] === "/") continue; // <tag/>: nothing inside it
    const open: Open = { name };
    const mark = MARK_OF_TAG[name] ?? (name === "span" && /tg-spoiler/.test(m[3] ?? "") ? "spoiler" : undefined);
    if (mark) {
      open.mark = mark;
      counts[mark] = (counts[mark] ?? 0) + 1;
    }
    if (name === "a") {
      open.href = hrefOf(m[3] ?? "") ?? "";
      hrefs.push(open.href);
    }
    if (HIDDEN_TAGS.has(name)) hidden++;
    stack.push(open);
  }
  text(html.slice(last));
  return out;
}
