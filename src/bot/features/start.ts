import { InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { Actions } from "../actions.js";
import { escapeHtml } from "../render/html.js";
import { isPrivateChat } from "../render/private-chat.js";
import { BotComposer } from "../composer.js";

export const startFeature = new BotComposer<BotContext>();

startFeature.command("start", async (ctx) => {
  const hasKey = ctx.from ? ctx.deps.store.apiKeys.getDefault(ctx.from.id) !== undefined : false;
  const keyboard = new InlineKeyboard();
  if (!isPrivateChat(ctx)) {
    // buying and balances belong to the private chat: in a group the buttons lead there
    if (ctx.me.username) keyboard.url(ctx.t("private-only-open"), `https://t.me/${ctx.me.username}?start`);
  } else {
    if (!hasKey) keyboard.text(ctx.t("button-add-key"), Actions.addKey).row();
    keyboard.text(ctx.t("button-buy-energy"), Actions.buyEnergy).text(ctx.t("button-balance"), Actions.showBalance);
  }
  await ctx.reply(ctx.t(hasKey ? "start-welcome-back" : "start-welcome", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
    reply_markup: keyboard,
  });
});
