import { createConversation, type ConversationBuilder, type ConversationConfig } from "@grammyjs/conversations";
import type { BotContext, ConversationContext } from "../context.js";
import type { BotComposer } from "../composer.js";
import { hasConversationState, withConversations } from "../middlewares/chat-state.js";

const withPlugin = new WeakSet<BotComposer<BotContext>>();

/**
 * Registers a conversation on the feature whose handlers enter it (a conversation is entered only
 * by the feature that registers it): installs the conversations plugin on that feature once, and
 * makes the feature run for every update of a chat that is in a conversation. For other updates
 * the feature is skipped as long as none of its handlers match.
 */
export function registerConversation(
  feature: BotComposer<BotContext>,
  builder: ConversationBuilder<BotContext, ConversationContext>,
  options: string | (ConversationConfig<BotContext, ConversationContext> & { id: string }),
): void {
  if (!withPlugin.has(feature)) {
    feature.install(withConversations);
    withPlugin.add(feature);
  }
  feature.useWhen(hasConversationState, createConversation<BotContext, ConversationContext>(builder, options));
}
