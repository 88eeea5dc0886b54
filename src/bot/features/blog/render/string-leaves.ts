/**
 * The last resort for JSON of an unknown shape: its string leaves in document order, without
 * recursion, leaving out values that are structure rather than text (types, ids, URLs, styles).
 */
const STRUCTURAL_KEYS = new Set([
  "type",
  "object",
  "kind",
  "id",
  "uuid",
  "key",
  "version",
  "format",
  "style",
  "direction",
  "indent",
  "mode",
  "class",
  "classname",
  "language",
  "lang",
  "level",
  "tag",
  "listtype",
  "src",
  "href",
  "url",
  "target",
  "rel",
  "align",
  "textalign",
  "color",
  "icon",
  "width",
  "height",
  "checked",
  "start",
]);

export function stringLeaves(root: unknown): string[] {
  const leaves: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.trim()) leaves.push(item);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
    } else if (item && typeof item === "object") {
      const entries = Object.entries(item as Record<string, unknown>).filter(([key]) => !STRUCTURAL_KEYS.has(key.toLowerCase()));
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]?.[1]);
    }
    // Numbers and booleans inside a structure are metadata far more often than text: left out.
  }
  return leaves;
}
