/** ProseMirror / TipTap JSON: { type: "doc", content: [...] }, text nodes with `marks`. */
import { asArray, asText, isRecord, type Marks } from "./model.js";
import { listStart, type NodeKind, type TreeAdapter } from "./tree.js";

function marksOf(value: unknown): Marks {
  const marks: Marks = {};
  for (const mark of asArray(value)) {
    const type = isRecord(mark) ? asText(mark.type)?.toLowerCase() : asText(mark)?.toLowerCase();
    switch (type) {
      case "bold":
      case "strong":
        marks.bold = true;
        break;
      case "italic":
      case "em":
        marks.italic = true;
        break;
      case "underline":
        marks.underline = true;
        break;
      case "strike":
      case "strikethrough":
        marks.strike = true;
        break;
      case "code":
        marks.code = true;
        break;
      case "spoiler":
        marks.spoiler = true;
        break;
      case "link": {
        const href = isRecord(mark) && isRecord(mark.attrs) ? asText(mark.attrs.href) : undefined;
        if (href !== undefined) marks.href = href;
        break;
      }
      default:
        break;
    }
  }
  return marks;
}

export const prosemirrorAdapter: TreeAdapter = {
  children: (node) => asArray(node.content),
  classify(node): NodeKind {
    const type = (asText(node.type) ?? "").toLowerCase().replace(/_/g, "");
    const attrs = isRecord(node.attrs) ? node.attrs : {};
    switch (type) {
      case "paragraph":
        return { kind: "paragraph" };
      case "heading":
        return { kind: "heading" };
      case "bulletlist":
      case "tasklist":
        return { kind: "list", ordered: false, start: 1 };
      case "orderedlist":
        return { kind: "list", ordered: true, start: listStart(attrs.start ?? attrs.order) };
      case "listitem":
        return { kind: "item" };
      case "taskitem":
        return { kind: "item", checked: attrs.checked === true };
      case "blockquote":
        return { kind: "quote" };
      case "codeblock": {
        const language = asText(attrs.language);
        return language ? { kind: "code", language } : { kind: "code" };
      }
      case "horizontalrule":
        return { kind: "rule" };
      case "hardbreak":
        return { kind: "break" };
      case "image":
        return { kind: "skip" };
      default: {
        const text = asText(node.text);
        if (text !== undefined && !Array.isArray(node.content)) return { kind: "text", text, marks: marksOf(node.marks) };
        return { kind: "container" };
      }
    }
  },
};
