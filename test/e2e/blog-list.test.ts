/**
 * /blog is no dead end (issue 30 item 13): without a slug it lists the posts the bot knows of
 * (the example post and the posts it links to), newest first, as buttons that open them; and a
 * link inside a post that points at another post opens that post in the chat (/start blog_<slug>),
 * while a link to a post the marketplace does not have stays a web link.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { startWatchedHarness, type PublicSpy } from "./check-support.js";
import { findBlogPost } from "../../src/dev/sandbox/blog-posts.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { textOf } from "../support/payload.js";

let h: Harness;
let spy: PublicSpy;
beforeEach(async () => {
  ({ h, spy } = await startWatchedHarness());
});
afterEach(async () => {
  await h.stop();
});

const USER = 4201;
const GROUP = -4202;
const tr = loadTranslations("en");
const postShown = (title: string, chatId = USER) => h.tg.waitForCall("sendMessage", (p) => p.chat_id === chatId && textOf(p).startsWith(`<b>${title}</b>`));

describe("/blog without a slug", () => {
  it("lists the known posts newest first as buttons; a tap opens the post", async () => {
    await h.tg.sendText({ userId: USER, text: "/blog" });
    const list = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && textOf(p).includes(tr.t("en", "blog-latest")));
    expect(textOf(list.payload)).toContain("/blog how-to-save-on-usdt-fees");
    // the example post (Jan 2025) and the post it links to (Nov 2024)
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["How to save on USDT fees", "What is energy on TRON?"]);

    await h.tg.tapButton({ userId: USER, text: "What is energy on TRON?" });
    await postShown("What is energy on TRON?");
  });

  it("in Russian, and in a group", async () => {
    await h.tg.sendText({ userId: USER, chatId: GROUP, chatType: "group", text: "/blog", languageCode: "ru" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === GROUP && textOf(p).includes(tr.t("ru", "blog-latest")));
    expect(h.tg.buttons(GROUP).map((b) => b.text)[0]).toBe("Как сэкономить на комиссиях USDT");
    await h.tg.tapButton({ userId: USER, chatId: GROUP, text: "Как сэкономить на комиссиях USDT", languageCode: "ru" });
    await postShown("Как сэкономить на комиссиях USDT", GROUP);
  });

  it("the marketplace not answering: says so", async () => {
    spy.blogPost = () => Promise.reject(new MarketplaceError("network", "connection refused"));
    await h.tg.sendText({ userId: USER, text: "/blog" });
    expect(textOf((await h.tg.waitForCall("sendMessage")).payload)).toBe("The marketplace is not answering right now. Please try again in a minute.");
  });
});

describe("a link to another post inside a post", () => {
  it("opens that post in the chat; a link to a post the marketplace does not have stays a web link", async () => {
    const example = findBlogPost("how-to-save-on-usdt-fees", "en");
    const content = JSON.parse(example.contentJson) as { content: unknown[] };
    content.content.push({
      type: "paragraph",
      content: [
        { type: "text", text: "gone", marks: [{ type: "link", attrs: { href: "https://sandbox.invalid/ru/blog/no-such-post" } }] },
        { type: "text", text: " and " },
        { type: "text", text: "elsewhere", marks: [{ type: "link", attrs: { href: "https://example.com/about" } }] },
      ],
    });
    spy.blogPost = (slug, locale) => Promise.resolve(slug === example.slug ? { ...example, contentJson: JSON.stringify(content) } : findBlogPost(slug, locale ?? "en"));

    await h.tg.sendText({ userId: USER, text: "/blog how-to-save-on-usdt-fees" });
    const html = textOf((await postShown("How to save on USDT fees")).payload);
    const inChat = `https://t.me/${h.tg.botInfo.username}?start=blog_what-is-energy`;
    expect(html).toContain(`<a href="${inChat}">energy guide</a>`);
    expect(html).toContain('<a href="https://sandbox.invalid/ru/blog/no-such-post">gone</a>');
    expect(html).toContain('<a href="https://example.com/about">elsewhere</a>');

    // following the link: Telegram sends /start with its payload, and the post opens (not the welcome)
    await h.tg.sendText({ userId: USER, text: "/start blog_what-is-energy" });
    await postShown("What is energy on TRON?");
    expect(h.tg.callsOf("sendMessage").some((c) => textOf(c.payload).includes(tr.t("en", "start-welcome", { name: "" }).slice(0, 10)))).toBe(false);
  });
});
