/**
 * The three creation flows (energy only: bandwidth has no rules), built from the shared steps.
 * - /refill: when the address's energy falls below a threshold, a fixed volume is delivered for a duration.
 * - /renewal: a fixed volume of energy renewed once a day, whatever is left.
 * - /smart: the provider decides when the address needs energy; each delivery is about 131k.
 */
import type { BotConversation, ConversationContext } from "../../context.js";
import { askAddress, askAutoResume, askDuration, askVolume, beginAutomation, confirmAndCreate } from "./steps.js";

export const REFILL_CONVERSATION = "refill";
export const RENEWAL_CONVERSATION = "renewal";
export const SMART_CONVERSATION = "smart";

export async function refillConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const run = await beginAutomation(conversation, ctx, "refill");
  if (!run) return;
  const { minVolume, maxVolume } = run.options;
  const address = await askAddress(ctx, run);
  // The spec gives the threshold no bounds: the largest volume the options allow serves as a sane ceiling.
  const minimal = await askVolume(ctx, run, { question: "auto-ask-threshold", answer: "rules-card-threshold", min: 1n, max: maxVolume });
  const volume = await askVolume(ctx, run, { question: "auto-ask-volume", answer: "rules-card-volume", min: minVolume, max: maxVolume });
  const duration = await askDuration(ctx, run);
  const autoResume = await askAutoResume(ctx, run);
  await confirmAndCreate(conversation, ctx, run, { kind: "refill", address, minimal, volume, duration, autoResume }, (client) =>
    client.createRefill({ targetAddress: address, minimal, volume, duration, autoResume }),
  );
}

export async function renewalConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const run = await beginAutomation(conversation, ctx, "renewal");
  if (!run) return;
  const { renewalMinVolume, renewalMaxVolume } = run.options;
  const address = await askAddress(ctx, run);
  const volume = await askVolume(ctx, run, { question: "auto-ask-renewal-volume", answer: "rules-card-volume", min: renewalMinVolume, max: renewalMaxVolume });
  const autoResume = await askAutoResume(ctx, run);
  await confirmAndCreate(conversation, ctx, run, { kind: "renewal", address, volume, autoResume }, (client) =>
    client.createRenewal({ targetAddress: address, volume, autoResume }),
  );
}

export async function smartConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const run = await beginAutomation(conversation, ctx, "smart");
  if (!run) return;
  const address = await askAddress(ctx, run);
  const autoResume = await askAutoResume(ctx, run);
  await confirmAndCreate(conversation, ctx, run, { kind: "smart", address, autoResume }, (client) =>
    client.enableSmart({ targetAddress: address, autoResume }),
  );
}
