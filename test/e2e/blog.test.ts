import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import type { BlogPost } from "../../src/marketplace/index.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { findBlogPost } from "../../src/dev/sandbox/blog-posts.js";
import { startWatchedHarness, type PublicSpy } from "./check-support.js";

let h: Harness;
let spy: PublicSpy;
beforeEach(async () => {
  ({ h, spy } = await startWatchedHarness());
});
afterEach(async () => {
  await h.stop();
});

const USER = 4001;
const GROUP = -4002;
const SLUG = "how-to-save-on-usdt-fees";

/** Everything the bot sent to the chat, in order, as the user sees it. */
const shown = (chatId = USER) =>
  h.tg
    .messages(chatId)
    .filter((m) => m.from === "bot")
    .map((m) => (m.photo ? `[photo] ${m.caption ?? ""}` : (m.text ?? "")));

const notFound = () => new MarketplaceError("http", "not found", 404, "blog.post_not_found");

function post(overrides: Partial<BlogPost>): BlogPost {
  return {
    slug: "hostile",
    title: "Hostile <post> & co",
    excerpt: "An <i>excerpt</i>",
    coverImageUrl: null,
    categorySlug: "tests",
    categoryName: "Tests & more",
    contentJson: "{}",
    publishedAt: "2025-02-03T10:00:00.000Z",
    metaTitle: null,
    metaDescription: null,
    isTranslated: true,
    ...overrides,
  };
}

