/**
 * The one conversation style: a multi-step flow (refill, renewal, smart, key, webhook, the
 * settings prompts; /buy's steps and /check's question look the same, kept as prompts: prompt.ts)
 * lives in ONE message that each step edits in place. Every step shows a Cancel button under its
 * own buttons; an answered step's buttons are gone because the next step (or the
 * result) replaces them; a step answered wrongly is shown again with the reason above it.
 *
 * Cancel on the flow's message ends the flow and says so in that message. A /command (or a pasted
 * secret) leaves the flow as `waitForReply` says, and the message says so too, so no question is
 * left on screen that nobody listens to; the command is then answered as usual.
 * Cancel on a flow that is gone (a restart, a timeout) is answered by features/fallback.
 */
import { InlineKeyboard, type Context } from "grammy";
import type { BotConversation, ConversationContext } from "../context.js";
import { defineCallback } from "../../telegram/callback-codec.js";
import { placeView } from "../ui/view.js";
import { external } from "./external.js";
import { renderAndLogError } from "../errors/reply.js";
import { waitForReply, type Reply, type WaitOptions } from "./wait.js";

/** The Cancel button under every step of every flow. */
export const FlowCancel = defineCallback("flow.x", {}, { inGroups: true });

/** A step's buttons with Cancel under them (a step without buttons of its own: Cancel alone, no empty row above it). */
export function withCancel(keyboard: InlineKeyboard, cancelText: string): InlineKeyboard {
  const rows = keyboard.inline_keyboard.filter((row) => row.length > 0);
  return InlineKeyboard.from(rows).row().text(cancelText, FlowCancel.pack());
}

/** A step asked again: why the last answer was not taken, above the question. */
export const withReason = (reason: string, question: string): string => `${reason}\n\n${question}`;

/** Whether the update is a tap on the Cancel under the question in message `messageId`. */
export const isCancelOf = (ctx: Context, messageId: number | undefined): boolean =>
  ctx.callbackQuery?.data === FlowCancel.pack() && ctx.callbackQuery.message?.message_id === messageId;

/**
 * The question's message says it was left (a /command, a pasted secret): no question is left on
 * screen that nobody listens to. Its buttons go with the edit (but `keyboard`, a way back).
 */
export async function showLeft(ctx: Context, chatId: number, messageId: number, text: string, keyboard?: InlineKeyboard): Promise<void> {
  await ctx.api.editMessageText(chatId, messageId, text, keyboard ? { reply_markup: keyboard } : {}).catch(() => undefined);
}

type Ctx = ConversationContext;

export class FlowMessage {
  private messageId: number | undefined;
  private readonly chatId: number;
  private step: { text: string; keyboard: InlineKeyboard } | undefined;
  private readonly cancelledText: (ctx: Ctx) => string;
  private readonly cancelledKeyboard: InlineKeyboard | undefined;
  private readonly onlyFrom: number | undefined;

  /**
   * `inTappedMessage`: the flow starts in the message whose button started it (e.g. Change on a card).
   * `messageId`: the flow goes on in a message an earlier step showed (a flow handed on through a
   * plain handler, e.g. the key prompt, whose answer must not enter any conversation).
   * `cancelledKey`: what Cancel says, when something was already done before the flow (default
   * "cancel-done": nothing was changed), or `cancelledText` (a text with variables, e.g. the flow's
   * name). `cancelledKeyboard`: the way back Cancel leaves under it
   * (a flow started from a card: back to that card). `onlyFrom`: only this user answers (or
   * cancels) the flow; everyone else's messages and taps pass it by (a flow in a group).
   */
  constructor(
    private readonly conversation: BotConversation,
    ctx: Ctx,
    options: {
      inTappedMessage?: boolean;
      messageId?: number;
      cancelledKey?: string;
      cancelledText?: (ctx: Ctx) => string;
      cancelledKeyboard?: InlineKeyboard;
      onlyFrom?: number;
    } = {},
  ) {
    this.chatId = ctx.chat!.id;
    const cancelledKey = options.cancelledKey ?? "cancel-done";
    this.cancelledText = options.cancelledText ?? ((ctx) => ctx.t(cancelledKey));
    this.cancelledKeyboard = options.cancelledKeyboard;
    this.onlyFrom = options.onlyFrom;
    if (options.inTappedMessage) this.messageId = ctx.callbackQuery?.message?.message_id;
    if (options.messageId !== undefined) this.messageId = options.messageId;
  }

