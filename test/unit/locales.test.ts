/**
 * The locales are complete and really translated: every text of en.ftl exists in ru.ftl and zh.ftl
 * (and nothing else does), and no English word is left in a Russian or Chinese text, apart from
 * the terms people use as they are (TRX, USDT, API…), what the user types or copies (commands,
 * code, examples, event names) and the marketplace's own access-level names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { localesDir } from "../../src/paths.js";

/** Words kept as they are in every language. */
const TERMS = new Set(["TRON", "TRX", "USDT", "SUN", "API", "UTC", "URL", "QR", "PUBLIC_URL", "Tronscan", "CSV", "PNG", "purchase", "read", "full", "k", "T"]);
/** Each language's name in itself, as the language picker shows it. */
const ENDONYMS = /^language-name-/;

type Pattern = string | Array<string | { type: string; variants?: Array<{ value: Pattern }> }> | null;

/** The literal text of a pattern, with every variant of a select (plurals) and no placeables. */
function textOf(pattern: Pattern): string {
  if (pattern === null) return "";
  if (typeof pattern === "string") return pattern;
  return pattern.map((el) => (typeof el === "string" ? el : el.type === "select" ? (el.variants ?? []).map((v) => textOf(v.value)).join(" ") : " ")).join("");
}

/** Every text of a locale: messages and their attributes (`command-buy.description`). */
function texts(locale: string): Map<string, string> {
  const resource = new FluentResource(readFileSync(join(localesDir, `${locale}.ftl`), "utf8"));
  const out = new Map<string, string>();
  for (const entry of resource.body as Array<{ id: string; value: Pattern; attributes: Record<string, Pattern> }>) {
    if (entry.value !== null) out.set(entry.id, textOf(entry.value));
    for (const [name, value] of Object.entries(entry.attributes)) out.set(`${entry.id}.${name}`, textOf(value));
  }
  return out;
}

/** Latin words a reader would see, leaving out what is typed or copied rather than read. */
function latinWords(text: string): string[] {
  const readable = text
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z]+;/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\/[a-z_]+/g, " ") // commands
    .replace(/\b[a-z]+\.[a-z.]+\b/g, " ") // event names such as order.filled
    .replace(/\S*\d\S*/g, " "); // examples: 65k, 1.5m, ids
  return (readable.match(/[A-Za-z][A-Za-z_]*/g) ?? []).filter((w) => !TERMS.has(w));
}

const en = texts("en");

describe.each(["ru", "zh"])("locales/%s.ftl", (locale) => {
  const translated = texts(locale);

  it("has exactly the texts of en.ftl", () => {
    expect([...en.keys()].filter((k) => !translated.has(k))).toEqual([]);
    expect([...translated.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it("leaves no English word in any text", () => {
    const left = [...translated]
      .filter(([key]) => !ENDONYMS.test(key))
      .map(([key, text]) => [key, latinWords(text).join(" ")] as const)
      .filter(([, words]) => words !== "");
    expect(Object.fromEntries(left)).toEqual({});
  });

  it("copies no English text unchanged, unless it is made only of terms, numbers and placeables", () => {
    const copied = [...translated].filter(([key, text]) => !ENDONYMS.test(key) && text === en.get(key) && latinWords(text).length > 0);
    expect(copied).toEqual([]);
  });
});

describe("the check for English words", () => {
  it("finds English words, and ignores terms, code, commands, event names and examples", () => {
    expect(latinWords("Сменить endpoint для webhook")).toEqual(["endpoint", "webhook"]);
    expect(latinWords("Купить 65k энергии TRX за USDT: /buy, <code>whsec_abc</code>, order.filled, 1b4e28ba-2fa1")).toEqual([]);
    expect(latinWords("管理 Webhook")).toEqual(["Webhook"]);
  });
});
