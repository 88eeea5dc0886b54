import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { COMMANDS } from "../commands.js";

/**
 * Commands that touch a user's account (keys, balance, orders, rules…) only run in a private chat:
 * in a group they would show the account to everyone. There the bot points to its private chat.
 */
export const privateOnlyFeature = new Composer<BotContext>();

const accountCommands = COMMANDS.filter((c) => !c.inGroups).map((c) => c.name);

privateOnlyFeature.chatType(["group", "supergroup", "channel"]).command(accountCommands, async (ctx) => {
  const link = `https://t.me/${ctx.me.username}?start`;
  await ctx.reply(ctx.t("private-only"), {
    reply_markup: new InlineKeyboard().url(ctx.t("private-only-open"), link),
    reply_parameters: ctx.msg?.message_id ? { message_id: ctx.msg.message_id, allow_sending_without_reply: true } : undefined,
  });
});
