/**
 * One step of a flow, declared, and the one loop that runs it (issue 31, item 3). A step is its
 * question (text and buttons, shown in the flow's one message with Cancel under them), the buttons
 * that answer it, how an answer (a tap or typed text) becomes its value or the reason it was not
 * taken, and how the answer reads once taken (`shown`: in the questions after it, the preview, the
 * result). `runStep` asks, waits (Cancel, a /command or a pasted secret leave the flow as
 * FlowMessage.wait says), and on a reason shows the step again with the reason above it, until an
 * answer is taken. A tap may also change the step itself (a tick on a step that picks several,
 * ./multi-select.ts): the step is then shown again as the tap left it, still waiting. Steps are
 * plain values: a flow is the list of the steps it asks, each built from the answers before it;
 * the address, volume and duration steps every buying flow asks are in ./steps.ts.
 *
 * Inside a conversation: the loop calls only the flow's message and `conversation.wait`, so a step
 * replays exactly as the hand-written loops it replaces did.
 */
import type { InlineKeyboard } from "grammy";
import type { TextLocale } from "../../format/formatter.js";
import type { ConversationContext } from "../context.js";
import type { FlowMessage } from "./flow-message.js";
import type { WaitOptions } from "./wait.js";

type Ctx = ConversationContext;

/** What an answer is: the step's value, or why it was not taken (shown above the step asked again). */
export type Parsed<T> = { value: T } | { reason: string };

/** What a tap is: an answer, or the step as the tap changed it (shown again, still waiting). */
export type Tapped<T> = Parsed<T> | { redraw: { question: string; keyboard: InlineKeyboard } };

/** How an answer reads once taken, in the words of the update that gave it. */
export type Shows<T> = (value: T, locale: TextLocale) => string;

export interface Step<T> {
  /** The question (the whole text of the flow's message while the step is asked). */
  question: string;
  /** The step's own buttons (Cancel is added under them). */
  keyboard?: InlineKeyboard;
  /** Which taps answer the step; other taps pass on to the rest of the bot. */
  buttons?: RegExp;
  /** A tap on the step's buttons (its callback data) → the value, or why not (or the step redrawn). */
  tap?: (data: string, ctx: Ctx) => Tapped<T> | Promise<Tapped<T>>;
  /**
   * Typed text → the value, or why not. Without it the step takes its buttons only (text gets a hint).
   * A check that reads the store (a name already taken) goes through conversation.external here.
   */
  text?: (text: string, ctx: Ctx) => Parsed<T> | Promise<Parsed<T>>;
  /** Whether a tap that answers the step is answered (its spinner stopped) here. */
  answerTap?: boolean;
  /** How the answer reads once taken: the answer's `shown`. */
  shown?: Shows<T>;
}

/** A step that says how its answer reads. */
export type ShowingStep<T> = Step<T> & { shown: Shows<T> };

/** How a step is answered, without its question (a step whose question the flow draws itself). */
export type Answering<T> = Omit<Step<T>, "question" | "keyboard" | "tap"> & { tap?: (data: string, ctx: Ctx) => Parsed<T> | Promise<Parsed<T>> };

/** The answer taken, with the context of the update that gave it (its api and language are the ones to go on with). */
export interface Answer<T> {
  value: T;
  ctx: Ctx;
  /** The answer as the step shows it, in the answering update's words (a step with `shown`). */
  shown?: string;
}

/** The answer of a step that says how it reads. */
export type ShownAnswer<T> = Answer<T> & { shown: string };

/** Asks the step in the flow's message and waits until it is answered. */
export function runStep<T>(flow: FlowMessage, ctx: Ctx, step: ShowingStep<T>): Promise<ShownAnswer<T>>;
export function runStep<T>(flow: FlowMessage, ctx: Ctx, step: Step<T>): Promise<Answer<T>>;
export async function runStep<T>(flow: FlowMessage, ctx: Ctx, step: Step<T>): Promise<Answer<T>> {
  await flow.ask(ctx, step.question, step.keyboard);
  return answered(flow, step);
}

/** Waits for the answer to a step already shown (by `runStep`, or by a flow that drew it itself). */
export function awaitAnswer<T>(flow: FlowMessage, step: Answering<T> & { shown: Shows<T> }): Promise<ShownAnswer<T>>;
export function awaitAnswer<T>(flow: FlowMessage, step: Answering<T>): Promise<Answer<T>>;
export function awaitAnswer<T>(flow: FlowMessage, step: Answering<T>): Promise<Answer<T>> {
  return answered(flow, step);
}

/** The loop: wait, read the answer, and take it, ask again with the reason, or show the step as a tap changed it. */
async function answered<T>(flow: FlowMessage, step: Omit<Step<T>, "question" | "keyboard">): Promise<Answer<T>> {
  const options: WaitOptions = { acceptText: step.text !== undefined };
  if (step.buttons) options.buttons = step.buttons;
  for (;;) {
    const reply = await flow.wait(options);
    const parsed: Tapped<T> = await (reply.kind === "button" ? step.tap!(reply.data, reply.ctx) : step.text!(reply.text, reply.ctx));
    if ("value" in parsed) {
      if (reply.kind === "button" && step.answerTap) await reply.ctx.answerCallbackQuery();
      const answer: Answer<T> = { value: parsed.value, ctx: reply.ctx };
      if (step.shown) answer.shown = step.shown(parsed.value, reply.ctx.locale);
      return answer;
    }
    if ("redraw" in parsed) await flow.ask(reply.ctx, parsed.redraw.question, parsed.redraw.keyboard);
    else await flow.retry(reply.ctx, parsed.reason);
  }
}
