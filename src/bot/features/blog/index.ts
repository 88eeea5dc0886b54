/**
 * /blog alone: the posts the bot knows of, newest first, as buttons (catalogue.ts). /blog <slug>
 * (or such a button, or a link to the post inside another post, which opens it in the chat):
 * a post in the user's language (English when there is none), cover photo first,
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
import { existingPosts, knownPosts, type PostLookup } from "./catalogue.js";
import { renderContentJson } from "./render/content.js";
import { linkedPostSlugs } from "./render/post-links.js";
import { cleanText } from "./render/to-html.js";
import { startLink } from "../../ui/private-chat.js";
import { blogPostPayload, blogSlugOfPayload } from "../../../telegram/deep-links.js";

const FALLBACK_LOCALE = "en";
const EXAMPLE_SLUG = "how-to-save-on-usdt-fees";
const MAX_SLUG_LENGTH = 200;
/** Room under each page for its "Page n of m" line. */
const PAGE_FOOTER_RESERVE = 100;
/** How many posts /blog lists, and how much of a title its button shows. */
const LISTED_POSTS = 8;
const BUTTON_TITLE_CHARS = 40;

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

/** A post in `locale` (or English) by its slug, undefined when there is none. */
const postLookup =
  (ctx: BotContext, locale: string): PostLookup =>
  async (slug) => {
    try {
      return (await fetchPost(ctx, slug, locale)).post;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  };

/** The link that opens the post `slug` in the bot's chat (/start blog_<slug>), when it can be one. */
function chatLinkToPost(ctx: BotContext, slug: string): string | undefined {
  const payload = blogPostPayload(slug);
  return payload && ctx.me.username ? startLink(ctx.me.username, payload) : undefined;
}

/** The post as pages; its links to other posts that exist open them in the chat. */
async function render(ctx: BotContext, fetched: { post: BlogPost; fellBack: boolean }, locale: string) {
  const untranslated = locale !== FALLBACK_LOCALE && (fetched.fellBack || !fetched.post.isTranslated);
  const posts = await existingPosts(postLookup(ctx, locale), linkedPostSlugs(renderContentJson(fetched.post.contentJson)));
  const postLink = (slug: string) => (posts.has(slug) ? chatLinkToPost(ctx, slug) : undefined);
  return renderBlogPost(fetched.post, ctx.locale, { untranslated, limit: TELEGRAM_MESSAGE_LIMIT - PAGE_FOOTER_RESERVE, postLink });
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
  if (!slug) return showLatest(ctx);
  await showPost(ctx, slug);
});

// a link to a post inside another post (t.me/<bot>?start=blog_<slug>)
blogFeature
  .command("start")
  .filter(
    (ctx) => blogSlugOfPayload(ctx.match) !== undefined,
    (ctx) => showPost(ctx, blogSlugOfPayload(ctx.match)!),
  );

blogFeature.callbackQuery(BlogButtons.open.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await showPost(ctx, BlogButtons.open.unpack(ctx.callbackQuery.data)!.slug);
});

/** The posts the bot knows of, newest first, each a button that opens it; the usage when it knows none. */
async function showLatest(ctx: BotContext): Promise<void> {
  const usage = ctx.t("blog-usage", { example: code(`/blog ${EXAMPLE_SLUG}`) });
  let posts: BlogPost[];
  try {
    showChatAction(ctx, "typing");
    posts = await knownPosts(postLookup(ctx, await ctx.i18n.getLocale()), [EXAMPLE_SLUG]);
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const keyboard = new InlineKeyboard();
  for (const post of posts.slice(0, LISTED_POSTS)) {
    const title = buttonTitle(post.title) || post.slug;
    if (BlogButtons.open.pattern.test(`${BlogButtons.open.prefix}:${post.slug}`)) keyboard.text(title, BlogButtons.open.pack({ slug: post.slug })).row();
    else {
      const link = chatLinkToPost(ctx, post.slug);
      if (link) keyboard.url(title, link).row();
    }
  }
  if (keyboard.inline_keyboard.flat().length === 0) {
    await ctx.reply(usage);
    return;
  }
  await ctx.reply(`${ctx.t("blog-latest")}\n\n${usage}`, { reply_markup: keyboard });
}

/** A post's title as a button shows it: plain text of one line, cut with … where a phone would cut it. */
function buttonTitle(title: string): string {
  const chars = Array.from(cleanText(title).replace(/\s+/g, " ").trim());
  return chars.length > BUTTON_TITLE_CHARS ? `${chars.slice(0, BUTTON_TITLE_CHARS - 1).join("")}…` : chars.join("");
}

async function showPost(ctx: BotContext, slug: string): Promise<void> {
  if (slug.length > MAX_SLUG_LENGTH || /\s/.test(slug)) {
    await ctx.reply(notFoundText(ctx, slug));
    return;
  }
  const locale = await ctx.i18n.getLocale();
  let fetched: { post: BlogPost; fellBack: boolean };
  let rendered: Awaited<ReturnType<typeof render>>;
  try {
    showChatAction(ctx, "typing");
    fetched = await fetchPost(ctx, slug, locale);
    rendered = await render(ctx, fetched, locale);
  } catch (err) {
    if (isNotFound(err)) await ctx.reply(notFoundText(ctx, slug));
    else await replyWithError(ctx, err);
    return;
  }
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
}

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
  await showView(ctx, pageView(ctx, (await render(ctx, fetched, reading.locale)).messages, page));
});
