/**
 * Waiting for the user inside a conversation, the same way in every flow: what an update means to
 * the step (an answer, a /command or Cancel leaving, a tap passed on, a hint) is read by the rules
 * every question shares (reply-rules.ts); here the conversation acts on it: it returns the answer,
 * leaves (halts, passing the update on where the rules say), passes the update on (skip with next),
 * or keeps waiting.
 */
import type { BotConversation, ConversationContext } from "../context.js";
import { readReply, type ReplyRules } from "./reply-rules.js";

export type Reply =
  | { kind: "text"; ctx: ConversationContext; text: string }
  | { kind: "button"; ctx: ConversationContext; data: string; match: RegExpMatchArray };

export type WaitOptions = Omit<ReplyRules, "isCancel">;

interface LeaveHooks {
  /** A tap that cancels the flow. */
  isCancel?: (ctx: ConversationContext) => boolean;
  /** Called before the conversation is left: by Cancel, or otherwise (a /command, a pasted secret). */
  onLeave?: (ctx: ConversationContext, why: "cancel" | "left") => Promise<void>;
}

export async function waitForReply(conversation: BotConversation, options: WaitOptions & LeaveHooks = {}): Promise<Reply> {
  const { onLeave, isCancel, ...rules } = options;
  for (;;) {
    const ctx = await conversation.wait();
    const read = readReply(ctx, { ...rules, ...(isCancel ? { isCancel: (c) => isCancel(c as ConversationContext) } : {}) });
    switch (read.kind) {
      case "text":
        return { kind: "text", ctx, text: read.text };
      case "button":
        return { kind: "button", ctx, data: read.data, match: read.match };
      case "pass":
        await conversation.skip({ next: true });
        break;
      case "not-yours":
        // a tap on this flow's own buttons: told so, and dropped (no other handler acts on it)
        await ctx.answerCallbackQuery({ text: ctx.t("flow-not-yours") });
        await conversation.skip();
        break;
      case "leave":
        // a /command, or a pasted secret: halting drops this update before the replay log could store it
        await onLeave?.(ctx, "left");
        await conversation.halt({ next: read.next });
        break;
      case "cancel":
        await ctx.answerCallbackQuery();
        await onLeave?.(ctx, "cancel");
        await conversation.halt();
        break;
      case "hint":
        await ctx.reply(ctx.t(read.hintKey));
        break;
      case "ignore":
        break;
    }
  }
}
