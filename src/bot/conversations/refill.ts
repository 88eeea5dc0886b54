/** /refill: when the address's energy falls below a threshold, a fixed volume is delivered for a duration. */
import type { BotConversation, ConversationContext } from "../context.js";
import { askAddress, askAutoResume, askDuration, askVolume, beginAutomation, confirmAndCreate } from "./automation-steps.js";

export const REFILL_CONVERSATION = "refill";

export async function refillConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = await beginAutomation(conversation, ctx, "refill");
  if (!flow) return;
  const { minVolume, maxVolume } = flow.options;
  const address = await askAddress(conversation, ctx, flow);
  // The spec gives the threshold no bounds: the largest volume the options allow serves as a sane ceiling.
  const minimal = await askVolume(conversation, ctx, flow, { question: "auto-ask-threshold", min: 1n, max: maxVolume });
  const volume = await askVolume(conversation, ctx, flow, { question: "auto-ask-volume", min: minVolume, max: maxVolume });
  const duration = await askDuration(conversation, ctx, flow);
  const autoResume = await askAutoResume(conversation, ctx, flow);
  await confirmAndCreate(conversation, ctx, flow, { kind: "refill", address, minimal, volume, duration, autoResume }, (client) =>
    client.createRefill({ targetAddress: address, minimal, volume, duration, autoResume }),
  );
}
