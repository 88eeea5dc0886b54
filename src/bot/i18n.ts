/**
 * The chat's translations: a thin middleware over the Fluent bundles of i18n/translations.ts. The
 * locale is negotiated once per update (the user's /language choice, else their Telegram language,
 * else the default), then every `ctx.t` is a lookup in that locale's bundle. It replaced the
 * @grammyjs/i18n plugin, which negotiated the language again for every text it translated: that
 * negotiation was the largest single cost of a /help (see the README's Performance section).
 */
import type { Context, MiddlewareFn, MiddlewareObj } from "grammy";
import type { Locale } from "../config.js";
import { createFormatter, type TextLocale } from "../format/formatter.js";
import { pickLocale, userLocale } from "../i18n/locale.js";
import { loadTranslations, type TranslationVariables, type Translator } from "../i18n/translations.js";
import type { DepsFlavor } from "./context.js";

export { pickLocale };

export interface I18nFlavor {
  /** The text of `key` (or `message.attribute`) in this update's locale. */
  t: (key: string, variables?: TranslationVariables) => string;
  /** This update's locale object (`t` and `fmt`), for cards and views: always the same locale as `t` and `ctx.fmt`. */
  locale: TextLocale;
  i18n: {
    /** This update's locale. */
    getLocale(): Promise<Locale>;
    /** Answers the rest of this update in `locale` (the /language choice just made). */
    useLocale(locale: Locale): void;
  };
}

/** The translations of the chat: `t` for any locale (the command menus), and the middleware. */
export interface BotI18n extends Translator, MiddlewareObj<Context & DepsFlavor & I18nFlavor> {
  /**
   * What the middleware does before it calls `next`, for a caller that sets up the context in one
   * step and has read the user's `chosen` language itself (chosenLanguage, or users.seen).
   */
  install(ctx: Context & DepsFlavor & I18nFlavor, chosen: string | null | undefined): void;
}

/** The language the user chose with /language (null or undefined: none), as stored. */
export async function chosenLanguage(ctx: Context & DepsFlavor): Promise<string | null | undefined> {
  return ctx.from ? ctx.deps.store.users.getLanguage(ctx.from.id) : undefined;
}

type I18nContext = Context & DepsFlavor & I18nFlavor;

/** `ctx.i18n` of one update: its methods on a prototype, so that an update allocates one object for them, not two closures. */
class UpdateI18n {
  constructor(private readonly ctx: I18nContext) {}
  getLocale(): Promise<Locale> {
    return Promise.resolve(this.ctx.fmt.locale as Locale);
  }
  useLocale(locale: Locale): void {
    // the formatter and the locale object's follow the same locale (`t` reads ctx.fmt's)
    this.ctx.fmt = this.ctx.locale.fmt = createFormatter(locale);
  }
}

/**
 * Installed by middlewares/context-setup.ts, on the bot and again inside conversations (they build a context of
 * their own for each step). Puts on the context the formatter (`ctx.fmt`) and the translations of
 * the negotiated locale: both always follow the same locale, `ctx.fmt.locale` (a change of locale
 * goes through `ctx.i18n.useLocale`).
 */
export function createI18n(defaultLocale: Locale, translator: Translator = loadTranslations(defaultLocale)): BotI18n {
  const install = (ctx: I18nContext, chosen: string | null | undefined): void => {
    // their stored choice, else their Telegram language, else the bot's default
    const fmt = createFormatter(userLocale(chosen, ctx.from?.language_code, ctx.deps.defaultLocale));
    const t: I18nFlavor["t"] = (key, variables) => translator.t(ctx.fmt.locale, key, variables);
    ctx.fmt = fmt;
    ctx.t = t;
    ctx.locale = { t, fmt };
    ctx.i18n = new UpdateI18n(ctx);
  };
  const middleware: MiddlewareFn<Context & DepsFlavor & I18nFlavor> = async (ctx, next) => {
    install(ctx, await chosenLanguage(ctx));
    await next();
  };
  return { t: (locale, key, variables) => translator.t(locale, key, variables), install, middleware: () => middleware };
}
