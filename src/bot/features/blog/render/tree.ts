/**
 * One converter for the node-tree formats (ProseMirror/TipTap, Lexical, Slate): each format only
 * says what a node is (an adapter); the walking, paragraph grouping and depth guard live here.
 * Recursion stops at MAX_DEPTH; below that, text is collected with an explicit stack, so no input
 * can overflow the call stack.
 */
import { append, asText, hasVisibleText, isRecord, MAX_DEPTH, plainInline, type Block, type Inline, type Marks } from "./model.js";

export type NodeKind =
  | { kind: "text"; text: string; marks: Marks }
  | { kind: "break" }
  | { kind: "paragraph" }
  | { kind: "heading" }
  | { kind: "list"; ordered: boolean; start: number }
  | { kind: "item"; checked?: boolean }
  | { kind: "quote" }
  | { kind: "code"; language?: string }
  | { kind: "rule" }
  | { kind: "link"; href: string }
  /** Unknown or wrapper nodes: skipped themselves, their children kept. */
  | { kind: "container" }
  /** Nodes without text (images, embeds). */
  | { kind: "skip" };

export interface TreeAdapter {
  classify(node: Record<string, unknown>): NodeKind;
  children(node: Record<string, unknown>): unknown[];
}

const BLOCK_KINDS = new Set(["paragraph", "heading", "list", "item", "quote", "code", "rule"]);
/** Marks the end of a block while collecting plain text. */
const BLOCK_END = Symbol("block-end");

export function listStart(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 && n < 1_000_000 ? n : 1;
}

export function treeToBlocks(nodes: unknown[], adapter: TreeAdapter): Block[] {
  return new TreeConverter(adapter).blocks(nodes, 0);
}

class TreeConverter {
  constructor(private readonly adapter: TreeAdapter) {}

  private kindOf(node: unknown): NodeKind {
    if (isRecord(node)) return this.adapter.classify(node);
    const text = asText(node);
    return text === undefined ? { kind: "skip" } : { kind: "text", text, marks: {} };
  }

  private childrenOf(node: unknown): unknown[] {
    return isRecord(node) ? this.adapter.children(node) : [];
  }

  blocks(nodes: unknown[], depth: number): Block[] {
    if (depth >= MAX_DEPTH) {
      const text = this.plainText(nodes);
      return text.trim() ? [{ type: "paragraph", inlines: [plainInline(text)] }] : [];
    }
    const out: Block[] = [];
    let pending: Inline[] = [];
    const flush = () => {
      if (hasVisibleText(pending)) out.push({ type: "paragraph", inlines: pending });
      pending = [];
    };
    for (const node of nodes) {
      const kind = this.kindOf(node);
      const children = this.childrenOf(node);
      switch (kind.kind) {
        case "text":
          pending.push({ text: kind.text, marks: kind.marks });
          break;
        case "break":
          pending.push(plainInline("\n"));
          break;
        case "link":
          append(pending, this.inlines(children, depth + 1, { href: kind.href }));
          break;
        case "paragraph":
        case "heading": {
          flush();
          const inlines = this.inlines(children, depth + 1, {});
          if (hasVisibleText(inlines)) out.push({ type: kind.kind, inlines });
          break;
        }
        case "list": {
          flush();
          const items = children.map((child) => this.item(child, depth + 1)).filter((item) => item.length > 0);
          if (items.length > 0) out.push({ type: "list", ordered: kind.ordered, start: kind.start, items });
          break;
        }
        case "item":
          flush();
          append(out, this.item(node, depth));
          break;
        case "quote": {
          flush();
          const blocks = this.blocks(children, depth + 1);
          if (blocks.length > 0) out.push({ type: "quote", blocks });
          break;
        }
        case "code": {
          flush();
          const text = this.plainText(children).replace(/^\n+|\n+$/g, "");
          if (text.trim()) out.push(kind.language ? { type: "code", text, language: kind.language } : { type: "code", text });
          break;
        }
        case "rule":
          flush();
          out.push({ type: "rule" });
          break;
        case "container":
          if (this.containsBlock(children, 3)) {
            flush();
            append(out, this.blocks(children, depth + 1));
          } else {
            append(pending, this.inlines(children, depth + 1, {}));
          }
          break;
        case "skip":
          break;
      }
    }
    flush();
    return out;
  }

  /** The blocks of one list item (a node that is not an item counts as an item of its own). */
  private item(node: unknown, depth: number): Block[] {
    const kind = this.kindOf(node);
    if (kind.kind !== "item") return this.blocks([node], depth + 1);
    const blocks = this.blocks(this.childrenOf(node), depth + 1);
    if (kind.checked === undefined) return blocks;
    const box = plainInline(kind.checked ? "☑ " : "☐ ");
    const first = blocks[0];
    if (first?.type === "paragraph") return [{ type: "paragraph", inlines: [box, ...first.inlines] }, ...blocks.slice(1)];
    return [{ type: "paragraph", inlines: [box] }, ...blocks];
  }

  private containsBlock(nodes: unknown[], budget: number): boolean {
    for (const node of nodes) {
      const kind = this.kindOf(node).kind;
      if (BLOCK_KINDS.has(kind)) return true;
      if (kind === "container" && budget > 0 && this.containsBlock(this.childrenOf(node), budget - 1)) return true;
    }
    return false;
  }

  /** Everything as inline text; blocks met here become line breaks. */
  private inlines(nodes: unknown[], depth: number, marks: Marks): Inline[] {
    if (depth >= MAX_DEPTH) {
      const text = this.plainText(nodes);
      return text ? [{ text, marks }] : [];
    }
    const out: Inline[] = [];
    for (const node of nodes) {
      const kind = this.kindOf(node);
      const children = this.childrenOf(node);
      switch (kind.kind) {
        case "text":
          out.push({ text: kind.text, marks: { ...marks, ...kind.marks, href: kind.marks.href ?? marks.href } });
          break;
        case "break":
        case "rule":
          out.push(plainInline("\n"));
          break;
        case "link":
          append(out, this.inlines(children, depth + 1, { ...marks, href: kind.href }));
          break;
        case "code": {
          const text = this.plainText(children);
          if (text) out.push({ text, marks: { ...marks, code: true } });
          break;
        }
        case "skip":
          break;
        default: {
          const inner = this.inlines(children, depth + 1, marks);
          if (BLOCK_KINDS.has(kind.kind) && out.length > 0 && inner.length > 0) out.push(plainInline("\n"));
          append(out, inner);
        }
      }
    }
    return out;
  }

  /** The text of a subtree, in order, without recursion (any depth). Blocks end with a line break. */
  plainText(nodes: unknown[]): string {
    const parts: string[] = [];
    const stack: unknown[] = [nodes];
    while (stack.length > 0) {
      const item = stack.pop();
      if (item === BLOCK_END) {
        if (parts.length > 0 && parts[parts.length - 1] !== "\n") parts.push("\n");
        continue;
      }
      if (Array.isArray(item)) {
        for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
        continue;
      }
      const kind = this.kindOf(item);
      if (kind.kind === "text") parts.push(kind.text);
      else if (kind.kind === "break" || kind.kind === "rule") parts.push("\n");
      else if (kind.kind !== "skip") {
        if (BLOCK_KINDS.has(kind.kind)) stack.push(BLOCK_END);
        stack.push(this.childrenOf(item));
      }
    }
    return parts.join("");
  }
}
