/** /renewal: a fixed volume of energy renewed once a day, whatever is left. */
import type { BotConversation, ConversationContext } from "../context.js";
import { askAddress, askAutoResume, askVolume, beginAutomation, confirmAndCreate } from "./automation-steps.js";

export const RENEWAL_CONVERSATION = "renewal";

export async function renewalConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = await beginAutomation(conversation, ctx, "renewal");
  if (!flow) return;
  const { renewalMinVolume, renewalMaxVolume } = flow.options;
  const address = await askAddress(conversation, ctx, flow);
  const volume = await askVolume(conversation, ctx, flow, { question: "auto-ask-renewal-volume", min: renewalMinVolume, max: renewalMaxVolume });
  const autoResume = await askAutoResume(conversation, ctx, flow);
  await confirmAndCreate(conversation, ctx, flow, { kind: "renewal", address, volume, autoResume }, (client) =>
    client.createRenewal({ targetAddress: address, volume, autoResume }),
  );
}
