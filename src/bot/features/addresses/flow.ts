/**
 * Rename on an address's card: one step in the card's message, with Cancel (and "Remove label" when
 * the address has one). A bad label (empty, too long, markup, the label of another address) is
 * asked again with the reason; the answer ends with Back to the list.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
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
  await flow.ask(ctx, ctx.t("addresses-rename-ask", { address: code(address), max: MAX_ADDRESS_LABEL }), buttons);
  for (;;) {
    const reply = await flow.wait({ buttons: AddressButtons.clearLabel.pattern });
    const c = reply.ctx;
    if (reply.kind === "button") {
      await external(conversation, () => store.setLabel(userId, address, null));
      return flow.finish(c, c.t("addresses-label-cleared", { address: code(address) }), back(c));
    }
    const checked = checkAddressLabel(reply.text);
    if (!checked.ok) {
      await flow.retry(c, c.t(`addresses-label-${checked.reason}`, { max: MAX_ADDRESS_LABEL }));
      continue;
    }
    const holder = await external(conversation, async () => addressByLabel(await store.entries(userId), checked.label) ?? null);
    if (holder !== null && holder !== address) {
      await flow.retry(c, c.t("addresses-label-taken", { label: escapeHtml(checked.label) }));
      continue;
    }
    const saved = await external(conversation, () => store.setLabel(userId, address, checked.label));
    if (!saved) return flow.finish(c, c.t("addresses-not-found"), back(c));
    return flow.finish(c, c.t("addresses-label-saved", { address: code(address), label: escapeHtml(checked.label) }), back(c));
  }
}
