/**
 * What an update means to a question waiting for the user's answer, the same way for every question:
 * a step of a conversation (wait.ts) and a prompt kept in the store (prompt.ts). Only reads the update; the caller acts on the outcome.
 * - another /command leaves the question and runs as usual; /cancel, which the cancel feature hands
 *   to an open question first, leaves it and goes no further;
 * - a tap on a button the question does not expect is passed on to the rest of the bot, and so is a
 *   message the user posted through the bot's own inline mode (not typed input);
 * - anything else that is not text gets a short hint and the question keeps waiting;
 * - where one person's answers only count (`from`: a team desk's /buy in a group), an update from
 *   anyone else is not an answer: a tap on the question's own buttons is told so and dropped,
 *   anything else is passed on to the rest of the bot;
 * - a message holding a credential (an API key, a webhook secret, even inside a sentence) at a
 *   question that does not ask for one leaves the question and goes on to the keys feature, which
 *   deletes it as any pasted key: conversations v2 would otherwise keep that update, in plaintext,
 *   in the replay log it stores.
 */
import type { Context } from "grammy";
import { findCredential } from "../../credentials/shape.js";
import { isOwnInlineResult } from "../ui/own-inline-result.js";

export interface ReplyRules {
  /** The question's buttons: a tap whose data matches is the answer. */
  buttons?: RegExp;
  /** Whether typed text answers the question (default yes). */
  acceptText?: boolean;
  /** The hint for a message that does not answer the question. */
  hintKey?: string;
  /** The question asks for a secret: text shaped like one is the answer, not a mistake. */
  expectsSecret?: boolean;
  /** Only this user's messages and taps answer (or leave) the question; anyone else's pass on. */
  from?: number;
  /** A tap that cancels the question. */
  isCancel?: (ctx: Context) => boolean;
}

export type ReplyRead =
  /** Not for this question: the rest of the bot handles it; the question waits on. */
  | { kind: "pass" }
  /** Someone else tapped the question's own buttons: told so, dropped; the question waits on. */
  | { kind: "not-yours" }
  /** The question is left: a /command (`next`: the command runs as usual, but /cancel) or a pasted secret. */
  | { kind: "leave"; next: boolean }
  /** The question's Cancel. */
  | { kind: "cancel" }
  | { kind: "button"; data: string; match: RegExpMatchArray }
  | { kind: "text"; text: string }
  /** A message that does not answer: the hint, and the question waits on. */
  | { kind: "hint"; hintKey: string }
  /** Neither a message nor a tap (an edit, say): nothing to say; the question waits on. */
  | { kind: "ignore" };

export function readReply(ctx: Context, rules: ReplyRules): ReplyRead {
  const acceptText = rules.acceptText ?? true;
  const tapped = ctx.callbackQuery?.data;
  // someone else in a group: not an answer, nor a /command or Cancel that ends this question
  if (rules.from !== undefined && ctx.from?.id !== rules.from) {
    const own = tapped !== undefined && (rules.isCancel?.(ctx) || (rules.buttons !== undefined && tapped.match(rules.buttons) !== null));
    return own ? { kind: "not-yours" } : { kind: "pass" };
  }
  // the bot's own inline result, posted by the user, answers nothing: passed on (and left alone there)
  if (isOwnInlineResult(ctx)) return { kind: "pass" };
  const text = ctx.message?.text;
  const command = text === undefined ? undefined : /^\/([A-Za-z0-9_]+)(@\w+)?(\s|$)/.exec(text)?.[1];
  // /cancel was handed here by the cancel feature, which answers it once the question is left
  if (command !== undefined) return { kind: "leave", next: command !== "cancel" };
  if (rules.isCancel?.(ctx)) return { kind: "cancel" };
  if (tapped !== undefined) {
    const match = rules.buttons ? tapped.match(rules.buttons) : null;
    return match ? { kind: "button", data: tapped, match } : { kind: "pass" };
  }
  // answered as a key pasted outside any question (deleted, offered to be saved)
  if (text !== undefined && !rules.expectsSecret && findCredential(text) !== undefined) return { kind: "leave", next: true };
  if (text !== undefined && acceptText) return { kind: "text", text: text.trim() };
  if (ctx.message) return { kind: "hint", hintKey: rules.hintKey ?? (acceptText ? "conversation-send-text" : "conversation-use-buttons") };
  return { kind: "ignore" };
}
