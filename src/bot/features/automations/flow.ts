/**
 * The three creation flows (energy only: bandwidth has no rules), built from the shared steps.
 * - /refill: when the address's energy falls below a threshold, a fixed volume is delivered for a duration.
 * - /renewal: a fixed volume of energy renewed once a day, whatever is left.
 * - /smart: the provider decides when the address needs energy; each delivery is about 131k.
 * Edit on a rule's card walks the same steps (edit.ts).
 */
import type { BotConversation, ConversationContext } from "../../context.js";
import { askAll, beginAutomation, confirmAndCreate } from "./steps.js";
import type { AutomationKind, AutomationDraft } from "./views.js";
import type { AutomationRule, MarketplaceClient } from "../../../marketplace/index.js";

export const REFILL_CONVERSATION = "refill";
export const RENEWAL_CONVERSATION = "renewal";
export const SMART_CONVERSATION = "smart";

/** How each kind's rule is created once confirmed. */
export const CREATE_RULE: Record<AutomationKind, (client: MarketplaceClient, rule: AutomationDraft) => Promise<AutomationRule>> = {
  refill: (client, rule) =>
    client.createRefill({ targetAddress: rule.address, minimal: rule.minimal!, volume: rule.volume!, duration: rule.duration!, autoResume: rule.autoResume }),
  renewal: (client, rule) => client.createRenewal({ targetAddress: rule.address, volume: rule.volume!, autoResume: rule.autoResume }),
  smart: (client, rule) => client.enableSmart({ targetAddress: rule.address, autoResume: rule.autoResume }),
};

/** Asks the kind's steps, then the preview: Confirm creates the rule, Change asks a step again. */
async function automationFlow(conversation: BotConversation, ctx: ConversationContext, kind: AutomationKind): Promise<void> {
  const run = await beginAutomation(conversation, ctx, kind);
  if (!run) return;
  await askAll(ctx, run);
  await confirmAndCreate(conversation, ctx, run, CREATE_RULE[kind]);
}

export function refillConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  return automationFlow(conversation, ctx, "refill");
}

export function renewalConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  return automationFlow(conversation, ctx, "renewal");
}

export function smartConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  return automationFlow(conversation, ctx, "smart");
}
