/**
 * Showing a view: the one way every card, list and answer reaches the chat.
 * - A tap edits the tapped message in place (also a message sent through inline mode, which has no
 *   chat); anything else, or a message that cannot be edited any more (too old, a photo), gets a
 *   new message.
 * - An edit that changes nothing (Telegram's "message is not modified", e.g. Refresh on a card that
 *   did not change) is a success: nothing is sent, and the tap is answered with `unchanged` if given.
 * - The tap is answered with `toast` (answer-once.ts makes sure it is answered exactly once).
 */
import { GrammyError, type Context, type InlineKeyboard } from "grammy";
import type { Menu } from "@grammyjs/menu";
import { isNotModified } from "../../telegram/not-modified.js";

export interface View<C extends Context = Context> {
  text: string;
  /** Plain buttons (the callback codec's), or a @grammyjs/menu menu installed on the bot. */
  keyboard?: InlineKeyboard | Menu<C>;
}

export type Shown = "edited" | "sent" | "unchanged" | "answered";

export interface ShownView {
  shown: Shown;
  /** The chat message the view is in now (none for a message sent through inline mode, or when nothing could be shown). */
  messageId?: number;
}

export interface ShowOptions {
  /** Send a new message even for a tap (the tapped message stays as it is). */
  asNew?: boolean;
  /** Edit this message of the chat instead of the tapped one (a flow's message, handed on). */
  messageId?: number;
  /** Toast for the tap. */
  toast?: string;
  /** Toast when the edit changed nothing (defaults to `toast`). */
  unchanged?: string;
}

export { isNotModified };

export async function showView<C extends Context>(ctx: C, view: View<C>, options: ShowOptions = {}): Promise<ShownView> {
  const placed = await placeView(ctx, view, options);
  if (ctx.callbackQuery) {
    const text = placed.shown === "unchanged" ? (options.unchanged ?? options.toast) : options.toast;
    await ctx.answerCallbackQuery(text ? { text } : undefined);
  }
  return placed;
}

/**
 * The edit-or-send of `showView`, leaving the tap to whoever answers it: a flow's message
 * (FlowMessage), whose step may be followed by the flow's own toast, and answer-once otherwise.
 */
export async function placeView<C extends Context>(ctx: C, view: View<C>, options: Pick<ShowOptions, "asNew" | "messageId"> = {}): Promise<ShownView> {
  const extra = view.keyboard ? { reply_markup: view.keyboard as InlineKeyboard } : {};
  const tap = ctx.callbackQuery;
  let shown: Shown | undefined;
  let messageId: number | undefined;
  const target = options.messageId !== undefined && ctx.chat ? { chatId: ctx.chat.id, messageId: options.messageId } : undefined;
  if (target || (tap && !options.asNew && (tap.message || tap.inline_message_id))) {
    try {
      if (target) await ctx.api.editMessageText(target.chatId, target.messageId, view.text, extra);
      else await ctx.editMessageText(view.text, extra);
      shown = "edited";
    } catch (err) {
      if (isNotModified(err)) shown = "unchanged";
      else if (!(err instanceof GrammyError)) throw err;
      // otherwise the message cannot be edited any more: a new one below
    }
    if (shown !== undefined) messageId = target ? target.messageId : tap?.message?.message_id;
  }
  if (shown === undefined && ctx.chat) {
    messageId = (await ctx.reply(view.text, extra)).message_id;
    shown = "sent";
  }
  return { shown: shown ?? "answered", ...(messageId !== undefined ? { messageId } : {}) };
}
