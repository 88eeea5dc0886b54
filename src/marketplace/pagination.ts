/**
 * Walks GET /orders page by page (newest first) until the reported total is reached, a page comes
 * back empty, or `maxPages` pages have been read. Pages are as the server returns them: an order
 * placed meanwhile shifts later pages by one, so a consumer that needs each order once should skip
 * ids it has already seen.
 */
import type { OrderPage } from "./schemas.js";

/** The spec's maximum page size for GET /orders. */
export const MAX_PAGE_SIZE = 100;

export interface IterateOrdersOptions {
  /** Orders per page, 1..100 (default 100). */
  pageSize?: number;
  /** Upper bound on requests (default 50). */
  maxPages?: number;
  /** The first page number (default 1). */
  startPage?: number;
  signal?: AbortSignal;
}

export type ListOrders = (
  query: { page: number; pageSize: number },
  options?: { signal?: AbortSignal },
) => Promise<OrderPage>;

export async function* iterateOrders(list: ListOrders, options: IterateOrdersOptions = {}): AsyncGenerator<OrderPage, void, undefined> {
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? MAX_PAGE_SIZE)));
  const maxPages = Math.max(0, Math.floor(options.maxPages ?? 50));
  let page = Math.floor(options.startPage ?? 1);
  let seen = 0;
  for (let read = 0; read < maxPages; read++, page++) {
    const result = await list({ page, pageSize }, { signal: options.signal });
    yield result;
    seen += result.items.length;
    if (result.items.length === 0 || seen >= result.total) return;
  }
}
