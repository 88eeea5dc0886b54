/**
 * Waiting for the user inside a conversation, the same way in every flow:
 * - another /command leaves the conversation and runs as usual (halt with next); /cancel, which
 *   the cancel feature hands to an open flow first, leaves it and goes no further;
 * - a tap on a button this step does not expect is passed on to the rest of the bot (skip with next),
 *   and so is a message the user posted through the bot's own inline mode (not typed input);
 * - anything else that is not text gets a short hint and the step keeps waiting;
 * - in a flow that takes one person's answers only (`from`: a team desk's /buy in a group), an
 *   update from anyone else is not an answer: a tap on the flow's own buttons is told so and
 *   dropped, anything else is passed on to the rest of the bot; the flow waits on;
 * - a message holding a credential (an API key, a webhook secret, even inside a sentence) at a
 *   step that does not ask for one ends the conversation in the same update and goes on to the
 *   keys feature, which deletes it as any pasted key: conversations v2 would otherwise keep that
 *   update, in plaintext, in the replay log it stores.
 */
import type { BotConversation, ConversationContext } from "../context.js";
import { findCredential } from "../../credentials/shape.js";
import { isOwnInlineResult } from "../ui/own-inline-result.js";

export type Reply =
  | { kind: "text"; ctx: ConversationContext; text: string }
  | { kind: "button"; ctx: ConversationContext; data: string; match: RegExpMatchArray };

export interface WaitOptions {
  /** The step's buttons: a tap whose data matches is the answer. */
  buttons?: RegExp;
  /** Whether typed text answers the step (default yes). */
  acceptText?: boolean;
  /** The hint for a message that does not answer the step. */
  hintKey?: string;
  /** The step asks for a secret: text shaped like one is the answer, not a mistake. */
  expectsSecret?: boolean;
  /** Only this user's messages and taps answer (or leave) the flow; anyone else's pass on. */
  from?: number;
}

interface LeaveHooks {
  /** A tap that cancels the flow. */
  isCancel?: (ctx: ConversationContext) => boolean;
  /** Called before the conversation is left: by Cancel, or otherwise (a /command, a pasted secret). */
  onLeave?: (ctx: ConversationContext, why: "cancel" | "left") => Promise<void>;
}

export async function waitForReply(conversation: BotConversation, options: WaitOptions & LeaveHooks = {}): Promise<Reply> {
  const acceptText = options.acceptText ?? true;
  for (;;) {
    const ctx = await conversation.wait();
    // someone else in a group: not an answer, nor a /command or Cancel that ends this flow
    if (options.from !== undefined && ctx.from?.id !== options.from) {
      const tapped = ctx.callbackQuery?.data;
      if (tapped !== undefined && (options.isCancel?.(ctx) || (options.buttons !== undefined && tapped.match(options.buttons)))) {
        // a tap on this flow's own buttons: told so, and dropped (no other handler acts on it)
        await ctx.answerCallbackQuery({ text: ctx.t("flow-not-yours") });
        await conversation.skip();
      }
      await conversation.skip({ next: true });
    }
    // the bot's own inline result, posted by the user, answers nothing: passed on (and left alone there)
    if (isOwnInlineResult(ctx)) await conversation.skip({ next: true });
    const text = ctx.message?.text;
    const command = text === undefined ? undefined : /^\/([A-Za-z0-9_]+)(@\w+)?(\s|$)/.exec(text)?.[1];
    if (command !== undefined) {
      await options.onLeave?.(ctx, "left");
      // /cancel was handed here by the cancel feature, which answers it once the flow is left
      await conversation.halt({ next: command !== "cancel" });
    }
    if (options.isCancel?.(ctx)) {
      await ctx.answerCallbackQuery();
      await options.onLeave?.(ctx, "cancel");
      await conversation.halt();
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const match = options.buttons ? data.match(options.buttons) : null;
      if (match) return { kind: "button", ctx, data, match };
      await conversation.skip({ next: true });
    }
    if (text !== undefined && !options.expectsSecret && findCredential(text) !== undefined) {
      // answered as a key pasted outside any flow (deleted, offered to be saved): halting drops
      // this update before the replay log could store it
      await options.onLeave?.(ctx, "left");
      await conversation.halt({ next: true });
    }
    if (text !== undefined && acceptText) return { kind: "text", ctx, text: text.trim() };
    if (ctx.message) await ctx.reply(ctx.t(options.hintKey ?? (acceptText ? "conversation-send-text" : "conversation-use-buttons")));
  }
}
