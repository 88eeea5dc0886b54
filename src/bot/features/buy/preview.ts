/**
 * Quoting a complete request: the preview card and the order intent behind its buttons (state
 * `previewed`, a fresh Idempotency-Key, the user's default key). Used by the step-by-step flow
 * (inside a conversation, where every side effect goes through `external`), by the one-line form,
 * by Back on the step picker, by "Try again" / Refresh and by Confirm on an expired card.
 */
import { labelsOf } from "../../../tron/address-names.js";
import type { InlineKeyboard } from "grammy";
import type { BotContext, ConversationContext } from "../../context.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { showView } from "../../ui/view.js";
import type { OrderIntentRow } from "../../../store/orders.js";
import { requestOfIntent, type BuyRequest } from "../../../orders/request.js";
import { renderOrderPreview } from "./views.js";

type Ctx = ConversationContext;

/** Runs a side effect: directly in ordinary middleware, through `external` inside a conversation. */
export type Effect = <T>(task: () => T | Promise<T>) => Promise<T>;
export const runNow: Effect = async (task) => await task();

export interface QuotedCard {
  intentId: string;
  text: string;
  keyboard: InlineKeyboard;
}

/** Quotes `request` and stores its intent; a marketplace error is thrown and nothing is stored. */
export async function quote(ctx: Ctx, request: BuyRequest, effect: Effect, note?: string): Promise<QuotedCard> {
  const userId = ctx.from!.id;
  const chatId = ctx.chat!.id;
  const { deps } = ctx;
  const quoted = await effect(() =>
    withUserClient(deps, userId, async (client, key) => ({
      keyId: key.id,
      preview: await client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }),
    })),
  );
  const intent = await effect(() =>
    deps.store.orders.createIntent({
      userId,
      chatId,
      keyId: quoted.keyId,
      resource: request.resource,
      targetAddress: request.address,
      volume: request.volume,
      duration: request.duration,
      burnCostTrx: quoted.preview.burnCostTrx,
      createdAt: deps.now(),
    }),
  );
  // (a flow replays its effects from a log: the saved names come back as a list, made a map here)
  const labels = labelsOf(await effect(() => deps.store.recentAddresses.entries(userId)));
  const card = renderOrderPreview({ request, preview: quoted.preview, intentId: intent.intentId, labels }, ctx.t, ctx.fmt);
  return { intentId: intent.intentId, text: note ? `${note}\n\n${card.text}` : card.text, keyboard: card.keyboard };
}

/** The one-line form: the card as a new message. */
export async function sendPreviewCard(ctx: BotContext, request: BuyRequest): Promise<void> {
  if (!ctx.from || !ctx.chat) return;
  let card: QuotedCard;
  try {
    card = await quote(ctx, request, runNow);
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
    card = await quote(ctx, requestOfIntent(intent), runNow, note);
  } catch (err) {
    await replyWithError(ctx, err, { edit: true });
    return;
  }
  // the tapped card, or a new message where it could not be edited
  const { messageId } = await showView(ctx, card);
  if (messageId !== undefined) await ctx.deps.store.orders.setMessageId(card.intentId, messageId);
}
