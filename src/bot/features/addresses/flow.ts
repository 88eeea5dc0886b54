/**
 * Rename on an address's card: one step in the card's message, with Cancel (and "Remove label" when
 * the address has one). A bad label (empty, too long, markup, the label of another address) is
 * asked again with the reason; the answer ends with Back to the list.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep } from "../../flow/step.js";
import { code, escapeHtml } from "../../../format/html.js";
import { AddressButtons } from "./callbacks.js";
import { checkAddressLabel, MAX_ADDRESS_LABEL } from "./views.js";
import { addressByLabel } from "../../../tron/address-names.js";

export async function renameAddressConversation(conversation: BotConversation, ctx: ConversationContext, address: string): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const back = (c: ConversationContext) => new InlineKeyboard().text(c.t("button-back"), AddressButtons.list.pack());
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true, cancelledKeyboard: back(ctx) });
  const store = ctx.deps.store.recentAddresses;
  const entry = await external(conversation, () => store.get(userId, address) ?? null);
  if (!entry) return flow.finish(ctx, ctx.t("addresses-not-found"), back(ctx));

  const buttons = new InlineKeyboard();
  if (entry.label) buttons.text(ctx.t("addresses-button-clear-label"), AddressButtons.clearLabel.pack());
  // a label, or null: Clear label
  const { value: label, ctx: c } = await runStep<string | null>(flow, ctx, {
    question: ctx.t("addresses-rename-ask", { address: code(address), max: MAX_ADDRESS_LABEL }),
    keyboard: buttons,
    buttons: AddressButtons.clearLabel.pattern,
    tap: () => ({ value: null }),
    text: async (text, c) => {
      const checked = checkAddressLabel(text);
      if (!checked.ok) return { reason: c.t(`addresses-label-${checked.reason}`, { max: MAX_ADDRESS_LABEL }) };
      const holder = await external(conversation, async () => addressByLabel(await store.entries(userId), checked.label) ?? null);
      if (holder !== null && holder !== address) return { reason: c.t("addresses-label-taken", { label: escapeHtml(checked.label) }) };
      return { value: checked.label };
    },
  });
  if (label === null) {
    await external(conversation, () => store.setLabel(userId, address, null));
    return flow.finish(c, c.t("addresses-label-cleared", { address: code(address) }), back(c));
  }
  const saved = await external(conversation, () => store.setLabel(userId, address, label));
  if (!saved) return flow.finish(c, c.t("addresses-not-found"), back(c));
  return flow.finish(c, c.t("addresses-label-saved", { address: code(address), label: escapeHtml(label) }), back(c));
}
