/**
 * /rules: the list of the user's automation rules, each rule's card with its firings, and Pause,
 * Resume and Cancel (menus.ts). Pushed notices open the list or a card with codec buttons: as a new
 * message, so the notice (what happened, its Deposit button) stays readable above it.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { RULE_CAP_CONVERSATION, ruleCapConversation } from "./cap.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { replyWithError } from "../../errors/reply.js";
import { RuleCallbacks } from "./callbacks.js";
import { runAction, showRuleCard, showRulesList } from "./menus.js";
import { defineFlow } from "../../flow/define.js";

export { rulesMenu } from "./menus.js";

export const rulesFeature = new Composer<BotContext>();

/** The price cap prompt, from a rule's card. */
export const rulesFlows = [defineFlow(ruleCapConversation, RULE_CAP_CONVERSATION)];

/** Marketplace trouble becomes the shared message (a new one: the view stays). */
async function guarded(ctx: BotContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    await replyWithError(ctx, err);
  }
}

// In groups, features/private-only points to the private chat.
rulesFeature.chatType("private").command("rules", (ctx) => guarded(ctx, () => showRulesList(ctx, 1)));

rulesFeature.callbackQuery(SharedButtons.listRules.pattern, (ctx) => guarded(ctx, () => showRulesList(ctx, 1, { asNew: true })));

rulesFeature.callbackQuery(SharedButtons.openRule.pattern, (ctx) => {
  const { id } = SharedButtons.openRule.unpack(ctx.callbackQuery.data)!;
  return guarded(ctx, () => showRuleCard(ctx, { id, page: 1 }, { asNew: true }));
});

// Pause on a rule's fired notice: the notice stays, the card with what happened comes below it
rulesFeature.callbackQuery(SharedButtons.pauseRule.pattern, (ctx) => {
  const { id } = SharedButtons.pauseRule.unpack(ctx.callbackQuery.data)!;
  return guarded(ctx, () => runAction(ctx, "pause", { id, page: 1 }, { asNew: true }));
});

// Cancel old rule, after an edit whose cancel failed: the message stays, the card with what happened comes below it
rulesFeature.callbackQuery(SharedButtons.cancelRule.pattern, (ctx) => {
  const { id } = SharedButtons.cancelRule.unpack(ctx.callbackQuery.data)!;
  return guarded(ctx, () => runAction(ctx, "cancel", { id, page: 1 }, { asNew: true }));
});

rulesFeature.callbackQuery(RuleCallbacks.card.pattern, (ctx) => {
  const ref = RuleCallbacks.card.unpack(ctx.callbackQuery.data)!;
  return guarded(ctx, () => showRuleCard(ctx, ref));
});
