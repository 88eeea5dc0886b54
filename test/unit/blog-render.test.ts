import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { renderContentJson } from "../../src/bot/features/blog/render/content.js";
import { splitTelegramHtml } from "../../src/bot/features/blog/render/split.js";
import { findBlogPost } from "../../src/dev/sandbox/blog-posts.js";
import { parseTelegramHtml } from "../../src/dev/telegram-fake/fake-bot-api.js";

/** What a reader sees (throws, like Telegram, on HTML it would reject). */
const visible = (html: string) => parseTelegramHtml(html).text;
const squash = (text: string) => text.replace(/\s+/g, "");

const text = (value: unknown, ...marks: unknown[]) => (marks.length ? { type: "text", text: value, marks } : { type: "text", text: value });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => JSON.stringify({ type: "doc", content });

/** JSON nested `depth` levels deep, built as text: JSON.stringify itself recurses. */
function nested(depth: number, open: (i: number) => string, leaf: string, close: string): string {
  let json = leaf;
  for (let i = 0; i < depth; i++) json = `${open(i)}${json}${close}`;
  return json;
}

describe("contentJson → Telegram HTML: ProseMirror / TipTap", () => {
  it("renders the sandbox's seeded post: headings bold, ordered list, code, link", () => {
    const html = renderContentJson(findBlogPost("how-to-save-on-usdt-fees", "en").contentJson);
    expect(html).toBe(
      [
        "<b>Why USDT transfers cost TRX</b>",
        "A USDT transfer needs about <b>65,000 energy</b> (or <b>131,000</b> to an address that holds no USDT yet).",
        "Without energy the network <i>burns</i> TRX at 100 SUN per unit.",
        "<b>Rent instead of burning</b>",
        "1. Check the address with the <code>address checker</code>.\n2. Order energy for 1 hour or longer.\n3. Send USDT.",
        'Read more in the <a href="https://sandbox.invalid/blog/what-is-energy">energy guide</a>.',
      ].join("\n\n"),
    );
  });

  it("renders every mark, nested lists, quotes, code blocks, rules and hard breaks", () => {
    const html = renderContentJson(
      doc(
        { type: "heading", attrs: { level: 1 }, content: [text("Title "), text("x()", { type: "code" })] },
        p(
          text("b", { type: "bold" }),
          text("i", { type: "italic" }),
          text("u", { type: "underline" }),
          text("s", { type: "strike" }),
          { type: "hardBreak" },
          text("all", { type: "bold" }, { type: "italic" }, { type: "link", attrs: { href: "https://a.example/?x=1&y=2" } }),
        ),
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [p(text("one")), { type: "orderedList", attrs: { start: 5 }, content: [{ type: "listItem", content: [p(text("five"))] }] }] },
            { type: "listItem", content: [p(text("two"))] },
          ],
        },
        { type: "blockquote", content: [p(text("quoted")), { type: "blockquote", content: [p(text("deeper"))] }, { type: "codeBlock", content: [text("a < b")] }] },
        { type: "codeBlock", attrs: { language: "ts" }, content: [text("const a = 1 && 2;\nreturn a;")] },
        { type: "horizontalRule" },
        { type: "taskList", content: [{ type: "taskItem", attrs: { checked: true }, content: [p(text("done"))] }] },
      ),
    );
    expect(html).toContain("<b>Title </b><code>x()</code>");
    expect(html).toContain('<b>b</b><i>i</i><u>u</u><s>s</s>\n<a href="https://a.example/?x=1&amp;y=2"><b><i>all</i></b></a>');
    expect(html).toContain("• one\n    5. five\n• two");
    // Telegram: blockquotes never nest and hold no pre.
    expect(html).toContain("<blockquote>quoted\ndeeper\na &lt; b</blockquote>");
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &amp;&amp; 2;\nreturn a;</code></pre>');
    expect(html).toContain("──────────");
    expect(html).toContain("• ☑ done");
    expect(() => visible(html)).not.toThrow();
  });

  it("escapes HTML inside text: <script> and <b> are shown, not obeyed", () => {
    const raw = `<script>alert("x")</script> <b>not bold</b> & &amp; </i>`;
    const html = renderContentJson(doc(p(text(raw))));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(visible(html)).toBe(raw.trim());
  });

  it("keeps only safe links (http/https with a host, tg, mailto), keeping the text of the others", () => {
    const link = (href: unknown) => text("label", { type: "link", attrs: { href } });
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "/relative", "http://", "https://a b.example", 'https://x.example/"><b>', 42, null, "x".repeat(3000)]) {
      const html = renderContentJson(doc(p(link(bad))));
      expect(html, String(bad)).toBe("label");
    }
    for (const good of ["https://example.com/a?b=1", "http://example.com", "tg://resolve?domain=bot", "mailto:a@example.com"]) {
      expect(renderContentJson(doc(p(link(good))))).toContain(`<a href="${good.replace(/&/g, "&amp;")}">label</a>`);
    }
  });

  it("skips unknown nodes but keeps their text, and content-less ones (images, mentions) vanish", () => {
    const html = renderContentJson(
      doc(
        { type: "callout", content: [p(text("inside a callout"))] },
        p(text("a "), { type: "mention", attrs: { id: "1", label: "@x" } }, { type: "fancyInline", content: [text("fancy")] }, text(" b")),
        { type: "image", attrs: { src: "https://x.example/a.png" } },
        { type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [p(text("cell"))] }] }] },
      ),
    );
    expect(html).toBe("inside a callout\n\na fancy b\n\ncell");
  });

  it("survives wrong types: numbers for text, null children, strings for arrays, odd attrs", () => {
    const json = JSON.stringify({
      type: "doc",
      content: [
        null,
        7,
        "loose string",
        { type: "paragraph", content: [text(12345), null, text(null), text({ a: 1 }), { type: "text", text: "ok", marks: "bold" }] },
        { type: "paragraph", content: "not an array" },
        { type: "heading", attrs: null, content: [text(true)] },
        { type: "orderedList", attrs: { start: "x" }, content: [{ type: "listItem", content: [p(text("first"))] }] },
        { type: 42, content: [p(text("typed by a number"))] },
        { type: "codeBlock", attrs: { language: "<script>" }, content: [text("code")] },
      ],
    });
    const html = renderContentJson(json);
    expect(visible(html)).toBe("7loose string\n\n12345ok\n\ntrue\n\n1. first\n\ntyped by a number\n\ncode");
    expect(html).toContain("<pre>code</pre>");
  });

  it("removes control characters and lone surrogates Telegram would reject", () => {
    const html = renderContentJson(doc(p(text("a\u0000b\u0007c \ud800 d \udc00 e 😀"))));
    expect(html).toBe("abc \uFFFD d \uFFFD e 😀");
  });
});

