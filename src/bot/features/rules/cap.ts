/**
 * The price cap prompt (from a rule's card, in its message): the most one firing may cost, in TRX,
 * or "off" (No max price) to remove it. What the cap does (checked every minute, pause above it,
 * resume under it with auto-resume) is rules/price-cap.ts and the price caps watcher's; this stores
 * what the user typed for the rule as the card showed it. A bad amount is asked again.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import type { RuleKind } from "../../../marketplace/index.js";
import { code } from "../../../format/html.js";
import { loadFiringPrice } from "../../../rules/pricing.js";
import { MAX_CAP_SUN } from "../../../rules/price-cap.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { askTrxOrOff } from "../../flow/trx-or-off.js";
import { RuleCallbacks } from "./callbacks.js";

export const RULE_CAP_CONVERSATION = "rules-cap";

/** The rule as the cap needs it (from its card). */
export interface CapRule {
  id: string;
  page: number;
  kind: RuleKind;
  volume: string | null;
  duration: string | null;
}

export async function ruleCapConversation(conversation: BotConversation, ctx: ConversationContext, rule: CapRule): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const { t } = ctx.locale;
  const backToRule = new InlineKeyboard().text(t("rules-button-back-to-rule"), RuleCallbacks.card.pack({ id: rule.id, page: rule.page }));
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: backToRule });
  const spec = { kind: rule.kind, volume: rule.volume === null ? null : BigInt(rule.volume), duration: rule.duration };
  // today's price of a firing, to set the cap against (left out when it cannot be read)
  const priceSun = await external(conversation, () => withUserClient(ctx.deps, userId, (client) => loadFiringPrice(client, spec)).catch(() => null));
  const lines = [t("rules-cap-ask")];
  if (priceSun !== null) lines.push(t("rules-cap-price-now", { price: code(ctx.fmt.trx(priceSun)) }));
  lines.push(t("rules-card-cap-between"));
  const capSun = await askTrxOrOff(ctx, flow, {
    question: lines.join("\n\n"),
    off: { label: t("rules-button-cap-off"), button: RuleCallbacks.capOff },
    offWord: t("rules-cap-off-word"),
    bad: t("rules-cap-bad"),
    maxSun: MAX_CAP_SUN,
  });
  const stored = await external(conversation, async () => {
    const key = await ctx.deps.store.apiKeys.getDefault(userId);
    if (!key) return false;
    if (capSun === null) await ctx.deps.store.priceCaps.remove(userId, rule.id);
    else await ctx.deps.store.priceCaps.set({ ruleId: rule.id, keyId: key.id, userId, kind: rule.kind, volume: spec.volume, duration: rule.duration, capSun });
    return true;
  });
  if (!stored) return flow.finish(ctx, t("rules-not-found"), backToRule);
  await flow.finish(ctx, capSun === null ? t("rules-cap-removed") : t("rules-cap-saved", { cap: code(ctx.fmt.trx(capSun)) }), backToRule);
}
