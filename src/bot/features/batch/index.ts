/**
 * Batch purchases (issue 33 item 3): /batch (also with the addresses on the lines after it), and the
 * "Several addresses" button of /buy's address step and /addresses (SharedButtons.batch), lead to the
 * flow (flow.ts); the batch card's Confirm places one order per line through orders/batch.ts (each
 * line its own intent and Idempotency-Key, the same placement as /buy), and the card then shows each
 * line's outcome; Cancel cancels every line; Refresh quotes the same lines anew.
 */
import { Composer } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import { enterFlow } from "../../flow/enter.js";
import type { FlowEntries } from "../../flow/registry.js";
import { NoApiKeyError } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { showView } from "../../ui/view.js";
import { sayInCards } from "../../ui/cancelled-cards.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { labelsOf } from "../../../tron/address-names.js";
import { cancelBatch, cancelOpenBatches, loadBatch, placeBatch, quoteBatch, type BatchView } from "../../../orders/batch.js";
import { PREVIEW_TTL_MS } from "../../../orders/placement.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";
import { BATCH_CONVERSATION, batchConversation, type BatchFlowArgs } from "./flow.js";
import { BatchCard } from "./callbacks.js";
import { renderBatchPreview, renderBatchResult } from "./views.js";
import { defineFlow } from "../../flow/define.js";

export const batchFeature = new Composer<BotContext>();

/** What the batch feature offers the others (flow/registry.ts). */
export const batchEntries: Partial<FlowEntries> = {
  "enter-batch": (ctx) => enterBatch(ctx, {}),
  "cancel-open-batches": cancelOpenBatchCards,
};

/** /cancel: the chat's open batch cards are cancelled (their Confirm then places nothing) and say so. */
async function cancelOpenBatchCards(ctx: BotContext): Promise<number> {
  if (!ctx.from || !ctx.chat) return 0;
  const cancelled = await cancelOpenBatches(ctx.deps, ctx.chat.id, ctx.from.id);
  await sayInCards(ctx, cancelled, ctx.t("batch-cancelled"));
  return cancelled.length;
}

export const batchFlows = [
  defineFlow(
    (conversation: BotConversation, ctx: ConversationContext, args?: BatchFlowArgs) => batchConversation(conversation, ctx, args),
    BATCH_CONVERSATION,
  ),
];

async function enterBatch(ctx: BotContext, args: BatchFlowArgs): Promise<void> {
  if (!ctx.from || !(await ctx.deps.store.apiKeys.getDefault(ctx.from.id))) {
    await replyWithError(ctx, new NoApiKeyError());
    return;
  }
  // a default key known unable to buy says so now, not at Confirm
  if (!(await defaultKeyMay(ctx, "orders", BATCH_CONVERSATION, args))) return;
  await enterFlow(ctx, BATCH_CONVERSATION, args);
}

batchFeature.command("batch", async (ctx) => {
  await enterBatch(ctx, { text: ctx.match });
});

batchFeature.callbackQuery(SharedButtons.batch.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await enterBatch(ctx, { inPlace: true });
});

async function labels(ctx: BotContext) {
  return labelsOf(ctx.from ? await ctx.deps.store.recentAddresses.entries(ctx.from.id) : []);
}

async function showResult(ctx: BotContext, view: BatchView, toast?: string): Promise<void> {
  const card = renderBatchResult(view, await labels(ctx), ctx.locale, ctx.deps.now());
  await showView(ctx, card, toast ? { toast, unchanged: toast } : {});
}

/** A fresh preview of a batch's lines (new intents, new keys), in place of the tapped card. */
async function requote(ctx: BotContext, view: BatchView, note?: string): Promise<void> {
  if (!ctx.from || !ctx.chat) return;
  let quoted;
  try {
    quoted = await quoteBatch(ctx.deps, {
      userId: ctx.from.id,
      chatId: ctx.chat.id,
      lines: view.lines.map((l) => ({ address: l.address, volume: l.volume })),
      duration: view.duration,
    });
  } catch (err) {
    await replyWithError(ctx, err, { edit: true });
    return;
  }
  const card = renderBatchPreview(quoted, await labels(ctx), ctx.locale);
  const shown = await showView(ctx, note ? { text: `${note}\n\n${card.text}`, keyboard: card.keyboard } : card);
  if (shown.messageId !== undefined) await ctx.deps.store.orderBatches.setMessageId(quoted.batchId, shown.messageId);
}

batchFeature.callbackQuery(BatchCard.confirm.pattern, async (ctx) => {
  if (!ctx.from) return;
  const batchId = BatchCard.confirm.unpack(ctx.callbackQuery.data)!.batch;
  // said before the orders go out: placing several takes a moment
  const result = await placeBatch(ctx.deps, batchId, ctx.from.id, { onPlacing: () => ctx.answerCallbackQuery({ text: ctx.t("batch-placing") }).then(() => undefined) });
  switch (result.kind) {
    case "missing":
      await ctx.answerCallbackQuery({ text: ctx.t("batch-unknown") });
      return;
    case "cancelled":
      await ctx.answerCallbackQuery({ text: ctx.t("batch-was-cancelled") });
      return;
    case "expired":
      await ctx.answerCallbackQuery({ text: ctx.t("buy-expired-toast") });
      await requote(ctx, result.view, ctx.t("batch-expired-note", { minutes: PREVIEW_TTL_MS / 60_000 }));
      return;
    case "done":
      // a second tap, a redelivered update: nothing is placed again; the card as it is
      await showResult(ctx, result.view, ctx.t("batch-already-done"));
      return;
    default:
      await showResult(ctx, result.view);
  }
});

batchFeature.callbackQuery(BatchCard.cancel.pattern, async (ctx) => {
  const batchId = BatchCard.cancel.unpack(ctx.callbackQuery.data)!.batch;
  const outcome = await cancelBatch(ctx.deps, batchId, ctx.from?.id);
  if (outcome === "cancelled") {
    await showView(ctx, { text: ctx.t("batch-cancelled") }, { toast: ctx.t("batch-cancelled") });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t(outcome === "missing" ? "batch-unknown" : "batch-cannot-cancel") });
});

batchFeature.callbackQuery(BatchCard.again.pattern, async (ctx) => {
  const batchId = BatchCard.again.unpack(ctx.callbackQuery.data)!.batch;
  const view = await loadBatch(ctx.deps, batchId, ctx.from?.id);
  if (!view) {
    await ctx.answerCallbackQuery({ text: ctx.t("batch-unknown") });
    return;
  }
  if (view.state === "placing" || view.state === "done") {
    await ctx.answerCallbackQuery({ text: ctx.t("batch-cannot-cancel") });
    return;
  }
  // the old card's lines can no longer be placed: only the fresh one's
  if (view.state === "previewed") await cancelBatch(ctx.deps, batchId, ctx.from?.id);
  await requote(ctx, view);
});
