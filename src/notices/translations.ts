/**
 * The texts of pushed notices, which are rendered outside any update (by the receiver and the
 * watchers), from the same locales/*.ftl files as the bot's. Fluent bundles are used directly, one
 * per locale: a notice knows its recipient's exact locale, so nothing needs negotiating (the i18n
 * plugin negotiates on every translation, which was a large part of the receiver's cost).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { SUPPORTED_LOCALES, type Locale } from "../config.js";
import { localesDir } from "../paths.js";

export interface Translator {
  t(locale: string, key: string, variables?: Record<string, string | number>): string;
}

export function createNoticeTranslator(defaultLocale: Locale, directory = localesDir): Translator {
  const bundles = new Map<string, FluentBundle>();
  for (const locale of SUPPORTED_LOCALES) {
    const bundle = new FluentBundle(locale, { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(readFileSync(join(directory, `${locale}.ftl`), "utf8")));
    if (errors.length > 0) throw new Error(`locales/${locale}.ftl: ${errors[0]!.message}`);
    bundles.set(locale, bundle);
  }
  const fallback = bundles.get(defaultLocale)!;
  return {
    t(locale, key, variables) {
      const preferred = bundles.get(locale) ?? fallback;
      const bundle = preferred.hasMessage(key) ? preferred : fallback;
      const pattern = bundle.getMessage(key)?.value;
      if (!pattern) return `{${key}}`;
      return bundle.formatPattern(pattern, variables);
    },
  };
}
