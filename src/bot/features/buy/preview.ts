/**
 * Quoting a complete request: the preview card and the order intent behind its buttons (state
 * `previewed`, a fresh Idempotency-Key, the user's default key; or, in a team desk's group, the
 * desk's key: the card is signed by who asked, and its Confirm and Cancel are the desk's own, which
 * check at the tap that the tapper administers the group). Used by the step-by-step flow, by the
 * one-line form, by Back on the step picker, by "Try again" / Refresh and by Confirm on an expired card.
 */
import { labelsOf } from "../../../tron/address-names.js";
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { showView } from "../../ui/view.js";
import type { OrderIntentRow } from "../../../store/orders.js";
import { requestOfIntent, type BuyRequest } from "../../../orders/request.js";
import { renderOrderPreview } from "./views.js";
import { previewMoney } from "../../../orders/preview-money.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { escapeHtml } from "../../../format/html.js";

export interface QuotedCard {
  intentId: string;
  text: string;
  keyboard: InlineKeyboard;
}

/** A team desk's key, used in its group by one of its administrators (`by`: how the card is signed). */
export interface DeskKey {
  /** The key's owner: the intent is theirs. */
  ownerId: number;
  keyId: number;
  by: string;
}

/**
 * Quotes `request` and stores its intent; a marketplace error is thrown and nothing is stored.
 * With `desk`: with the desk's key, no saved names (the owner's address book stays private), signed.
 */
export async function quote(ctx: BotContext, request: BuyRequest, note?: string, desk?: DeskKey): Promise<QuotedCard> {
  const userId = desk ? desk.ownerId : ctx.from!.id;
  const chatId = ctx.chat!.id;
  const { deps } = ctx;
  const quoted = await withUserClient(
    deps,
    userId,
    async (client, key) => ({
      keyId: key.id,
      preview: await client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }),
    }),
    desk ? { keyId: desk.keyId } : {},
  );
  const intent = await deps.store.orders.createIntent({
    userId,
    chatId,
    keyId: quoted.keyId,
    resource: request.resource,
    targetAddress: request.address,
    volume: request.volume,
    duration: request.duration,
    burnCostTrx: quoted.preview.burnCostTrx,
    createdAt: deps.now(),
  });
  if (desk) {
    const card = renderOrderPreview({ request, preview: quoted.preview, intentId: intent.intentId, shortNote: "team-preview-short" }, ctx.locale);
    // the desk's buttons: Confirm only when the balance covers it (no Deposit: no address is shown there)
    const keyboard = new InlineKeyboard();
    if (previewMoney(quoted.preview).afterSun >= 0n) keyboard.text(ctx.t("team-button-confirm"), SharedButtons.deskConfirm.pack({ id: intent.intentId }));
    keyboard.text(ctx.t("team-button-cancel"), SharedButtons.deskCancel.pack({ id: intent.intentId }));
    const text = `${card.text}\n\n${ctx.t("team-asked-by", { who: escapeHtml(desk.by) })}`;
    return { intentId: intent.intentId, text: note ? `${note}\n\n${text}` : text, keyboard };
  }
  const labels = labelsOf(await deps.store.recentAddresses.entries(userId));
  const card = renderOrderPreview({ request, preview: quoted.preview, intentId: intent.intentId, labels }, ctx.locale);
  return { intentId: intent.intentId, text: note ? `${note}\n\n${card.text}` : card.text, keyboard: card.keyboard };
}

/** The one-line form: the card as a new message (with `desk`: a team desk's, in its group). */
export async function sendPreviewCard(ctx: BotContext, request: BuyRequest, desk?: DeskKey): Promise<void> {
  if (!ctx.from || !ctx.chat) return;
  let card: QuotedCard;
  try {
    card = await quote(ctx, request, undefined, desk);
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const sent = await ctx.reply(card.text, { reply_markup: card.keyboard });
  await ctx.deps.store.orders.setMessageId(card.intentId, sent.message_id);
}

/** A fresh preview (new intent, new Idempotency-Key) of an intent's request, in place of the tapped card. */
export async function requoteInPlace(ctx: BotContext, intent: OrderIntentRow, note?: string): Promise<void> {
  let card: QuotedCard;
  try {
    card = await quote(ctx, requestOfIntent(intent), note);
  } catch (err) {
    await replyWithError(ctx, err, { edit: true });
    return;
  }
  // the tapped card, or a new message where it could not be edited
  const { messageId } = await showView(ctx, card);
  if (messageId !== undefined) await ctx.deps.store.orders.setMessageId(card.intentId, messageId);
}
