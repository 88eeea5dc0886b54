import { describe, expect, it } from "vitest";
import { entitiesToHtml } from "../../src/dev/playground/entities-html.js";
import { parseTelegramHtml } from "../../src/dev/telegram-fake/fake-bot-api.js";

const roundTrip = (html: string) => {
  const { text, entities } = parseTelegramHtml(html);
  return entitiesToHtml(text, entities);
};

describe("the playground's message HTML (from Telegram entities)", () => {
  it("keeps Telegram's formatting, nested, and escapes all text", () => {
    expect(roundTrip("<b>Bold <i>and italic</i></b> &lt;script&gt; <code>T…</code>")).toBe("<b>Bold <i>and italic</i></b> &lt;script&gt; <code>T…</code>");
    expect(roundTrip('<pre><code class="language-js">a &amp;&amp; b</code></pre>')).toBe("<pre><code>a &amp;&amp; b</code></pre>");
    expect(roundTrip('<tg-spoiler>x</tg-spoiler> <blockquote expandable>q</blockquote>')).toBe('<span class="spoiler">x</span> <blockquote class="expandable">q</blockquote>');
  });

  it("links keep http(s) and tg: only; quotes in a URL cannot leave the attribute", () => {
    expect(roundTrip('<a href="https://tronscan.org/#/x?a=1&amp;b=&quot;2&quot;">Tronscan</a>')).toBe(
      '<a href="https://tronscan.org/#/x?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer">Tronscan</a>',
    );
    expect(entitiesToHtml("click", [{ type: "text_link", offset: 0, length: 5, url: "javascript:alert(1)" }])).toBe("click");
  });

  it("entities it does not know, or that overlap, leave plain escaped text", () => {
    expect(entitiesToHtml("<x> y", [{ type: "mention", offset: 0, length: 3 }])).toBe("&lt;x&gt; y");
    expect(
      entitiesToHtml("abcdef", [
        { type: "bold", offset: 0, length: 4 },
        { type: "italic", offset: 2, length: 4 },
      ]),
    ).toBe("<b>abcd</b>ef"); // well-formed: the overlapping one is dropped
  });
});
