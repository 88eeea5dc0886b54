/** HTML parse mode helpers: every interpolated value goes through `escapeHtml`. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Copyable on tap: addresses, ids, amounts. */
export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

export function tronscanTxUrl(txId: string): string {
  return `https://tronscan.org/#/transaction/${encodeURIComponent(txId)}`;
}
