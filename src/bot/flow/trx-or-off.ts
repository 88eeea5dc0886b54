/**
 * A step that takes a TRX amount or "off" (the balance alert, a key's monthly budget, a rule's or a
 * schedule's maximum price, a team desk's maximum): the question with the step's one "off" button,
 * then the amount as people type it (parseTypedTrx), or null for "off", "0", the locale's off word
 * or the off button. Anything else is asked again, and changes nothing. The step itself is
 * ./steps.ts's.
 */
import { InlineKeyboard } from "grammy";
import type { ConversationContext } from "../context.js";
import type { CallbackCodec } from "../../telegram/callback-codec.js";
import type { FlowMessage } from "./flow-message.js";
import { awaitAnswer } from "./step.js";
import { trxOrOffStep } from "./steps.js";

export interface TrxOrOffStep {
  /** The question (HTML), shown in the flow's message. */
  question: string;
  /** The "off" button: its label and its callback (a button without fields). */
  off: { label: string; button: CallbackCodec<Record<never, never>> };
  /** The word for "off" in the user's language. */
  offWord: string;
  /** What is said when the text is neither. */
  bad: string;
  maxSun: bigint;
}

export async function askTrxOrOff(ctx: ConversationContext, flow: FlowMessage, step: TrxOrOffStep): Promise<bigint | null> {
  const { question, off, ...rest } = step;
  await flow.ask(ctx, question, new InlineKeyboard().text(off.label, off.button.pack()));
  return (await awaitAnswer(flow, trxOrOffStep({ ...rest, buttons: off.button.pattern, fromTap: () => null, answerTap: true }))).value;
}
