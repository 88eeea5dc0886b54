/**
 * Paging, one way for every list (rules, firings, orders): pages are numbered from 1, a requested
 * page outside the list is clamped (an old button, a list that shrank), and there is always at
 * least one page, so an empty list shows page 1 of 1.
 */
export interface PageWindow {
  /** The page shown, 1-based. */
  page: number;
  pages: number;
  /** Index of the first item of the page (0-based): item numbers shown to people are offset + 1 + i. */
  offset: number;
  size: number;
  total: number;
}

export function pageWindow(total: number, requested: number, size: number): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pages);
  return { page, pages, offset: (page - 1) * size, size, total };
}

/** One page of a list held in memory. */
export function pageOf<T>(items: readonly T[], requested: number, size: number): PageWindow & { items: T[] } {
  const window = pageWindow(items.length, requested, size);
  return { ...window, items: items.slice(window.offset, window.offset + size) };
}

/** The ◀️ / ▶️ buttons a page needs: the page each one leads to (none on a single page). */
export function pageLinks(window: Pick<PageWindow, "page" | "pages">): Array<{ direction: "prev" | "next"; page: number }> {
  const links: Array<{ direction: "prev" | "next"; page: number }> = [];
  if (window.page > 1) links.push({ direction: "prev", page: window.page - 1 });
  if (window.page < window.pages) links.push({ direction: "next", page: window.page + 1 });
  return links;
}