describe("contentJson → Telegram HTML: other formats", () => {
  it("Editor.js: inline HTML sanitised to Telegram's tags, the rest stripped or escaped", () => {
    const json = JSON.stringify({
      time: 1,
      blocks: [
        { id: "a", type: "header", data: { text: "Head <i>line</i>", level: 2 } },
        {
          type: "paragraph",
          data: {
            text: 'Hi <b>bold <i>both</i></b> <script>alert(1)</script><span style="x">span</span> <a href="javascript:x">bad</a> <a href="https://ok.example/?a=1&amp;b=2">good</a> a &lt; b &amp; c&nbsp;d &#x41; 3 < 4 <mark>m</mark><br>next',
          },
        },
        { type: "list", data: { style: "ordered", items: ["one", "two <b>2</b>"] } },
        { type: "list", data: { style: "unordered", items: [{ content: "top", items: [{ content: "child", items: [] }] }] } },
        { type: "checklist", data: { items: [{ text: "yes", checked: true }, { text: "no", checked: false }] } },
        { type: "quote", data: { text: "To be", caption: "Someone" } },
        { type: "code", data: { code: "if (a < b) {}" } },
        { type: "delimiter", data: {} },
        { type: "table", data: { content: [["a", "b"], ["c", "<b>d</b>"]] } },
        { type: "warning", data: { title: "Careful", message: "Hot" } },
        { type: "customThing", data: { id: "x1", label: "kept <i>label</i>", url: "https://ignored.example" } },
      ],
    });
    const html = renderContentJson(json);
    expect(html).toContain("<b>Head </b><b><i>line</i></b>");
    expect(html).toContain("Hi <b>bold </b><b><i>both</i></b> span bad ");
    expect(html).toContain('<a href="https://ok.example/?a=1&amp;b=2">good</a> a &lt; b &amp; c d A 3 &lt; 4 m\nnext');
    expect(html).not.toContain("alert");
    expect(html).toContain("1. one\n2. two <b>2</b>");
    expect(html).toContain("• top\n    ◦ child");
    expect(html).toContain("• ☑ yes\n• ☐ no");
    expect(html).toContain("<blockquote>To be\n— Someone</blockquote>");
    expect(html).toContain("<pre>if (a &lt; b) {}</pre>");
    expect(html).toContain("a | b\n\nc | <b>d</b>");
    expect(html).toContain("<blockquote><b>Careful</b>\nHot</blockquote>");
    expect(html).toContain("kept <i>label</i>");
    expect(html).not.toContain("ignored.example");
    expect(() => visible(html)).not.toThrow();
  });

  it("Lexical: the format bitmask, headings, numbered lists with start, nested lists, links, code", () => {
    const t = (textValue: string, format = 0) => ({ type: "text", text: textValue, format, detail: 0, mode: "normal", style: "" });
    const json = JSON.stringify({
      root: {
        type: "root",
        children: [
          { type: "heading", tag: "h2", children: [t("Head")] },
          { type: "paragraph", children: [t("b", 1), t("i", 2), t("s", 4), t("u", 8), t("c", 16), t("bi", 3), { type: "linebreak" }, { type: "link", url: "https://l.example", children: [t("link")] }] },
          {
            type: "list",
            listType: "number",
            start: 3,
            children: [
              { type: "listitem", value: 3, children: [t("three")] },
              { type: "listitem", value: 4, children: [{ type: "list", listType: "bullet", children: [{ type: "listitem", children: [t("nested")] }] }] },
            ],
          },
          { type: "list", listType: "check", children: [{ type: "listitem", checked: true, children: [t("checked")] }] },
          { type: "quote", children: [t("q")] },
          { type: "code", language: "js", children: [{ type: "code-highlight", text: "let a" }, { type: "linebreak" }, { type: "code-highlight", text: "a = 1" }] },
        ],
      },
    });
    expect(renderContentJson(json)).toBe(
      [
        "<b>Head</b>",
        '<b>b</b><i>i</i><s>s</s><u>u</u><code>c</code><b><i>bi</i></b>\n<a href="https://l.example">link</a>',
        "3. three\n    ◦ nested",
        "• ☑ checked",
        "<blockquote>q</blockquote>",
        '<pre><code class="language-js">let a\na = 1</code></pre>',
      ].join("\n\n"),
    );
  });

  it("Slate and Plate: element types, leaf marks, links, code lines", () => {
    const json = JSON.stringify([
      { type: "heading-one", children: [{ text: "Slate" }] },
      { type: "paragraph", children: [{ text: "bold", bold: true }, { text: " and " }, { type: "link", url: "https://s.example", children: [{ text: "link" }] }, { text: " x", code: true }] },
      { type: "numbered-list", children: [{ type: "list-item", children: [{ text: "first" }] }, { type: "list-item", children: [{ text: "second" }] }] },
      { type: "blockquote", children: [{ text: "quote" }] },
      { type: "code_block", children: [{ type: "code_line", children: [{ text: "line 1" }] }, { type: "code_line", children: [{ text: "line 2" }] }] },
      { type: "image", url: "https://s.example/i.png", children: [{ text: "" }] },
    ]);
    expect(renderContentJson(json)).toBe(
      [
        "<b>Slate</b>",
        '<b>bold</b> and <a href="https://s.example">link</a><code> x</code>',
        "1. first\n2. second",
        "<blockquote>quote</blockquote>",
        "<pre>line 1\nline 2</pre>",
      ].join("\n\n"),
    );
  });

  it("unknown JSON: its string leaves in order, structure (types, ids, URLs) left out", () => {
    const json = JSON.stringify({ id: "p1", title: "First", sections: [{ type: "x", body: "Second <b>" }, { url: "https://no.example", note: "Third" }], count: 3, ok: true });
    expect(renderContentJson(json)).toBe("First\n\nSecond &lt;b&gt;\n\nThird");
  });

  it("non-JSON, JSON primitives and JSON encoded twice", () => {
    expect(renderContentJson("not json <b>bold</b> & more")).toBe("not json &lt;b&gt;bold&lt;/b&gt; &amp; more");
    expect(renderContentJson("")).toBe("");
    expect(renderContentJson("null")).toBe("");
    expect(renderContentJson("42")).toBe("42");
    expect(renderContentJson('"just <text>"')).toBe("just &lt;text&gt;");
    expect(renderContentJson(JSON.stringify(doc(p(text("twice")))))).toBe("twice");
    expect(renderContentJson("{broken")).toBe("{broken");
  });
});

