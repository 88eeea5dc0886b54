/**
 * /start payloads that open something in the bot's chat: a link t.me/<bot>?start=<payload> sends
 * "/start <payload>" there. A payload is at most 64 letters, digits, `_` and `-`.
 */
const BLOG_POST = /^blog_([A-Za-z0-9-]{1,59})$/;

/** The payload that opens the blog post `slug` (undefined: the slug does not fit in a payload). */
export function blogPostPayload(slug: string): string | undefined {
  const payload = `blog_${slug}`;
  return BLOG_POST.test(payload) ? payload : undefined;
}

/** The blog post a /start payload opens, if it is such a payload. */
export function blogSlugOfPayload(payload: string): string | undefined {
  return BLOG_POST.exec(payload.trim())?.[1];
}
