/**
 * The monthly budget prompt (from a key's card, in its message): a TRX amount, or "off" (or No
 * budget) to remove it. The budget itself (what counts, 80%, 100%) is orders/budget.ts and the
 * budget watcher's; this only stores what the user typed, and a bad amount is asked again.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { code, escapeHtml } from "../../../format/html.js";
import { SUN_PER_TRX } from "../../../tron/amounts.js";
import { askTrxOrOff } from "../../flow/trx-or-off.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { KeyButtons } from "./callbacks.js";
import { fingerprintText, keyName, toKeyView } from "./views.js";

export const BUDGET_CONVERSATION = "keys-budget";
const MAX_BUDGET_SUN = 1_000_000_000n * SUN_PER_TRX;

export async function budgetConversation(conversation: BotConversation, ctx: ConversationContext, keyId: number): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const { t } = ctx.locale;
  const backToKeys = new InlineKeyboard().text(t("button-back"), KeyButtons.list.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: backToKeys });
  // only the view of the key goes into the replay log, never the sealed secret
  const key = await external(conversation, async () => {
    const row = await ctx.deps.store.apiKeys.get(userId, keyId);
    return row ? toKeyView(row) : null;
  });
  if (!key) return flow.finish(ctx, t("keys-not-found"), backToKeys);
  const name = `<b>${keyName(key, t)}</b> <code>${escapeHtml(fingerprintText(key))}</code>`;
  const sun = await askTrxOrOff(ctx, flow, {
    question: t("keys-budget-ask", { key: name }),
    off: { label: t("keys-button-budget-remove"), button: KeyButtons.budgetOff },
    offWord: t("keys-budget-off-word"),
    bad: t("keys-budget-bad"),
    maxSun: MAX_BUDGET_SUN,
  });
  const stored = await external(conversation, async () => {
    if (!(await ctx.deps.store.apiKeys.get(userId, keyId))) return false;
    await ctx.deps.store.keyBudgets.set(userId, keyId, sun, ctx.deps.now());
    return true;
  });
  if (!stored) return flow.finish(ctx, t("keys-not-found"), backToKeys);
  const note = sun === null ? t("keys-budget-removed", { key: name }) : t("keys-budget-saved", { key: name, budget: code(ctx.fmt.trx(sun)) });
  await flow.finish(ctx, note, backToKeys);
}
