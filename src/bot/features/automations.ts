/** /refill, /renewal and /smart: each enters its conversation (energy only: bandwidth has no rules). */
import type { BotContext } from "../context.js";
import { REFILL_CONVERSATION, refillConversation } from "../conversations/refill.js";
import { RENEWAL_CONVERSATION, renewalConversation } from "../conversations/renewal.js";
import { SMART_CONVERSATION, smartConversation } from "../conversations/smart.js";
import { BotComposer } from "../composer.js";
import { registerConversation } from "../conversations/register.js";

export const automationsFeature = new BotComposer<BotContext>();

registerConversation(automationsFeature, refillConversation, REFILL_CONVERSATION);
registerConversation(automationsFeature, renewalConversation, RENEWAL_CONVERSATION);
registerConversation(automationsFeature, smartConversation, SMART_CONVERSATION);

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
