import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { SUPPORTED_LOCALES, type Locale } from "../config.js";
import { localesDir } from "../paths.js";
import type { DepsFlavor } from "./context.js";

/** Maps a Telegram language_code ("ru", "en-US", "zh-hans") to a supported locale. */
export function pickLocale(languageCode: string | undefined, fallback: Locale): Locale {
  const primary = languageCode?.toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(primary ?? "") ? (primary as Locale) : fallback;
}

/** Fluent translations; the locale is the user's stored choice, else their Telegram language. */
export function createI18n(defaultLocale: Locale): I18n<Context & DepsFlavor> {
  return new I18n<Context & DepsFlavor>({
    defaultLocale,
    directory: localesDir,
    useSession: false,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => {
      const stored = ctx.from ? ctx.deps.store.users.getLanguage(ctx.from.id) : undefined;
      return stored ?? pickLocale(ctx.from?.language_code, ctx.deps.defaultLocale);
    },
  });
}
