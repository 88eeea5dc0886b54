/** A blog post as Telegram messages: an optional cover photo with its caption, then the text. */
import type { BlogPost } from "../../../../marketplace/index.js";
import type { TextLocale } from "../../../../format/formatter.js";
import { escapeHtml } from "../../../../format/html.js";
import { renderContentJson } from "./content.js";
import { safeHref } from "./links.js";
import { replacePostLinks } from "./post-links.js";
import { splitTelegramHtml } from "./split.js";
import { cleanText } from "./to-html.js";

const CAPTION_TITLE_CHARS = 200;

export interface RenderedPost {
  cover?: { url: string; caption: string };
  /** Each within `limit` (default Telegram's 4,096 characters), valid HTML on its own. */
  messages: string[];
}

const html = (text: string) => escapeHtml(cleanText(text).trim());

function coverUrl(value: string | null): string | undefined {
  const url = safeHref(value ?? undefined);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * `postLink`: where a link to another post of the blog should lead instead (the bot's own link
 * that opens it in the chat), when it gives one; applied before the text is split into messages.
 */
export function renderBlogPost(
  post: BlogPost,
  { t, fmt }: TextLocale,
  options: { untranslated: boolean; limit?: number; postLink?: (slug: string) => string | undefined },
): RenderedPost {
  const header = [
    `<b>${html(post.title)}</b>`,
    [html(post.categoryName), fmt.date(post.publishedAt)].filter(Boolean).join(" · "),
    post.excerpt.trim() ? `<i>${html(post.excerpt)}</i>` : "",
    options.untranslated ? t("blog-not-translated") : "",
  ]
    .filter((line) => line && line !== "<b></b>")
    .join("\n");
  const rendered = renderContentJson(post.contentJson);
  const body = options.postLink ? replacePostLinks(rendered, options.postLink) : rendered;
  const messages = splitTelegramHtml(body ? `${header}\n\n${body}` : header, options.limit);
  const url = coverUrl(post.coverImageUrl);
  if (!url) return { messages };
  const title = Array.from(cleanText(post.title).trim());
  const shortTitle = title.length > CAPTION_TITLE_CHARS ? `${title.slice(0, CAPTION_TITLE_CHARS).join("")}…` : title.join("");
  return { cover: { url, caption: shortTitle ? `<b>${escapeHtml(shortTitle)}</b>` : "" }, messages };
}
