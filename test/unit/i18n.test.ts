import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n, pickLocale, type I18nFlavor } from "../../src/bot/i18n.js";
import type { BotDeps, DepsFlavor } from "../../src/bot/context.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { userLocale } from "../../src/i18n/locale.js";

describe("pickLocale", () => {
  it("takes the primary subtag of Telegram's language_code, case-insensitively", () => {
    expect(pickLocale("ru", "en")).toBe("ru");
    expect(pickLocale("en-US", "ru")).toBe("en");
    expect(pickLocale("zh-hans", "en")).toBe("zh");
    expect(pickLocale("ZH_TW", "en")).toBe("zh");
  });

  it("falls back for unsupported, empty or missing codes", () => {
    expect(pickLocale("de", "en")).toBe("en");
    expect(pickLocale("", "ru")).toBe("ru");
    expect(pickLocale(undefined, "zh")).toBe("zh");
    expect(pickLocale(null, "zh")).toBe("zh");
    expect(pickLocale("-en", "ru")).toBe("ru");
  });
});

describe("userLocale", () => {
  it("is the /language choice, else Telegram's language when spoken, else the default", () => {
    expect(userLocale("zh", "ru", "en")).toBe("zh");
    expect(userLocale(null, "ru-RU", "en")).toBe("ru");
    expect(userLocale(undefined, "de", "zh")).toBe("zh");
    expect(userLocale(null, null, "ru")).toBe("ru");
  });
});

/** Locale files of a test's own, so fallbacks can be seen (the real ones have the same keys everywhere). */
function localesWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "i18n-test-"));
  for (const locale of ["en", "ru", "zh"]) writeFileSync(join(dir, `${locale}.ftl`), files[locale] ?? "");
  return dir;
}

describe("loadTranslations", () => {
  const dir = localesWith({
    en: "hello = Hello, { $name }!\nonly-en = English only\nplain = Plain\ncmd =\n    .description = Buy energy\n",
    ru: "hello = Привет, { $name }!\nplain = Просто\ncmd =\n    .description = Купить энергию\n",
  });
  const translations = loadTranslations("en", dir);

  it("formats in the asked locale, with variables and without isolation marks", () => {
    expect(translations.t("ru", "hello", { name: "Ann" })).toBe("Привет, Ann!");
    expect(translations.t("en", "hello", { name: "Ann" })).toBe("Hello, Ann!");
    expect(translations.t("ru", "plain")).toBe("Просто");
  });

  it("reads a message's attribute as message.attribute", () => {
    expect(translations.t("ru", "cmd.description")).toBe("Купить энергию");
    expect(translations.t("zh", "cmd.description")).toBe("Buy energy");
  });

  it("falls back to the default locale for a missing message or an unknown locale, and reads {key} for an unknown key", () => {
    expect(translations.t("ru", "only-en")).toBe("English only");
    expect(translations.t("de", "plain")).toBe("Plain");
    expect(translations.t("ru", "nowhere")).toBe("{nowhere}");
    expect(translations.t("ru", "cmd.nothing")).toBe("{cmd.nothing}");
  });

  it("gives the same text on every call: a text kept after its first use is the one Fluent formats", () => {
    expect([translations.t("ru", "plain"), translations.t("ru", "plain"), translations.t("en", "plain")]).toEqual(["Просто", "Просто", "Plain"]);
    expect([translations.t("ru", "hello", { name: "A" }), translations.t("ru", "hello", { name: "B" })]).toEqual(["Привет, A!", "Привет, B!"]);
  });

  it("keeps texts with variables apart by every variable, its type and the locale", () => {
    const counted = loadTranslations(
      "en",
      localesWith({
        en: "items = { $count ->\n    [one] { $count } item\n   *[other] { $count } items\n} in { $box }\n",
        ru: "items = { $count ->\n    [one] { $count } предмет\n    [few] { $count } предмета\n   *[many] { $count } предметов\n} в { $box }\n",
      }),
    );
    const asked: Array<[string, Record<string, string | number>]> = [
      ["en", { count: 1, box: "A" }],
      ["en", { count: 2, box: "A" }],
      ["en", { count: 1, box: "B" }],
      // the same digits as a string: not a plural category, the default form
      ["en", { count: "1", box: "A" }],
      ["ru", { count: 2, box: "A" }],
      ["ru", { count: 5, box: "A" }],
      // names and values that would read alike if they were only strung together
      ["en", { count: 1, box: "A\u0000count\u0001n2" }],
    ];
    const expected = ["1 item in A", "2 items in A", "1 item in B", "1 items in A", "2 предмета в A", "5 предметов в A", "1 item in A\u0000count\u0001n2"];
    // asked twice over: the second round reads what the first kept
    for (let round = 0; round < 2; round++) expect(asked.map(([locale, vars]) => counted.t(locale, "items", vars))).toEqual(expected);
    // past what it keeps, texts are formatted again, still right
    for (let i = 0; i < 5_000; i++) expect(counted.t("en", "items", { count: i, box: "C" })).toBe(`${i.toLocaleString("en")} ${i === 1 ? "item" : "items"} in C`);
    expect(counted.t("en", "items", { count: 1, box: "A" })).toBe("1 item in A");
  });
});

describe("the translation middleware", () => {
  type Ctx = Context & DepsFlavor & I18nFlavor;
  const i18n = createI18n("en");
  /** Runs the middleware on a context with a stored /language choice (or none) and Telegram's language_code. */
  async function contextFor(stored: string | null, languageCode: string | undefined, defaultLocale: "en" | "ru" = "en"): Promise<Ctx> {
    const lookups: number[] = [];
    const deps = { defaultLocale, store: { users: { getLanguage: (id: number) => (lookups.push(id), Promise.resolve(stored)) } } } as unknown as BotDeps;
    const ctx = { deps, from: { id: 7, is_bot: false, first_name: "A", language_code: languageCode } } as unknown as Ctx;
    await i18n.middleware()(ctx, () => Promise.resolve());
    // negotiated once per update, whatever the number of texts
    ctx.t("working");
    ctx.t("working");
    expect(lookups).toEqual([7]);
    return ctx;
  }

  it("answers in the stored /language choice over Telegram's language", async () => {
    const ctx = await contextFor("zh", "ru");
    expect(ctx.t("language-changed")).toBe(i18n.t("zh", "language-changed"));
    expect(await ctx.i18n.getLocale()).toBe("zh");
    expect(ctx.fmt.locale).toBe("zh");
  });

  it("follows Telegram's language_code without a choice, and the default for a language it does not speak", async () => {
    expect((await contextFor(null, "ru-RU")).t("language-changed")).toBe(i18n.t("ru", "language-changed"));
    const german = await contextFor(null, "de", "ru");
    expect(german.t("language-changed")).toBe(i18n.t("ru", "language-changed"));
    expect(german.fmt.locale).toBe("ru");
  });

  it("useLocale switches the texts and the formatter for the rest of the update", async () => {
    const ctx = await contextFor(null, "en");
    ctx.i18n.useLocale("ru");
    expect(ctx.t("language-changed")).toBe(i18n.t("ru", "language-changed"));
    expect(ctx.t("start-welcome", { name: "Ann" })).toBe(i18n.t("ru", "start-welcome", { name: "Ann" }));
    expect(ctx.fmt.locale).toBe("ru");
    expect(await ctx.i18n.getLocale()).toBe("ru");
  });

  it("translates for the command menus by locale", () => {
    expect(i18n.t("ru", "command-help.description")).not.toBe(i18n.t("en", "command-help.description"));
    expect(i18n.t("en", "command-help.description")).toBe("All commands");
  });
});
