/**
 * A step that takes a TRX amount or "off" (the balance alert, a key's monthly budget), or a TRX
 * amount only (waitForTrx): the amount as
 * people type it (parseTypedTrx), or null for "off", "0", the locale's off word or the step's off
 * button. Anything else is asked again, and changes nothing.
 */
import { parseTypedTrx } from "../../tron/amounts.js";
import type { ConversationContext } from "../context.js";
import type { FlowMessage } from "./flow-message.js";

export interface TrxOrOffStep {
  /** The step's "off" button. */
  offButton: RegExp;
  /** The word for "off" in the user's language. */
  offWord: string;
  /** What is said when the text is neither. */
  bad: string;
  maxSun: bigint;
}

export async function waitForTrxOrOff(ctx: ConversationContext, flow: FlowMessage, step: TrxOrOffStep): Promise<bigint | null> {
  for (;;) {
    const reply = await flow.wait({ buttons: step.offButton });
    if (reply.kind === "button") {
      await reply.ctx.answerCallbackQuery();
      return null;
    }
    const word = reply.text.trim().toLowerCase();
    if (word === "off" || word === "0" || word === step.offWord.toLowerCase()) return null;
    const sun = parseTypedTrx(reply.text, step.maxSun);
    if (sun !== undefined) return sun;
    await flow.retry(ctx, step.bad);
  }
}

/** A step that takes a TRX amount only (a price alert's price): anything else is asked again. */
export async function waitForTrx(ctx: ConversationContext, flow: FlowMessage, step: Pick<TrxOrOffStep, "bad" | "maxSun">): Promise<bigint> {
  for (;;) {
    const reply = await flow.wait();
    const sun = reply.kind === "text" ? parseTypedTrx(reply.text, step.maxSun) : undefined;
    if (sun !== undefined) return sun;
    await flow.retry(ctx, step.bad);
  }
}
