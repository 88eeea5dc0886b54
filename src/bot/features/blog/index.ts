/**
 * /blog <slug>: a post in the user's language (English when there is none), cover photo first,
 * then the text in ONE message read page by page with ◀️ ▶️ (a long post would otherwise arrive as
 * dozens of messages). A page turn asks the marketplace client for the post again, which keeps a
 * post for a few minutes (a reader turning pages does not fetch it each time).
 */
import { InlineKeyboard, Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { BlogPost } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { replyWithError } from "../../errors/reply.js";
import { code, wellFormed } from "../../../format/html.js";
import { renderBlogPost } from "./render/post.js";
import { TELEGRAM_MESSAGE_LIMIT } from "./render/split.js";
import { errorFields } from "../../../logger.js";
import { showChatAction } from "../../ui/chat-action.js";
import { pageLinks, pageOf } from "../../ui/paging.js";
import { showView, type View } from "../../ui/view.js";
import { BlogButtons } from "./callbacks.js";
import { recallReading, rememberReading } from "./reading.js";

const FALLBACK_LOCALE = "en";
const EXAMPLE_SLUG = "how-to-save-on-usdt-fees";
const MAX_SLUG_LENGTH = 200;
/** Room under each page for its "Page n of m" line. */
const PAGE_FOOTER_RESERVE = 100;

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

function render(ctx: BotContext, fetched: { post: BlogPost; fellBack: boolean }, locale: string) {
  const untranslated = locale !== FALLBACK_LOCALE && (fetched.fellBack || !fetched.post.isTranslated);
  return renderBlogPost(fetched.post, (k, v) => ctx.t(k, v), ctx.fmt, { untranslated, limit: TELEGRAM_MESSAGE_LIMIT - PAGE_FOOTER_RESERVE });
}

/** One page of the post's text, with "Page n of m" and ◀️ ▶️ when there is more than one. */
function pageView(ctx: BotContext, pages: string[], requested: number): View<BotContext> & { pages: number } {
  const window = pageOf(pages, requested, 1);
  if (window.pages === 1) return { text: window.items[0] ?? "", pages: 1 };
  const keyboard = new InlineKeyboard();
  for (const link of pageLinks(window)) keyboard.text(ctx.t(`button-${link.direction}`), BlogButtons.page.pack({ page: link.page }));
  return { text: `${window.items[0]}\n\n${ctx.t("blog-page", { page: window.page, pages: window.pages })}`, keyboard, pages: window.pages };
}

const notFoundText = (ctx: BotContext, slug: string) => ctx.t("blog-not-found", { slug: code(Array.from(slug).slice(0, 100).join("")) });

export const blogFeature = new Composer<BotContext>();

blogFeature.command("blog", async (ctx) => {
  // a lone surrogate cannot be part of any slug, and could not be sent back either
  const slug = wellFormed(ctx.match.trim());
  if (!slug) {
    await ctx.reply(ctx.t("blog-usage", { example: code(`/blog ${EXAMPLE_SLUG}`) }));
    return;
  }
  if (slug.length > MAX_SLUG_LENGTH || /\s/.test(slug)) {
    await ctx.reply(notFoundText(ctx, slug));
    return;
  }
  const locale = await ctx.i18n.getLocale();
  let fetched: { post: BlogPost; fellBack: boolean };
  try {
    showChatAction(ctx, "typing");
    fetched = await fetchPost(ctx, slug, locale);
  } catch (err) {
    if (isNotFound(err)) await ctx.reply(notFoundText(ctx, slug));
    else await replyWithError(ctx, err);
    return;
  }
  const rendered = render(ctx, fetched, locale);
  if (rendered.cover) {
    try {
      await ctx.replyWithPhoto(rendered.cover.url, rendered.cover.caption ? { caption: rendered.cover.caption } : {});
    } catch (err) {
      // Telegram could not fetch the picture: the post reads fine without it.
      ctx.deps.logger.warn({ err: errorFields(err), slug }, "blog cover photo not sent");
    }
  }
  const view = pageView(ctx, rendered.messages, 1);
  const sent = await ctx.reply(view.text, view.keyboard ? { reply_markup: view.keyboard as InlineKeyboard } : {});
  if (view.pages > 1) await rememberReading(ctx, { messageId: sent.message_id, slug, locale });
});

blogFeature.callbackQuery(BlogButtons.page.pattern, async (ctx) => {
  const page = BlogButtons.page.unpack(ctx.callbackQuery.data)?.page ?? 1;
  const messageId = ctx.callbackQuery.message?.message_id;
  const reading = messageId === undefined ? undefined : await recallReading(ctx, messageId);
  if (!reading) {
    await ctx.answerCallbackQuery({ text: ctx.t("blog-page-expired") });
    return;
  }
  let fetched: { post: BlogPost; fellBack: boolean };
  try {
    fetched = await fetchPost(ctx, reading.slug, reading.locale);
  } catch (err) {
    if (isNotFound(err)) await ctx.answerCallbackQuery({ text: ctx.t("blog-page-gone") });
    else await replyWithError(ctx, err);
    return;
  }
  await showView(ctx, pageView(ctx, render(ctx, fetched, reading.locale).messages, page));
});
