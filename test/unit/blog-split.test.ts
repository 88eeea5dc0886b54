import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { splitTelegramHtml } from "../../src/bot/features/blog/render/split.js";
import { parseTelegramHtml } from "../../src/dev/telegram-fake/fake-bot-api.js";

const visible = (html: string) => parseTelegramHtml(html).text;
const squash = (text: string) => text.replace(/\s+/g, "");

/** Every chunk fits, is valid on its own, and together they show all the text. */
function expectSound(html: string, chunks: string[], limit: number): void {
  for (const chunk of chunks) {
    expect(chunk.length).toBeLessThanOrEqual(limit);
    expect(visible(chunk).trim()).not.toBe("");
  }
  expect(squash(chunks.map(visible).join(""))).toBe(squash(visible(html)));
}

/** The most characters the open tags (and their end tags) take at any point of `html`. */
function tagOverhead(html: string): number {
  const stack: number[] = [];
  let most = 0;
  for (const [tag, close, name] of html.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (close) stack.pop();
    else stack.push(tag.length + name!.length + 3);
    most = Math.max(most, stack.reduce((a, b) => a + b, 0));
  }
  return most;
}

describe("splitting Telegram HTML into messages", () => {
  it("leaves a short text alone and drops nothing", () => {
    expect(splitTelegramHtml("<b>hi</b> there")).toEqual(["<b>hi</b> there"]);
    expect(splitTelegramHtml("")).toEqual([]);
    expect(splitTelegramHtml("  \n\n ")).toEqual([]);
  });

  it("breaks at blank lines between paragraphs when it can", () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `<b>${i}</b> ${"word ".repeat(150).trim()}`);
    const html = paragraphs.join("\n\n");
    const chunks = splitTelegramHtml(html);
    expectSound(html, chunks, 4096);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith("word") || chunk.endsWith("word\n\n")).toBe(true);
    // Every chunk holds whole paragraphs.
    for (const chunk of chunks) for (const part of chunk.trim().split("\n\n")) expect(paragraphs).toContain(part);
  });

  it("falls back to line ends, then spaces, inside one long paragraph", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i} ${"x".repeat(40)}`).join("\n");
    const byLine = splitTelegramHtml(lines, 1000);
    expectSound(lines, byLine, 1000);
    for (const chunk of byLine) expect(chunk).toMatch(/x\n?$/);
    const words = "lorem ipsum dolor sit amet ".repeat(200);
    const bySpace = splitTelegramHtml(words, 500);
    expectSound(words, bySpace, 500);
    for (const chunk of bySpace.slice(0, -1)) expect(chunk).toMatch(/ $/);
  });

  it("closes open tags at a break and reopens them, attributes included, in the next chunk", () => {
    const html = `<blockquote><a href="https://x.example/?a=1&amp;b=2"><b><i>${"bold italic linked ".repeat(100)}</i></b></a></blockquote> after`;
    const chunks = splitTelegramHtml(html, 300);
    expectSound(html, chunks, 300);
    for (const chunk of chunks.slice(1, -1)) {
      expect(chunk.startsWith('<blockquote><a href="https://x.example/?a=1&amp;b=2"><b><i>')).toBe(true);
      expect(chunk.endsWith("</i></b></a></blockquote>")).toBe(true);
    }
    for (const chunk of chunks.slice(0, -1)) expect(parseTelegramHtml(chunk).entities.map((e) => e.type)).toEqual(expect.arrayContaining(["blockquote", "text_link", "bold", "italic"]));
  });

  it("never cuts an entity or a surrogate pair, even in text without any space", () => {
    const html = `<code>${"&amp;&lt;😀é".repeat(500)}</code>`;
    const chunks = splitTelegramHtml(html, 100);
    expectSound(html, chunks, 100);
    for (const chunk of chunks) expect(visible(chunk)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("a pre block split across messages keeps its language", () => {
    const html = `<pre><code class="language-ts">${"const a = 1;\n".repeat(400)}</code></pre>`;
    const chunks = splitTelegramHtml(html);
    expectSound(html, chunks, 4096);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(parseTelegramHtml(chunk).entities[0]).toMatchObject({ type: "pre", language: "ts" });
  });

  it("holds for random nestings of tags, entities and whitespace", () => {
    const piece = fc.oneof(
      fc.constantFrom("a", "word ", "\n", "\n\n", "&amp;", "&lt;", "😀", " ", "longerwordwithoutspaces"),
      fc.string({ maxLength: 30 }).map((s) => s.replace(/[<>&"]/g, "")),
    );
    const tag = fc.constantFrom(["<b>", "</b>"], ["<i>", "</i>"], ["<u>", "</u>"], ['<a href="https://e.example/?q=1&amp;r=2">', "</a>"], ["<blockquote>", "</blockquote>"], ["<code>", "</code>"]);
    const html: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        piece,
        fc.tuple(tag, fc.array(tie("node"), { maxLength: 6 })).map(([[open, close], inner]) => `${open}${inner.join("")}${close}`),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(html, { minLength: 1, maxLength: 30 }), fc.integer({ min: 120, max: 600 }), (parts, limit) => {
        const source = parts.join("");
        // Tags alone may not leave room for a character: no split can fit such a limit.
        fc.pre(tagOverhead(source) + 10 <= limit);
        expectSound(source, splitTelegramHtml(source, limit), limit);
      }),
      { numRuns: 300 },
    );
  });
});
