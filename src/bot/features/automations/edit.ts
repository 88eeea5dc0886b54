/**
 * Edit on a rule's card (issue 32, item 7). The marketplace has no update operation, so an edit is
 * a new rule in place of the old one: the rule's own steps are asked again with today's answers
 * marked (one tap keeps each), the preview shows the rule as it is today above the new one, and
 * Confirm creates the new rule, then cancels the old one. Never zero rules where there was one: the
 * old one is cancelled only once the new one exists. Never two without telling: a cancel that
 * fails ends the flow with both rules named and a button that cancels the old one. Cancel mid-way
 * changes nothing.
 *
 * What the bot keeps per rule goes over to the new rule: the price cap (for the new rule's volume
 * and duration). The old rule's cap is removed once it is cancelled.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext, BotDeps } from "../../context.js";
import type { AutomationRule, MarketplaceClient } from "../../../marketplace/index.js";
import { ruleStatusKind } from "../../../marketplace/index.js";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { renderRuleCard } from "../../../rules/card.js";
import { errorFields } from "../../../logger.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { external } from "../../flow/external.js";
import type { RuleEditArgs } from "../../flow/rule-edit.js";
import { recordRule } from "../rules/record.js";
import { CREATE_RULE } from "./flow.js";
import { askAll, beginAutomation, confirmAndCreate, type AutomationRun } from "./steps.js";
import { draftOfRule } from "./views.js";

type Ctx = ConversationContext;

export async function ruleEditConversation(conversation: BotConversation, ctx: Ctx, rule: RuleEditArgs): Promise<void> {
  const openOld = new InlineKeyboard().text(ctx.t("auto-button-open-rule"), SharedButtons.openRule.pack({ id: rule.id }));
  const { kind, ...answers } = draftOfRule(rule);
  const run = await beginAutomation(conversation, ctx, kind, {
    answers,
    replacing: rule,
    // in the card's own message; Cancel says the rule is unchanged and leads back to it
    flow: { inTappedMessage: true, cancelledKey: "auto-edit-cancelled", cancelledKeyboard: openOld },
  });
  if (!run) return;
  await askAll(ctx, run);
  await confirmAndCreate(conversation, ctx, run, CREATE_RULE[kind], (tapCtx, created) => replaceOld(conversation, tapCtx, run, rule, created));
}

/** The new rule exists: its cap from the old one, then the old one cancelled; the outcome in the flow's message. */
async function replaceOld(conversation: BotConversation, ctx: Ctx, run: AutomationRun, old: RuleEditArgs, created: AutomationRule): Promise<void> {
  const openNew = () => new InlineKeyboard().text(ctx.t("auto-button-open-rule"), SharedButtons.openRule.pack({ id: created.id }));
  let failure: unknown;
  try {
    await external(conversation, () =>
      withUserClient(ctx.deps, run.userId, async (client, key) => {
        await carryCap(ctx.deps, run.userId, old.id, created, key);
        await cancelOld(ctx.deps, client, key, run.userId, old.id);
      }),
    );
  } catch (err) {
    failure = err;
  }
  if (failure === undefined) return run.flow.finish(ctx, renderRuleCard(created, ctx.t, ctx.fmt, ctx.t("auto-edit-done")), openNew());
  const reason = renderAndLogError(ctx, failure).text;
  const keyboard = new InlineKeyboard()
    .text(ctx.t("auto-edit-button-cancel-old"), SharedButtons.cancelRule.pack({ id: old.id }))
    .row()
    .text(ctx.t("auto-edit-button-open-new"), SharedButtons.openRule.pack({ id: created.id }));
  await run.flow.finish(ctx, renderRuleCard(created, ctx.t, ctx.fmt, ctx.t("auto-edit-both", { reason })), keyboard);
}

/**
 * Cancels the old rule. An answer that is not a success may still hide one (an answer lost on the
 * way, a 409 because it was cancelled meanwhile): the list says whether the old rule is cancelled.
 */
async function cancelOld(deps: BotDeps, client: MarketplaceClient, key: ApiKeyRow, userId: number, oldId: string): Promise<void> {
  try {
    await recordRule(deps, await client.cancelRule(oldId), key);
  } catch (err) {
    const now = await client.listRules().catch(() => undefined);
    const rule = now?.find((r) => r.id === oldId);
    const gone = now !== undefined && (rule === undefined || ruleStatusKind(rule.status) === "cancelled");
    if (!gone) throw err;
  }
  await deps.store.priceCaps.remove(userId, oldId).catch((err: unknown) => {
    deps.logger.warn({ err: errorFields(err), ruleId: oldId }, "rule edit: could not remove the old rule's price cap");
  });
}

/** The old rule's price cap, set on the new rule (its own volume and duration); a failure is logged, never the edit's. */
async function carryCap(deps: BotDeps, userId: number, oldId: string, created: AutomationRule, key: ApiKeyRow): Promise<void> {
  try {
    const cap = await deps.store.priceCaps.get(oldId);
    if (!cap || cap.userId !== userId) return;
    await deps.store.priceCaps.set({ ruleId: created.id, keyId: key.id, userId, kind: cap.kind, volume: created.volume, duration: created.duration, capSun: BigInt(cap.capSun) });
  } catch (err) {
    deps.logger.error({ err: errorFields(err), ruleId: created.id }, "rule edit: could not carry the price cap over to the new rule");
  }
}
