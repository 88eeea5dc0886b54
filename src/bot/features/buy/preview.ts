/**
 * Shows the preview card for a complete request and stores the order intent behind its buttons
 * (state `previewed`, a fresh Idempotency-Key, the user's default key). Used by the step-by-step
 * flow (inside a conversation, where every side effect goes through `external`), by the one-line
 * form, by "Try again" and by Confirm on an expired card.
 */
import type { Context } from "grammy";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { DepsFlavor } from "../../context.js";
import { withUserClient } from "../../marketplace-access.js";
import { replyWithError } from "../../reply-error.js";
import { renderOrderPreview } from "./views.js";
import type { OrderIntentRow } from "../../../store/orders.js";
import { requestOfIntent, type BuyRequest } from "../../../orders/request.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

/** Runs a side effect: directly in ordinary middleware, through `external` inside a conversation. */
export type Effect = <T>(task: () => T | Promise<T>) => Promise<T>;
export const runNow: Effect = async (task) => await task();

/**
 * Sends the card (or edits `editMessageId` into it) and returns the intent id; on a marketplace
 * error the user gets the one mapped sentence and nothing is stored. `note` goes above the card.
 */
export async function sendPreviewCard(
  ctx: Ctx,
  request: BuyRequest,
  effect: Effect,
  options: { editMessageId?: number; note?: string } = {},
): Promise<string | undefined> {
  const userId = ctx.from?.id;
  const chatId = ctx.chat?.id;
  if (userId === undefined || chatId === undefined) return undefined;
  const { deps } = ctx;

  let quoted;
  try {
    quoted = await effect(() =>
      withUserClient(deps, userId, async (client, key) => ({
        keyId: key.id,
        preview: await client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }),
      })),
    );
  } catch (err) {
    await replyWithError(ctx, err, { edit: options.editMessageId !== undefined });
    return undefined;
  }

  const intent = await effect(() =>
    deps.store.orders.createIntent({
      userId,
      chatId,
      keyId: quoted.keyId,
      resource: request.resource,
      targetAddress: request.address,
      volume: request.volume,
      duration: request.duration,
      createdAt: deps.now(),
    }),
  );
  const card = renderOrderPreview({ request, preview: quoted.preview, intentId: intent.intentId }, (k, v) => ctx.t(k, v), ctx.fmt);
  if (options.note) card.text = `${options.note}\n\n${card.text}`;

  let messageId: number | undefined;
  if (options.editMessageId !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, options.editMessageId, card.text, { reply_markup: card.keyboard });
      messageId = options.editMessageId;
    } catch {
      // too old or gone: a new message instead
    }
  }
  messageId ??= (await ctx.api.sendMessage(chatId, card.text, { reply_markup: card.keyboard })).message_id;
  const shownIn = messageId;
  await effect(() => deps.store.orders.setMessageId(intent.intentId, shownIn));
  return intent.intentId;
}

/** A fresh preview (new intent, new Idempotency-Key) of an intent's request, in place of its card. */
export function requoteInPlace(ctx: Ctx, intent: OrderIntentRow, note?: string): Promise<string | undefined> {
  const messageId = intent.messageId ?? ctx.callbackQuery?.message?.message_id;
  return sendPreviewCard(ctx, requestOfIntent(intent), runNow, {
    ...(messageId !== undefined ? { editMessageId: messageId } : {}),
    ...(note !== undefined ? { note } : {}),
  });
}
