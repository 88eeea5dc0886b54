/**
 * /settings: pushed notices on or off, a notice per rule firing on or off, and the balance alert.
 * The card is a menu (menus.ts); the threshold is typed in a prompt (flow.ts).
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { ALERT_CONVERSATION, alertConversation } from "./flow.js";
import { SettingsButtons } from "./callbacks.js";
import { showSettings } from "./menus.js";
import { chooseNoticeChat, NOTICE_PICKS } from "./notice-chat.js";
import { pickedChat } from "../../ui/chat-pick.js";
import { defineFlow } from "../../flow/define.js";

export { settingsMenu } from "./menus.js";

export const settingsFeature = new Composer<BotContext>();

export const settingsFlows = [defineFlow(alertConversation, ALERT_CONVERSATION)];

const privateChat = settingsFeature.chatType("private");

privateChat.command("settings", (ctx) => showSettings(ctx));

privateChat.callbackQuery(SettingsButtons.open.pattern, (ctx) => showSettings(ctx));

// the group or channel for notices: Telegram's chat picker, or while it is open a typed id or a forward
privateChat.on("message", async (ctx, next) => {
  const chatId = await pickedChat(ctx, "notices", NOTICE_PICKS);
  if (chatId === undefined) return next();
  if (await chooseNoticeChat(ctx, chatId)) await showSettings(ctx);
});
