/** /smart: the provider decides when the address needs energy; each delivery is about 131k. */
import type { BotConversation, ConversationContext } from "../context.js";
import { askAddress, askAutoResume, beginAutomation, confirmAndCreate } from "./automation-steps.js";

export const SMART_CONVERSATION = "smart";

export async function smartConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = await beginAutomation(conversation, ctx, "smart");
  if (!flow) return;
  const address = await askAddress(conversation, ctx, flow);
  const autoResume = await askAutoResume(conversation, ctx, flow);
  await confirmAndCreate(conversation, ctx, flow, { kind: "smart", address, autoResume }, (client) =>
    client.enableSmart({ targetAddress: address, autoResume }),
  );
}
