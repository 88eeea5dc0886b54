import { replyUsePrivateChat } from "../../ui/private-chat.js";
import type { BotContext } from "../../context.js";
import { COMMANDS } from "../../commands.js";
import { Composer } from "grammy";

/**
 * Commands that touch a user's account (keys, balance, orders, rules…) only run in a private chat:
 * in a group they would show the account to everyone. There the bot points to its private chat.
 */
export const privateOnlyFeature = new Composer<BotContext>();

/** The commands that only run in a private chat. */
export const accountCommands = COMMANDS.filter((c) => !c.inGroups).map((c) => c.name);

privateOnlyFeature.chatType(["group", "supergroup", "channel"]).command(accountCommands, (ctx) => replyUsePrivateChat(ctx, undefined, { quote: true }));
