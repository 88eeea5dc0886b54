/** /refill, /renewal and /smart: each enters its conversation (flow.ts). */
import { Composer } from "grammy";
import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConversationContext } from "../../context.js";
import {
  REFILL_CONVERSATION,
  RENEWAL_CONVERSATION,
  SMART_CONVERSATION,
  refillConversation,
  renewalConversation,
  smartConversation,
} from "./flow.js";

export const automationsFeature = new Composer<BotContext>();

automationsFeature.use(createConversation<BotContext, ConversationContext>(refillConversation, REFILL_CONVERSATION));
automationsFeature.use(createConversation<BotContext, ConversationContext>(renewalConversation, RENEWAL_CONVERSATION));
automationsFeature.use(createConversation<BotContext, ConversationContext>(smartConversation, SMART_CONVERSATION));

// In groups, private-only.ts points to the private chat.
const privateChats = automationsFeature.chatType("private");
for (const [command, conversation] of [
  ["refill", REFILL_CONVERSATION],
  ["renewal", RENEWAL_CONVERSATION],
  ["smart", SMART_CONVERSATION],
] as const) {
  privateChats.command(command, async (ctx) => {
    // A flow still open (one that did not leave on this command) is replaced: enter() refuses otherwise.
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(conversation);
  });
}
