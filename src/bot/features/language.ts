import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { SUPPORTED_LOCALES, type Locale } from "../../config.js";
import { createFormatter } from "../../format/formatter.js";

export const languageFeature = new Composer<BotContext>();

function languageKeyboard(ctx: BotContext, current: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of SUPPORTED_LOCALES) {
    const label = ctx.t(`language-name-${locale}`);
    keyboard.text(locale === current ? `✓ ${label}` : label, `lang:${locale}`);
  }
  return keyboard;
}

languageFeature.command("language", async (ctx) => {
  const current = await ctx.i18n.getLocale();
  await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx, current) });
});

languageFeature.callbackQuery(/^lang:(\w+)$/, async (ctx) => {
  const locale = ctx.match[1] as Locale;
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale) || !ctx.from) {
    await ctx.answerCallbackQuery();
    return;
  }
  ctx.deps.store.users.setLanguage(ctx.from.id, locale);
  ctx.i18n.useLocale(locale);
  ctx.fmt = createFormatter(locale);
  await ctx.answerCallbackQuery({ text: ctx.t("language-changed") });
  await ctx.editMessageText(ctx.t("language-changed"), { reply_markup: languageKeyboard(ctx, locale) }).catch(() => undefined);
});
