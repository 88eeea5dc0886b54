/** Editor.js: { blocks: [{ type, data }] }; text fields hold inline HTML (see inline-html.ts). */
import { inlineHtmlToInlines } from "./inline-html.js";
import { append, asArray, asText, hasVisibleText, isRecord, MAX_DEPTH, plainInline, type Block, type Inline } from "./model.js";
import { stringLeaves } from "./string-leaves.js";
import { listStart } from "./tree.js";

function html(value: unknown): Inline[] {
  const text = asText(value);
  return text === undefined ? [] : inlineHtmlToInlines(text);
}

function paragraph(inlines: Inline[]): Block[] {
  return hasVisibleText(inlines) ? [{ type: "paragraph", inlines }] : [];
}

/** List items: strings (v1), { content, items } (nested list v2), { text, checked } (checklist). */
function listItems(items: unknown[], ordered: boolean, depth: number): Block[][] {
  const out: Block[][] = [];
  for (const item of items) {
    if (!isRecord(item)) {
      const blocks = paragraph(html(item));
      if (blocks.length > 0) out.push(blocks);
      continue;
    }
    const meta = isRecord(item.meta) ? item.meta : {};
    const checked = typeof item.checked === "boolean" ? item.checked : typeof meta.checked === "boolean" ? meta.checked : undefined;
    const inlines = html(item.content ?? item.text);
    if (checked !== undefined) inlines.unshift(plainInline(checked ? "☑ " : "☐ "));
    const blocks = paragraph(inlines);
    const nested = asArray(item.items);
    if (nested.length > 0) {
      if (depth + 1 >= MAX_DEPTH) {
        // Too deep to keep as lists: the remaining items' text, one per line.
        const inlines: Inline[] = [];
        for (const leaf of stringLeaves(nested)) append(inlines, [plainInline("\n"), ...html(leaf)]);
        append(blocks, paragraph(inlines));
      }
      else {
        const nestedItems = listItems(nested, ordered, depth + 1);
        if (nestedItems.length > 0) blocks.push({ type: "list", ordered, start: 1, items: nestedItems });
      }
    }
    if (blocks.length > 0) out.push(blocks);
  }
  return out;
}

function block(value: unknown): Block[] {
  if (!isRecord(value)) return paragraph(html(value));
  const type = (asText(value.type) ?? "").toLowerCase();
  const data = isRecord(value.data) ? value.data : {};
  switch (type) {
    case "paragraph":
      return paragraph(html(data.text));
    case "header":
    case "heading": {
      const inlines = html(data.text);
      return hasVisibleText(inlines) ? [{ type: "heading", inlines }] : [];
    }
    case "list":
    case "nestedlist":
    case "checklist": {
      const ordered = asText(data.style) === "ordered";
      const start = isRecord(data.meta) ? listStart(data.meta.start) : 1;
      const items = listItems(asArray(data.items), ordered, 0);
      return items.length > 0 ? [{ type: "list", ordered, start, items }] : [];
    }
    case "quote": {
      const blocks = paragraph(html(data.text));
      const caption = html(data.caption);
      if (hasVisibleText(caption)) blocks.push({ type: "paragraph", inlines: [plainInline("— "), ...caption] });
      return blocks.length > 0 ? [{ type: "quote", blocks }] : [];
    }
    case "code": {
      const code = asText(data.code) ?? "";
      return code.trim() ? [{ type: "code", text: code }] : [];
    }
    case "delimiter":
      return [{ type: "rule" }];
    case "warning":
    case "alert":
    case "callout": {
      const title = html(data.title).map((i) => ({ ...i, marks: { ...i.marks, bold: true } }));
      const blocks = [...paragraph(title), ...paragraph(html(data.message ?? data.text))];
      return blocks.length > 0 ? [{ type: "quote", blocks }] : [];
    }
    case "table":
      return asArray(data.content).flatMap((row) => {
        const cells = asArray(row).map(html);
        const inlines: Inline[] = [];
        cells.forEach((cell, i) => {
          if (i > 0) inlines.push(plainInline(" | "));
          append(inlines, cell);
        });
        return paragraph(inlines);
      });
    case "image":
    case "embed":
    case "simpleimage":
      return paragraph(html(data.caption).map((i) => ({ ...i, marks: { ...i.marks, italic: true } })));
    case "linktool": {
      const link = asText(data.link) ?? "";
      const meta = isRecord(data.meta) ? data.meta : {};
      const title = asText(meta.title) || link;
      return paragraph([{ text: title, marks: { href: link } }]);
    }
    default:
      return stringLeaves(data).flatMap((leaf) => paragraph(html(leaf)));
  }
}

export function editorJsToBlocks(blocks: unknown[]): Block[] {
  const out: Block[] = [];
  for (const value of blocks) append(out, block(value));
  return out;
}
