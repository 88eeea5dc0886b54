/**
 * The texts of pushed notices, which are rendered outside any update (by the receiver and the
 * watchers): the same bundles as the chat's (i18n/translations.ts), read in the recipient's exact
 * locale (notifier.ts), so nothing needs negotiating.
 */
import type { Locale } from "../config.js";
import { loadTranslations, type Translator } from "../i18n/translations.js";

export type { Translator };

export function createNoticeTranslator(defaultLocale: Locale): Translator {
  return loadTranslations(defaultLocale);
}
