/** Lexical: { root: { children: [...] } }, text nodes carry a `format` bitmask. */
import { asArray, asText, type Marks } from "./model.js";
import { listStart, type NodeKind, type TreeAdapter } from "./tree.js";

const FORMAT_BITS: ReadonlyArray<[number, keyof Marks]> = [
  [1, "bold"],
  [2, "italic"],
  [4, "strike"],
  [8, "underline"],
  [16, "code"],
];

/** The bitmask, or (as some exports write it) the format names in a string. */
function marksOf(format: unknown): Marks {
  const marks: Marks = {};
  if (typeof format === "number" && Number.isInteger(format)) {
    for (const [bit, mark] of FORMAT_BITS) if ((format & bit) !== 0) (marks as Record<string, boolean>)[mark] = true;
  } else if (typeof format === "string") {
    const words = format.toLowerCase();
    if (words.includes("bold")) marks.bold = true;
    if (words.includes("italic")) marks.italic = true;
    if (words.includes("strike")) marks.strike = true;
    if (words.includes("underline")) marks.underline = true;
    if (words.includes("code")) marks.code = true;
  }
  return marks;
}

export const lexicalAdapter: TreeAdapter = {
  children: (node) => asArray(node.children),
  classify(node): NodeKind {
    const type = (asText(node.type) ?? "").toLowerCase();
    switch (type) {
      case "paragraph":
        return { kind: "paragraph" };
      case "heading":
        return { kind: "heading" };
      case "quote":
        return { kind: "quote" };
      case "list":
        return { kind: "list", ordered: asText(node.listType) === "number", start: listStart(node.start) };
      case "listitem":
        return typeof node.checked === "boolean" ? { kind: "item", checked: node.checked } : { kind: "item" };
      case "code": {
        const language = asText(node.language);
        return language ? { kind: "code", language } : { kind: "code" };
      }
      case "linebreak":
        return { kind: "break" };
      case "tab":
        return { kind: "text", text: "\t", marks: {} };
      case "horizontalrule":
        return { kind: "rule" };
      case "link":
      case "autolink":
        return { kind: "link", href: asText(node.url) ?? "" };
      case "image":
        return { kind: "skip" };
      default: {
        const text = asText(node.text);
        if (text !== undefined && !Array.isArray(node.children)) return { kind: "text", text, marks: marksOf(node.format) };
        return { kind: "container" };
      }
    }
  },
};
