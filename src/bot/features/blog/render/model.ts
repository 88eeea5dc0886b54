/**
 * The one shape every rich-text format (ProseMirror/TipTap, Editor.js, Lexical, Slate, unknown
 * JSON) is converted into before it becomes Telegram HTML. Text here is plain (never HTML).
 */
export interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  spoiler?: boolean;
  /** Raw, not yet checked; to-html.ts keeps only safe schemes. */
  href?: string;
}

export interface Inline {
  /** Plain text; "\n" is a line break. */
  text: string;
  marks: Marks;
}

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; inlines: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "quote"; blocks: Block[] }
  | { type: "code"; text: string; language?: string }
  | { type: "rule" };

/** Nesting deeper than this is flattened to its text (no recursion beyond it, whatever the input). */
export const MAX_DEPTH = 64;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string, or a number/boolean where a string was expected; anything else is no text. */
export function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function plainInline(text: string): Inline {
  return { text, marks: {} };
}

export function hasVisibleText(inlines: Inline[]): boolean {
  return inlines.some((i) => i.text.trim() !== "");
}

/** push(...items) passes every item as an argument: too many of them overflow the stack. */
export function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
