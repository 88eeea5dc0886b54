/** HTML parse mode helpers: every interpolated value goes through `escapeHtml`. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Copyable on tap: addresses, ids, amounts. */
/** `text` escaped, cut to `max` characters (code points) with "…" when it was longer: an echo of what was typed. */
export function clipped(text: string, max: number): string {
  const chars = Array.from(text);
  return escapeHtml(chars.length > max ? `${chars.slice(0, max).join("")}…` : text);
}

export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

export function tronscanTxUrl(txId: string): string {
  return `https://tronscan.org/#/transaction/${encodeURIComponent(txId)}`;
}

/** Half of a UTF-16 surrogate pair without its other half: text no URL or JSON reader takes. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with each lone surrogate replaced by U+FFFD (what URLSearchParams and TextEncoder do). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}
