/** /language: the language picker, a menu whose ✓ follows the choice. */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SUPPORTED_LOCALES, type Locale } from "../../../config.js";
import { createCardMenu } from "../../ui/menu.js";
import { showView } from "../../ui/view.js";
import { markChosen } from "../../ui/chosen.js";
import { publishChatCommands } from "../../commands.js";

export const languageMenu = createCardMenu("language").dynamic(async (ctx, range) => {
  const current = await ctx.i18n.getLocale();
  for (const locale of SUPPORTED_LOCALES) {
    const label = ctx.t(`language-name-${locale}`);
    range.text({ text: markChosen(locale === current, label), payload: locale }, (ctx) => choose(ctx, locale));
  }
});

async function choose(ctx: BotContext, locale: Locale): Promise<void> {
  if (ctx.from) await ctx.deps.store.users.setLanguage(ctx.from.id, locale);
  ctx.i18n.useLocale(locale);
  await switchCommandMenu(ctx);
  await showView(ctx, { text: ctx.t("language-changed"), keyboard: languageMenu }, { toast: ctx.t("language-changed") });
}

/**
 * The private chat's command menu follows the choice. Only there: a group's menu is shared by all
 * its members. A refusal leaves the menu of the Telegram app's language, which is no reason to fail.
 */
async function switchCommandMenu(ctx: BotContext): Promise<void> {
  if (ctx.chat?.type !== "private") return;
  try {
    await publishChatCommands(ctx.api, ctx.chat.id, (key) => ctx.t(key), false);
  } catch (err) {
    ctx.deps.logger.warn({ err }, "could not set the chat's command menu");
  }
}

export const languageFeature = new Composer<BotContext>();

languageFeature.command("language", async (ctx) => {
  await ctx.reply(ctx.t("language-choose"), { reply_markup: languageMenu });
});