describe("/blog", () => {
  it("sends the cover photo, then title, category, date, excerpt and the rendered post", async () => {
    await h.tg.sendText({ userId: USER, text: `/blog ${SLUG}` });
    const photo = await h.tg.waitForCall("sendPhoto");
    expect(photo.payload.photo).toBe("https://images.sandbox.invalid/blog/usdt-fees.png");
    expect(photo.payload.caption).toBe("<b>How to save on USDT fees</b>");
    const text = await h.tg.waitForCall("sendMessage");
    const html = String(text.payload.text);
    expect(html.startsWith("<b>How to save on USDT fees</b>\nGuides · Jan 15, 2025\n<i>Rent energy instead of burning TRX")).toBe(true);
    expect(html).toContain("<b>Why USDT transfers cost TRX</b>");
    // a link to another post opens it in the chat (blog-list.test.ts)
    expect(html).toContain(`<a href="https://t.me/${h.tg.botInfo.username}?start=blog_what-is-energy">energy guide</a>`);
    expect(shown()).toHaveLength(2);
    expect(spy.posts).toEqual([
      { slug: SLUG, locale: "en" },
      { slug: "what-is-energy", locale: "en" },
    ]);
  });

  it("in the user's language; a language without a translation gets English with a note", async () => {
    await h.tg.sendText({ userId: USER, text: `/blog ${SLUG}`, languageCode: "ru" });
    const ru = await h.tg.waitForCall("sendMessage");
    expect(String(ru.payload.text)).toContain("<b>Как сэкономить на комиссиях USDT</b>\nРуководства · ");
    expect(String(ru.payload.text)).not.toContain("не переведена");
    await h.tg.sendText({ userId: USER, text: "/blog what-is-energy", languageCode: "zh" });
    const zh = await h.tg.waitForCall("sendMessage");
    expect(String(zh.payload.text)).toContain("<b>What is energy on TRON?</b>");
    expect(String(zh.payload.text)).toContain("本文尚未翻译成您的语言");
    expect(spy.posts.map((p) => p.locale)).toEqual(["ru", "zh"]);
  });

  it("a 404 in the user's language is retried in English before saying there is no such post", async () => {
    spy.blogPost = (slug, locale) => (locale === "en" ? Promise.resolve(findBlogPost(slug, "en")) : Promise.reject(notFound()));
    await h.tg.sendText({ userId: USER, text: "/blog what-is-energy", languageCode: "ru" });
    const sent = await h.tg.waitForCall("sendMessage");
    expect(String(sent.payload.text)).toContain("<b>What is energy on TRON?</b>");
    expect(String(sent.payload.text)).toContain("Статья ещё не переведена");
    expect(spy.posts).toEqual([
      { slug: "what-is-energy", locale: "ru" },
      { slug: "what-is-energy", locale: "en" },
    ]);
  });

  it("no such post (the slug escaped), usage without a slug, and other errors through the shared mapping", async () => {
    await h.tg.sendText({ userId: USER, text: "/blog no-such<post>&x", languageCode: "ru" });
    const notFound = String((await h.tg.waitForCall("sendMessage")).payload.text);
    // what to check: the slug (where it comes from, an example) and the language
    expect(notFound.startsWith("Статьи с именем <code>no-such&lt;post&gt;&amp;x</code> нет. Проверьте имя: это последняя часть адреса статьи")).toBe(true);
    expect(notFound).toContain("<code>how-to-save-on-usdt-fees</code>");
    expect(notFound).toContain("/language");
    expect(spy.posts.map((p) => p.locale)).toEqual(["ru", "en"]);
    // without a slug: the known posts (blog-list.test.ts), and how to name one
    await h.tg.sendText({ userId: USER, text: "/blog", languageCode: "en" });
    expect((await h.tg.waitForCall("sendMessage")).payload.text).toContain(
      "Send /blog with the post's name (its slug), for example <code>/blog how-to-save-on-usdt-fees</code>.",
    );
    spy.blogPost = () => Promise.reject(new MarketplaceError("network", "connection refused"));
    await h.tg.sendText({ userId: USER, text: `/blog ${SLUG}` });
    expect((await h.tg.waitForCall("sendMessage")).payload.text).toBe("The marketplace is not answering right now. Please try again in a minute.");
  });

  it("a slug with a lone surrogate gets the not-found answer, not an error", async () => {
    await h.tg.sendText({ userId: USER, text: "/blog abc\uD800" });
    expect(String((await h.tg.waitForCall("sendMessage")).payload.text)).toMatch(/^There is no post called <code>abc\uFFFD<\/code>\. Check the slug/);
    expect(h.logs.join("")).not.toMatch(/"level":50/);
  });

  it("works in groups; a cover Telegram cannot fetch is skipped and the post still arrives", async () => {
    h.tg.failNext("sendPhoto", { code: 400, description: "Bad Request: wrong file identifier/HTTP URL specified" });
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: `/blog ${SLUG}` });
    const text = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP);
    expect(String(text.payload.text)).toContain("Why USDT transfers cost TRX");
    expect(shown(GROUP)).toHaveLength(1);
    expect(h.logs.join("")).toContain("blog cover photo not sent");
  });

  it("a hostile post: 100 KB in ONE message paged with ◀️ ▶️ (ru); HTML in text, unknown nodes, deep nesting, unsafe cover URL", async () => {
    const paragraphs: string[] = [];
    for (let i = 0; paragraphs.join("").length < 100_000; i++) {
      paragraphs.push(`{"type":"paragraph","content":[{"type":"text","text":"Paragraph ${i}: <script>alert(${i})</script> & <b>not bold</b> ${"filler text ".repeat(20)}"}]}`);
    }
    let deep = '{"type":"text","text":"deepest words"}';
    for (let i = 0; i < 5000; i++) deep = `{"type":"${i % 2 ? "blockquote" : "unknownThing"}","content":[${deep}]}`;
    const contentJson = `{"type":"doc","content":[${paragraphs.join(",")},{"type":"widget","attrs":{"x":1}},${deep}]}`;
    spy.blogPost = () => Promise.resolve(post({ contentJson, coverImageUrl: "javascript:alert(1)" }));
    await h.tg.sendText({ userId: USER, text: "/blog hostile", languageCode: "ru" });
    const first = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    expect(h.tg.callsOf("sendPhoto")).toEqual([]);
    const pages = Number(/Страница 1 из (\d+)/.exec(String(first.payload.text))?.[1]);
    expect(pages).toBeGreaterThan(20);
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["▶️"]);

    // one message, read page by page with ▶️ (each page edits it), and back with ◀️
    const texts = [h.tg.lastBotMessage(USER)!.text!];
    for (let page = 2; page <= pages; page++) {
      await h.tg.tapButton({ userId: USER, text: "▶️" });
      const edit = await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(`Страница ${page} из ${pages}`));
      expect((edit.response as { ok: boolean }).ok).toBe(true);
      texts.push(h.tg.lastBotMessage(USER)!.text!);
      expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(page === pages ? ["◀️"] : ["◀️", "▶️"]);
    }
    await h.tg.tapButton({ userId: USER, text: "◀️" });
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(`Страница ${pages - 1} из ${pages}`));
    expect(shown()).toHaveLength(1);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(4096);
    const all = texts.join("\n");
    expect(all.startsWith("Hostile <post> & co\nTests & more · 3 февр. 2025 г.\nAn <i>excerpt</i>")).toBe(true);
    for (const i of [0, 50, paragraphs.length - 1]) expect(all).toContain(`Paragraph ${i}: <script>alert(${i})</script> & <b>not bold</b>`);
    expect(all).toContain("deepest words");
  });

  it("a page button whose post the chat no longer remembers asks for /blog again (zh), changing nothing", async () => {
    await h.tg.sendText({ userId: USER, text: `/blog ${SLUG}`, languageCode: "zh" });
    const sent = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    const messageId = (sent.response as { result: { message_id: number } }).result.message_id;
    await h.tg.tap({ chatId: USER, userId: USER, messageId, data: "blog.pg:2", languageCode: "zh" });
    const answer = await h.tg.waitForCall("answerCallbackQuery");
    expect(answer.payload.text).toBe("这些页面已过期：请重新发送 /blog 加文章名称。");
    expect(h.tg.callsOf("editMessageText")).toEqual([]);
  });

  it("contentJson that is not JSON, or JSON of another shape, is still shown as text", async () => {
    spy.blogPost = () => Promise.resolve(post({ contentJson: "plain <text> & no JSON" }));
    await h.tg.sendText({ userId: USER, text: "/blog hostile" });
    await h.tg.waitForCall("sendMessage");
    expect(shown().at(-1)).toContain("plain <text> & no JSON");
    spy.blogPost = () => Promise.resolve(post({ contentJson: JSON.stringify({ blocks: [{ type: "paragraph", data: { text: "Editor.js <b>bold</b>" } }] }) }));
    await h.tg.sendText({ userId: USER, text: "/blog hostile" });
    const editor = await h.tg.waitForCall("sendMessage");
    expect(String(editor.payload.text)).toContain("Editor.js <b>bold</b>");
  });
});
