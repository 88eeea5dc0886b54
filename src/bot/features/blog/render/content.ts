/**
 * contentJson (a string whose structure the spec leaves open) → Telegram HTML. Recognises
 * ProseMirror/TipTap, Editor.js, Lexical and Slate; anything else shows its string leaves; text
 * that is not JSON shows as it is. Never throws.
 */
import { editorJsToBlocks } from "./editorjs.js";
import { lexicalAdapter } from "./lexical.js";
import { asText, isRecord, type Block } from "./model.js";
import { prosemirrorAdapter } from "./prosemirror.js";
import { slateAdapter } from "./slate.js";
import { stringLeaves } from "./string-leaves.js";
import { blocksToHtml } from "./to-html.js";
import { treeToBlocks } from "./tree.js";

function textBlocks(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => ({ type: "paragraph", inlines: [{ text: p.trim(), marks: {} }] }));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function looksLikeSlate(nodes: unknown[]): boolean {
  return nodes.some((n) => isRecord(n) && (Array.isArray(n.children) || typeof n.text === "string"));
}

function looksLikeEditorJs(nodes: unknown[]): boolean {
  return nodes.some((n) => isRecord(n) && typeof n.type === "string" && isRecord(n.data));
}

function looksLikeProseMirror(node: Record<string, unknown>): boolean {
  return node.type === "doc" || (typeof node.type === "string" && Array.isArray(node.content));
}

function looksLikeProseMirrorNode(node: unknown): boolean {
  return isRecord(node) && looksLikeProseMirror(node);
}

function valueToBlocks(value: unknown): Block[] {
  if (typeof value === "string") return textBlocks(value);
  if (Array.isArray(value)) {
    if (looksLikeEditorJs(value)) return editorJsToBlocks(value);
    if (looksLikeSlate(value)) return treeToBlocks(value, slateAdapter);
    if (value.some(looksLikeProseMirrorNode)) return treeToBlocks(value, prosemirrorAdapter);
  } else if (isRecord(value)) {
    if (Array.isArray(value.blocks)) return editorJsToBlocks(value.blocks);
    const editorState = isRecord(value.editorState) ? value.editorState : value;
    if (isRecord(editorState.root)) return treeToBlocks([editorState.root], lexicalAdapter);
    if (value.type === "root" && Array.isArray(value.children)) return treeToBlocks([value], lexicalAdapter);
    if (looksLikeProseMirror(value)) return treeToBlocks([value], prosemirrorAdapter);
    if (Array.isArray(value.children)) return treeToBlocks(value.children, slateAdapter);
    if (Array.isArray(value.content)) return treeToBlocks(value.content, prosemirrorAdapter);
  } else {
    const text = asText(value);
    return text === undefined ? [] : textBlocks(text);
  }
  return stringLeaves(value).flatMap(textBlocks);
}

export function contentToBlocks(contentJson: string): Block[] {
  const parsed = parseJson(contentJson);
  if (!parsed.ok) return textBlocks(contentJson);
  let value = parsed.value;
  // Some back ends store the document JSON-encoded twice.
  if (typeof value === "string" && /^\s*[[{]/.test(value)) {
    const inner = parseJson(value);
    if (inner.ok) value = inner.value;
  }
  return valueToBlocks(value);
}

export function renderContentJson(contentJson: string): string {
  return blocksToHtml(contentToBlocks(contentJson));
}
