/**
 * Waiting for the user inside a conversation, the same way in every flow:
 * - another /command leaves the conversation and runs as usual (halt with next);
 * - a tap on a button this step does not expect is passed on to the rest of the bot (skip with next);
 * - anything else that is not text gets a short hint and the step keeps waiting.
 */
import type { BotConversation, ConversationContext } from "../context.js";

export type Reply =
  | { kind: "text"; ctx: ConversationContext; text: string }
  | { kind: "button"; ctx: ConversationContext; data: string; match: RegExpMatchArray };

export async function waitForReply(
  conversation: BotConversation,
  options: { buttons?: RegExp; acceptText?: boolean; hintKey?: string } = {},
): Promise<Reply> {
  const acceptText = options.acceptText ?? true;
  for (;;) {
    const ctx = await conversation.wait();
    const text = ctx.message?.text;
    if (text !== undefined && /^\/[A-Za-z0-9_]+(@\w+)?(\s|$)/.test(text)) {
      await conversation.halt({ next: true });
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const match = options.buttons ? data.match(options.buttons) : null;
      if (match) return { kind: "button", ctx, data, match };
      await conversation.skip({ next: true });
    }
    if (text !== undefined && acceptText) return { kind: "text", ctx, text: text.trim() };
    if (ctx.message) await ctx.reply(ctx.t(options.hintKey ?? (acceptText ? "conversation-send-text" : "conversation-use-buttons")));
  }
}

/** Waits for a tap on one of this step's buttons (text is answered with a hint). */
export async function waitForButton(conversation: BotConversation, buttons: RegExp): Promise<Extract<Reply, { kind: "button" }>> {
  const reply = await waitForReply(conversation, { buttons, acceptText: false });
  return reply as Extract<Reply, { kind: "button" }>;
}
