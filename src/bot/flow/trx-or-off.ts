/**
 * A step that takes a TRX amount or "off" (the balance alert, a key's monthly budget), once the
 * flow has shown its question: the amount as people type it (parseTypedTrx), or null for "off",
 * "0", the locale's off word or the step's off button. Anything else is asked again, and changes
 * nothing. The step itself is ./steps.ts's.
 */
import type { ConversationContext } from "../context.js";
import type { FlowMessage } from "./flow-message.js";
import { awaitAnswer } from "./step.js";
import { trxOrOffStep } from "./steps.js";

export interface TrxOrOffStep {
  /** The step's "off" button. */
  offButton: RegExp;
  /** The word for "off" in the user's language. */
  offWord: string;
  /** What is said when the text is neither. */
  bad: string;
  maxSun: bigint;
}

export async function waitForTrxOrOff(_ctx: ConversationContext, flow: FlowMessage, step: TrxOrOffStep): Promise<bigint | null> {
  const { offButton, ...rest } = step;
  return (await awaitAnswer(flow, trxOrOffStep({ ...rest, buttons: offButton, fromTap: () => null, answerTap: true }))).value;
}