describe("contentJson → Telegram HTML: hostile documents", () => {
  const DEPTH = 10_000;

  it("10,000-deep nesting in every format: no crash, the text kept, valid HTML", () => {
    const cases = {
      prosemirror: `{"type":"doc","content":[${nested(DEPTH, (i) => `{"type":"${["blockquote", "bulletList", "listItem", "mystery"][i % 4]}","content":[`, '{"type":"text","text":"bottom <b>"}', "]}")}]}`,
      lexical: `{"root":{"type":"root","children":[${nested(DEPTH, (i) => `{"type":"${i % 2 ? "quote" : "list"}","children":[`, '{"type":"text","text":"bottom <b>","format":1}', "]}")}]}}`,
      slate: `[${nested(DEPTH, () => '{"type":"block-quote","children":[', '{"text":"bottom <b>","bold":true}', "]}")}]`,
      editorjs: `{"blocks":[{"type":"list","data":{"style":"unordered","items":[${nested(DEPTH, () => '{"content":"level","items":[', '{"content":"bottom &lt;b&gt;","items":[]}', "]}")}]}}]}`,
      editorjsHtml: JSON.stringify({ blocks: [{ type: "paragraph", data: { text: `${"<b><i>".repeat(DEPTH)}bottom &lt;b&gt;${"</i></b>".repeat(DEPTH)}` } }] }),
      arrays: nested(DEPTH, () => "[", '"bottom <b>"', "]"),
      objects: nested(DEPTH, () => '{"a":', '"bottom <b>"', "}"),
    };
    for (const [name, json] of Object.entries(cases)) {
      const started = performance.now();
      const html = renderContentJson(json);
      const chunks = splitTelegramHtml(html);
      expect(performance.now() - started, name).toBeLessThan(3000);
      expect(chunks.length, name).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk.length, name).toBeLessThanOrEqual(4096);
      expect(chunks.map(visible).join(""), name).toContain("bottom <b>");
    }
  });

  it("100 KB of text renders and splits quickly, every chunk valid, no text lost", () => {
    const sentence = "Energy <pays> for smart-contract calls & USDT transfers; bandwidth pays for bytes. ";
    const paragraphs: unknown[] = [];
    let original = "";
    for (let i = 0; original.length < 100_000; i++) {
      const body = sentence.repeat(1 + (i % 40));
      original += `${body} #${i}`;
      paragraphs.push(p(text(body, ...(i % 3 === 0 ? [{ type: "bold" }] : [])), text(` #${i}`, { type: "link", attrs: { href: `https://x.example/${i}` } })));
    }
    paragraphs.push(p(text("x".repeat(20_000), { type: "italic" }))); // one word longer than a message
    original += "x".repeat(20_000);
    const json = doc(...paragraphs);
    const started = performance.now();
    const html = renderContentJson(json);
    const chunks = splitTelegramHtml(html);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(chunks.length).toBeGreaterThan(25);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(4096);
    expect(squash(chunks.map(visible).join(""))).toBe(squash(original));
  });

  it("random JSON never crashes the renderer and always gives valid, splittable HTML", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const html = renderContentJson(JSON.stringify(value));
        visible(html);
        for (const chunk of splitTelegramHtml(html, 200)) {
          expect(chunk.length).toBeLessThanOrEqual(200);
          visible(chunk);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("random ProseMirror-like trees with random marks and types render to valid HTML", () => {
    const types = fc.constantFrom("doc", "paragraph", "heading", "bulletList", "orderedList", "listItem", "blockquote", "codeBlock", "hardBreak", "horizontalRule", "weird", "text");
    const mark = fc.record({ type: fc.constantFrom("bold", "italic", "underline", "strike", "code", "link", "nope"), attrs: fc.record({ href: fc.oneof(fc.webUrl(), fc.string()) }) });
    const node = fc.letrec((tie) => ({
      node: fc.record(
        {
          type: types,
          text: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          marks: fc.array(mark, { maxLength: 3 }),
          content: fc.array(tie("node"), { maxLength: 4 }),
        },
        { requiredKeys: ["type"] },
      ),
    })).node;
    fc.assert(
      fc.property(node, (root) => {
        const html = renderContentJson(JSON.stringify(root));
        visible(html);
        for (const chunk of splitTelegramHtml(html, 120)) visible(chunk);
      }),
      { numRuns: 300 },
    );
  });
});
