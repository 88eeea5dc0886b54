/** /refill, /renewal and /smart: each enters its conversation (flow.ts); Edit on a rule's card enters edit.ts's. */
import { enterFlow } from "../../flow/enter.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import {
  REFILL_CONVERSATION,
  RENEWAL_CONVERSATION,
  SMART_CONVERSATION,
  refillConversation,
  renewalConversation,
  smartConversation,
} from "./flow.js";
import { ruleEditConversation } from "./edit.js";
import { RULE_EDIT_FLOW } from "../../flow/rule-edit.js";
import { defineFlow } from "../../flow/define.js";

export const automationsFeature = new Composer<BotContext>();

export const automationFlows = [
  defineFlow(refillConversation, REFILL_CONVERSATION),
  defineFlow(renewalConversation, RENEWAL_CONVERSATION),
  defineFlow(smartConversation, SMART_CONVERSATION),
  // Edit on a rule's card (features/rules starts it by its id)
  defineFlow(ruleEditConversation, RULE_EDIT_FLOW),
];

// In groups, features/private-only points to the private chat.
const privateChats = automationsFeature.chatType("private");
const RULE_FLOWS = [
  ["refill", REFILL_CONVERSATION],
  ["renewal", RENEWAL_CONVERSATION],
  ["smart", SMART_CONVERSATION],
] as const;
/** The commands that start a rule's flow. */
export const RULE_COMMANDS = RULE_FLOWS.map(([command]) => command);

for (const [command, conversation] of RULE_FLOWS) {
  privateChats.command(command, async (ctx) => {
    // a default key known unable to create rules says so now, not at Confirm
    if (!(await defaultKeyMay(ctx, "rules", conversation))) return;
    // A flow still open (one that did not leave on this command) is replaced: enter() refuses otherwise.
    await enterFlow(ctx, conversation);
  });
}
