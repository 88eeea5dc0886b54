/**
 * Edit on a rule's card (issue 32, item 7). The marketplace has no update operation, so an edit is
 * a new rule in place of the old one: the rule's own steps are asked again with today's answers
 * marked (one tap keeps each), the preview shows the rule as it is today above the new one, and
 * Confirm creates the new rule, then cancels the old one. Never zero rules where there was one: the
 * old one is cancelled only once the new one exists. Never two without telling: a cancel that
 * fails ends the flow with both rules named and a button that cancels the old one. Cancel mid-way
 * changes nothing.
 *
 * What the bot keeps per rule goes over to the new rule: the max price is one of the answers (kept,
 * changed or removed on the preview like the others) and is stored for the new rule when it is
 * created; the old rule's is removed once the old rule is cancelled.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext, BotDeps } from "../../context.js";
import type { AutomationRule, MarketplaceClient } from "../../../marketplace/index.js";
import { ruleStatusKind } from "../../../marketplace/index.js";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { errorFields } from "../../../logger.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { external } from "../../flow/external.js";
import type { RuleEditArgs } from "../../flow/rule-edit.js";
import { recordRule } from "../../../rules/record.js";
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
  await confirmAndCreate(conversation, ctx, run, CREATE_RULE[kind], (tapCtx, created, card, capLost) => replaceOld(conversation, tapCtx, run, rule, created, card, capLost));
}

/** The new rule exists: the old one cancelled; the outcome in the flow's message (`card`: the new rule's card under a note). */
async function replaceOld(
  conversation: BotConversation,
  ctx: Ctx,
  run: AutomationRun,
  old: RuleEditArgs,
  created: AutomationRule,
  card: (note: string) => string,
  capLost: boolean,
): Promise<void> {
  const openNew = () => new InlineKeyboard().text(ctx.t("auto-button-open-rule"), SharedButtons.openRule.pack({ id: created.id }));
  let failure: unknown;
  try {
    await external(conversation, () =>
      withUserClient(ctx.deps, run.userId, (client, key) => cancelOld(ctx.deps, client, key, run.userId, old.id)),
    );
  } catch (err) {
    failure = err;
  }
  const capNote = capLost ? `\n${ctx.t("auto-cap-not-saved")}` : "";
  if (failure === undefined) return run.flow.finish(ctx, card(ctx.t("auto-edit-done") + capNote), openNew());
  const reason = renderAndLogError(ctx, failure).text;
  const keyboard = new InlineKeyboard()
    .text(ctx.t("auto-edit-button-cancel-old"), SharedButtons.cancelRule.pack({ id: old.id }))
    .row()
    .text(ctx.t("auto-edit-button-open-new"), SharedButtons.openRule.pack({ id: created.id }));
  await run.flow.finish(ctx, card(ctx.t("auto-edit-both", { reason }) + capNote), keyboard);
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
