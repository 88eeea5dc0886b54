/**
 * Which locale a user is answered in, in the chat and outside it alike (notices, card edits,
 * alerts): their /language choice, else their Telegram language if the bot speaks it, else the
 * bot's default.
 */
import { SUPPORTED_LOCALES, type Locale } from "../config.js";

/** Maps a Telegram language_code ("ru", "en-US", "zh-hans") to a supported locale. */
export function pickLocale(languageCode: string | null | undefined, fallback: Locale): Locale {
  const cut = languageCode?.search(/[-_]/) ?? -1;
  const primary = (cut < 0 ? (languageCode ?? "") : languageCode!.slice(0, cut)).toLowerCase();
  return (SUPPORTED_LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : fallback;
}

/** `chosen`: the stored /language choice (null: follow Telegram); `languageCode`: Telegram's, as last seen. */
export function userLocale(chosen: string | null | undefined, languageCode: string | null | undefined, defaultLocale: Locale): Locale {
  return (chosen as Locale | null | undefined) ?? pickLocale(languageCode, defaultLocale);
}