  /** Shows a step: its text and buttons, with Cancel under them. */
  async ask(ctx: Ctx, text: string, keyboard: InlineKeyboard = new InlineKeyboard()): Promise<void> {
    this.step = { text, keyboard };
    await this.put(text, withCancel(keyboard, ctx.t("button-cancel")));
  }

  /** Shows the current step again with why the last answer was not taken. */
  async retry(ctx: Ctx, reason: string): Promise<void> {
    if (!this.step) return;
    const { text, keyboard } = this.step;
    await this.ask(ctx, withReason(reason, text), keyboard);
    this.step = { text, keyboard };
  }

  /** Waits for the answer to the step shown. Cancel on this message, or a /command, ends the flow here and says so. */
  async wait(options: WaitOptions = {}): Promise<Reply> {
    return waitForReply(this.conversation, {
      ...options,
      ...(this.onlyFrom !== undefined ? { from: this.onlyFrom } : {}),
      isCancel: (ctx) => isCancelOf(ctx, this.messageId),
      onLeave: (ctx, why) => (why === "cancel" ? this.put(this.cancelledText(ctx), this.cancelledKeyboard) : this.leave(ctx)),
    });
  }

  /** Waits for a tap on one of the step's buttons (text gets a hint). */
  async waitForButton(buttons: RegExp): Promise<Extract<Reply, { kind: "button" }>> {
    return (await this.wait({ buttons, acceptText: false })) as Extract<Reply, { kind: "button" }>;
  }

  /** Ends the flow with its result in the same message (its own buttons, no Cancel). */
  async finish(ctx: Ctx, text: string, keyboard?: InlineKeyboard): Promise<void> {
    this.step = undefined;
    await this.put(text, keyboard);
  }

  /** Ends the flow with the one error mapping's sentence and buttons for `err` (logged once, as everywhere). */
  async finishWithError(ctx: Ctx, err: unknown): Promise<void> {
    const rendered = renderAndLogError(ctx, err);
    await this.finish(ctx, rendered.text, rendered.keyboard);
  }

  /** The flow's message id (once a step has been shown). */
  get id(): number | undefined {
    return this.messageId;
  }

  /**
   * Edits the flow's message, or sends it (the first step, or one deleted or too old to edit): the
   * view kit's edit-or-send, made with the bot's own context inside `external`. The conversation's
   * log then keeps the message's id, where a call made through the conversation's `ctx.api` keeps
   * the whole Message Telegram answered (its text and keyboard again): the log is what every later
   * step of the flow reads, parses, copies and writes back.
   */
  private async put(text: string, keyboard?: InlineKeyboard): Promise<void> {
    const options = this.messageId !== undefined ? { messageId: this.messageId } : { asNew: true };
    // an edit says "no buttons" outright: in a flow started from a card's menu, the bot's context
    // would otherwise have the menu put the card's buttons back under a message without its own
    const buttons = keyboard ?? (this.messageId !== undefined ? InlineKeyboard.from([]) : undefined);
    const shown = await external(this.conversation, (outside) => placeView(outside, { text, keyboard: buttons }, options));
    if (shown.messageId !== undefined) this.messageId = shown.messageId;
  }

  /** The flow's message says it was cancelled (never a new message: nothing to say where nothing was asked). */
  private async leave(ctx: Ctx): Promise<void> {
    if (this.messageId === undefined) return;
    await showLeft(ctx, this.chatId, this.messageId, this.cancelledText(ctx), this.cancelledKeyboard);
  }
}
