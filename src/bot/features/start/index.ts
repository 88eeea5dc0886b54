import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { escapeHtml } from "../../../format/html.js";
import { isPrivateChat, privateChatButton } from "../../ui/private-chat.js";
import { blogSlugOfPayload } from "../../../telegram/deep-links.js";

export const startFeature = new Composer<BotContext>();

const DEMO_SCOPES = ["read", "purchase", "full"] as const;

/** Without a key the first button adds one; on the embedded sandbox, its demo keys come next. */
function accountKeyboard(ctx: BotContext, hasKey: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (!hasKey) {
    keyboard.text(ctx.t("button-add-key"), SharedButtons.addKey.pack()).row();
    if (ctx.deps.demoKeys) {
      for (const scope of DEMO_SCOPES) keyboard.text(ctx.t(`start-button-demo-${scope}`), SharedButtons.addDemoKey.pack({ scope })).row();
    }
  }
  return keyboard.text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack()).text(ctx.t("button-balance"), SharedButtons.showBalance.pack());
}

startFeature.command("start", async (ctx, next) => {
  // a link to a blog post opens the post (features/blog), not the welcome
  if (blogSlugOfPayload(ctx.match) !== undefined) return next();
  const hasKey = ctx.from ? await ctx.deps.store.apiKeys.getDefault(ctx.from.id) !== undefined : false;
  // buying and balances belong to the private chat: in a group the one button leads there
  const keyboard = isPrivateChat(ctx) ? accountKeyboard(ctx, hasKey) : privateChatButton(ctx);
  let text = ctx.t(hasKey ? "start-welcome-back" : "start-welcome", { name: escapeHtml(ctx.from?.first_name ?? "") });
  if (!hasKey && ctx.deps.demoKeys && isPrivateChat(ctx)) text += `\n\n${ctx.t("start-demo-keys")}`;
  await ctx.reply(text, {
    ...(keyboard ? { reply_markup: keyboard } : {}),
  });
});
