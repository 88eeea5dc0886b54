import type { BotContext } from "../../context.js";
import { Composer } from "grammy";

/** A user blocking or unblocking the bot in their private chat: notices stop or resume. */
export const chatMemberFeature = new Composer<BotContext>();

chatMemberFeature.on("my_chat_member", async (ctx) => {
  if (ctx.chat.type !== "private") return;
  const status = ctx.myChatMember.new_chat_member.status;
  await ctx.deps.store.users.setBlockedByChat(ctx.chat.id, status === "kicked");
});
