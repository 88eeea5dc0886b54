/** Slate (and Plate): an array of elements { type, children }, text leaves { text, bold, italic, … }. */
import { asArray, asText, type Marks } from "./model.js";
import { listStart, type NodeKind, type TreeAdapter } from "./tree.js";

function marksOf(leaf: Record<string, unknown>): Marks {
  const marks: Marks = {};
  if (leaf.bold === true || leaf.strong === true) marks.bold = true;
  if (leaf.italic === true || leaf.em === true) marks.italic = true;
  if (leaf.underline === true) marks.underline = true;
  if (leaf.strikethrough === true || leaf.strike === true) marks.strike = true;
  if (leaf.code === true) marks.code = true;
  if (leaf.spoiler === true) marks.spoiler = true;
  return marks;
}

export const slateAdapter: TreeAdapter = {
  children: (node) => asArray(node.children),
  classify(node): NodeKind {
    const text = asText(node.text);
    if (text !== undefined && !Array.isArray(node.children)) return { kind: "text", text, marks: marksOf(node) };
    const type = (asText(node.type) ?? "").toLowerCase().replace(/_/g, "-");
    if (/^(h[1-6]|heading(-\w+)?|title)$/.test(type)) return { kind: "heading" };
    switch (type) {
      case "paragraph":
      case "p":
      case "code-line":
        return { kind: "paragraph" };
      case "bulleted-list":
      case "unordered-list":
      case "ul":
        return { kind: "list", ordered: false, start: 1 };
      case "numbered-list":
      case "ordered-list":
      case "ol":
        return { kind: "list", ordered: true, start: listStart(node.start) };
      case "list-item":
      case "li":
        return typeof node.checked === "boolean" ? { kind: "item", checked: node.checked } : { kind: "item" };
      case "check-list-item":
      case "action-item":
        return { kind: "item", checked: node.checked === true };
      case "block-quote":
      case "blockquote":
      case "quote":
        return { kind: "quote" };
      case "code":
      case "code-block":
      case "codeblock": {
        const language = asText(node.language) ?? asText(node.lang);
        return language ? { kind: "code", language } : { kind: "code" };
      }
      case "link":
      case "a":
        return { kind: "link", href: asText(node.url) ?? asText(node.href) ?? "" };
      case "hr":
      case "thematic-break":
      case "horizontal-rule":
      case "divider":
        return { kind: "rule" };
      default:
        return { kind: "container" };
    }
  },
};
