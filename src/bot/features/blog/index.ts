/** /blog <slug>: a post in the user's language (English when there is none), cover photo first. */
import type { BotContext } from "../../context.js";
import type { BlogPost } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { replyWithError } from "../../errors/reply.js";
import { code, wellFormed } from "../../../format/html.js";
import { renderBlogPost } from "./render/post.js";
import { errorFields } from "../../../logger.js";
import { Composer } from "grammy";
import { showChatAction } from "../../ui/chat-action.js";

const FALLBACK_LOCALE = "en";
const EXAMPLE_SLUG = "how-to-save-on-usdt-fees";
const MAX_SLUG_LENGTH = 200;

const isNotFound = (err: unknown) => err instanceof MarketplaceError && err.isNotFound;

/** The post in `locale`; on a 404 there, the English one (the API may already fall back itself). */
async function fetchPost(ctx: BotContext, slug: string, locale: string): Promise<{ post: BlogPost; fellBack: boolean }> {
  try {
    return { post: await ctx.deps.marketplace.public.blogPost(slug, locale), fellBack: false };
  } catch (err) {
    if (!isNotFound(err) || locale === FALLBACK_LOCALE) throw err;
    return { post: await ctx.deps.marketplace.public.blogPost(slug, FALLBACK_LOCALE), fellBack: true };
  }
}

export const blogFeature = new Composer<BotContext>();

blogFeature.command("blog", async (ctx) => {
  // a lone surrogate cannot be part of any slug, and could not be sent back either
  const slug = wellFormed(ctx.match.trim());
  if (!slug) {
    await ctx.reply(ctx.t("blog-usage", { example: code(`/blog ${EXAMPLE_SLUG}`) }));
    return;
  }
  const notFound = () => ctx.reply(ctx.t("blog-not-found", { slug: code(Array.from(slug).slice(0, 100).join("")) }));
  if (slug.length > MAX_SLUG_LENGTH || /\s/.test(slug)) {
    await notFound();
    return;
  }
  const locale = await ctx.i18n.getLocale();
  let fetched: { post: BlogPost; fellBack: boolean };
  try {
    showChatAction(ctx, "typing");
    fetched = await fetchPost(ctx, slug, locale);
  } catch (err) {
    if (isNotFound(err)) await notFound();
    else await replyWithError(ctx, err);
    return;
  }
  const { post, fellBack } = fetched;
  const untranslated = locale !== FALLBACK_LOCALE && (fellBack || !post.isTranslated);
  const rendered = renderBlogPost(post, (k, v) => ctx.t(k, v), ctx.fmt, { untranslated });
  if (rendered.cover) {
    try {
      await ctx.replyWithPhoto(rendered.cover.url, rendered.cover.caption ? { caption: rendered.cover.caption } : {});
    } catch (err) {
      // Telegram could not fetch the picture: the post reads fine without it.
      ctx.deps.logger.warn({ err: errorFields(err), slug }, "blog cover photo not sent");
    }
  }
  for (const message of rendered.messages) await ctx.reply(message);
});
