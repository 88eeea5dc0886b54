import type { BotContext } from "../../context.js";
import { commandList } from "../../commands.js";
import { Composer } from "grammy";

export const helpFeature = new Composer<BotContext>();

helpFeature.command("help", async (ctx) => {
  const inGroup = ctx.chat.type !== "private";
  const lines = commandList((k) => ctx.t(k), inGroup).map((c) => `/${c.command} — ${c.description}`);
  await ctx.reply(`${ctx.t("help-title")}\n\n${lines.join("\n")}${inGroup ? "" : `\n\n${ctx.t("help-footer")}\n${ctx.t("help-buy-tip")}`}`);
});
