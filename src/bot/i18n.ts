import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { SUPPORTED_LOCALES, type Locale } from "../config.js";
import { localesDir } from "../paths.js";
import type { DepsFlavor } from "./context.js";

/** Maps a Telegram language_code ("ru", "en-US", "zh-hans") to a supported locale. */
export function pickLocale(languageCode: string | undefined, fallback: Locale): Locale {
  const cut = languageCode?.search(/[-_]/) ?? -1;
  const primary = (cut < 0 ? (languageCode ?? "") : languageCode!.slice(0, cut)).toLowerCase();
  return (SUPPORTED_LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : fallback;
}

/** The user's locale: their stored choice, else their Telegram language, else the bot's default. */
export async function negotiateLocale(ctx: Context & DepsFlavor): Promise<Locale> {
  const stored = ctx.from ? await ctx.deps.store.users.getLanguage(ctx.from.id) : undefined;
  return (stored as Locale | null | undefined) ?? pickLocale(ctx.from?.language_code, ctx.deps.defaultLocale);
}

/** Fluent translations; the locale is the user's stored choice, else their Telegram language. */
export function createI18n(defaultLocale: Locale): I18n<Context & DepsFlavor> {
  const i18n = new I18n<Context & DepsFlavor>({
    defaultLocale,
    directory: localesDir,
    useSession: false,
    fluentBundleOptions: { useIsolating: false },
    // attachDeps has negotiated it for the formatter already (and /language updates both)
    localeNegotiator: async (ctx) => ctx.fmt?.locale ?? (await negotiateLocale(ctx)),
  });
  return i18n;
}

