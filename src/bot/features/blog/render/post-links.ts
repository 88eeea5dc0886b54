/**
 * Links inside a post that point at another post of the blog: a web address whose path is
 * /blog/<slug> (or /<language>/blog/<slug>), as the marketplace's site writes them. Pure: the
 * feature decides which of them are posts it can open (it asks the marketplace for each).
 */
import { escapeHtml } from "../../../../format/html.js";

const POST_PATH = /^(?:\/[a-z]{2}(?:-[A-Za-z]{2,4})?)?\/blog\/([A-Za-z0-9-]{1,200})\/?$/;
const ANCHOR = /<a href="([^"]*)">/g;

const unescapeHtml = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The slug of the post a link points at, or undefined for any other link. */
export function postSlugOfHref(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  return POST_PATH.exec(url.pathname)?.[1];
}

/** The slugs of the posts the rendered HTML links to, each once, in order. */
export function linkedPostSlugs(html: string): string[] {
  const slugs = [...html.matchAll(ANCHOR)].map((m) => postSlugOfHref(unescapeHtml(m[1]!))).filter((s): s is string => s !== undefined);
  return [...new Set(slugs)];
}

/** The rendered HTML with each link to a post replaced by `linkFor(slug)`, where it gives one. */
export function replacePostLinks(html: string, linkFor: (slug: string) => string | undefined): string {
  return html.replace(ANCHOR, (anchor, href: string) => {
    const slug = postSlugOfHref(unescapeHtml(href));
    const replacement = slug === undefined ? undefined : linkFor(slug);
    return replacement === undefined ? anchor : `<a href="${escapeHtml(replacement)}">`;
  });
}
