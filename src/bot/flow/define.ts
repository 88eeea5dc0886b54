/**
 * A flow is a conversation (@grammyjs/conversations, installed as published) together with its id,
 * so that an update in a chat with one flow open is shown to that flow alone (open-flows.ts).
 */
import { createConversation, type ConversationBuilder, type ConversationConfig } from "@grammyjs/conversations";
import type { Middleware } from "grammy";
import type { BotContext, ConversationContext } from "../context.js";

export interface Flow {
  readonly id: string;
  /** The stock createConversation middleware of the flow. */
  readonly middleware: Middleware<BotContext>;
}

export function defineFlow(
  builder: ConversationBuilder<BotContext, ConversationContext>,
  id: string,
  options: Omit<ConversationConfig<BotContext, ConversationContext>, "id"> = {},
): Flow {
  return { id, middleware: createConversation<BotContext, ConversationContext>(builder, { ...options, id }) };
}
