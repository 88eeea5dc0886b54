/**
 * Buying energy and bandwidth: /buy (step by step in one message, or `/buy energy <address> <volume>
 * <duration>` straight to the preview), the shared entry buttons (buy, buy.for:<address>), and the
 * preview card's Confirm, Change (pick a step to answer again), Cancel and Try again / Refresh.
 * /cancel also cancels the chat's open previews (cancelOpenPreviews).
 */
import { enterFlow } from "../../flow/enter.js";
import { Composer, GrammyError } from "grammy";
import { createConversation } from "@grammyjs/conversations";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import type { OrderOptions } from "../../../marketplace/index.js";
import type { IntentState, OrderIntentRow } from "../../../store/orders.js";
import { isTronAddress } from "../../../tron/address.js";
import { NoApiKeyError, withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { code, escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { showView } from "../../ui/view.js";
import { answersOf, checkVolume, matchDuration, parseBuyArgs, requestOfIntent, resourceOptions, type BuyAnswers } from "../../../orders/request.js";
import { BUY_CONVERSATION, buyConversation, type BuyFlowArgs } from "./flow.js";
import { BuyCard, isBuyStep } from "./callbacks.js";
import { confirmIntent } from "./confirm.js";
import { requoteInPlace, sendPreviewCard } from "./preview.js";
import { renderStepPicker } from "./views.js";

export const buyFeature = new Composer<BotContext>();

export const buyFlows = [
  createConversation<BotContext, ConversationContext>(
    (conversation: BotConversation, ctx: ConversationContext, args?: BuyFlowArgs) => buyConversation(conversation, ctx, args),
    BUY_CONVERSATION,
  ),
];

async function startFlow(ctx: BotContext, args: BuyFlowArgs): Promise<void> {
  if (!ctx.from || !ctx.deps.store.apiKeys.getDefault(ctx.from.id)) {
    await replyWithError(ctx, new NoApiKeyError());
    return;
  }
  // A new /buy (or a buy button) replaces whatever flow was going on.
  await enterFlow(ctx, BUY_CONVERSATION, args);
}

/** The user's intent behind a card button, or an answer saying the button is no longer valid. */
async function ownIntent(ctx: BotContext, intentId: string): Promise<OrderIntentRow | undefined> {
  const intent = ctx.deps.store.orders.get(intentId);
  if (intent && intent.userId === ctx.from?.id) return intent;
  await ctx.answerCallbackQuery({ text: ctx.t("buy-intent-unknown") });
  return undefined;
}

/** Says why a card that has moved on cannot be changed, cancelled or re-quoted. */
async function answerSettled(ctx: BotContext, state: IntentState): Promise<void> {
  const key = {
    placed: "buy-already-placed",
    placing: "buy-still-placing",
    rejected: "buy-intent-rejected",
    cancelled: "buy-intent-cancelled",
    previewed: "buy-intent-unknown",
  }[state];
  await ctx.answerCallbackQuery({ text: ctx.t(key) });
}

/** `/buy energy <address> <volume> <duration>`: every part checked against /orders/options. */
async function oneLiner(ctx: BotContext, text: string): Promise<void> {
  const args = parseBuyArgs(text);
  switch (args.kind) {
    case "empty":
      await startFlow(ctx, {});
      return;
    case "bad_resource":
      await ctx.reply(ctx.t("buy-resource-unknown", { value: escapeHtml(args.word.slice(0, 32)) }));
      return;
    case "bad_address":
      await ctx.reply(ctx.t("buy-address-invalid", { text: escapeHtml(args.text.slice(0, 64)) }));
      return;
    default:
      break;
  }
  if (!ctx.from) return;
  const userId = ctx.from.id;
  let options: OrderOptions;
  try {
    options = await withUserClient(ctx.deps, userId, (client) => client.orderOptions());
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const resource = args.kind === "full" ? args.resource : args.given.resource!;
  const limits = resourceOptions(options, resource);
  if (!limits) {
    await ctx.reply(ctx.t("buy-resource-unavailable", { resource }));
    return;
  }
  const volumeText = args.volumeText;
  let volume: bigint | undefined;
  if (volumeText !== undefined) {
    const checked = checkVolume(volumeText, limits);
    if (!checked.ok) {
      const range = { min: ctx.fmt.volume(limits.minVolume), max: ctx.fmt.volume(limits.maxVolume) };
      await ctx.reply(
        checked.reason === "unreadable"
          ? ctx.t("buy-volume-unreadable", { text: escapeHtml(volumeText.slice(0, 64)) })
          : ctx.t("buy-volume-out-of-range", { volume: ctx.fmt.volume(checked.volume), ...range }),
      );
      return;
    }
    volume = checked.volume;
  }
  if (args.kind === "partial") {
    const given: BuyAnswers = { ...args.given, ...(volume !== undefined ? { volume: volume.toString() } : {}) };
    await startFlow(ctx, { given });
    return;
  }
  const duration = matchDuration(args.durationText, limits.durations);
  if (duration === undefined) {
    await ctx.reply(
      ctx.t("buy-duration-unknown", {
        value: escapeHtml(args.durationText.slice(0, 32)),
        allowed: limits.durations.map((d) => `${code(d)} (${ctx.fmt.duration(d, (k, v) => ctx.t(k, v))})`).join(", "),
      }),
    );
    return;
  }
  await ctx.conversation.exitAll();
  await sendPreviewCard(ctx, { resource, address: args.address, volume: volume!, duration });
}

buyFeature.command("buy", async (ctx) => {
  await oneLiner(ctx, ctx.match);
});

buyFeature.callbackQuery(SharedButtons.buyEnergy.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await startFlow(ctx, {});
});

buyFeature.callbackQuery(SharedButtons.buyFor.pattern, async (ctx) => {
  const { address } = SharedButtons.buyFor.unpack(ctx.callbackQuery.data)!;
  if (!isTronAddress(address)) {
    await ctx.answerCallbackQuery({ text: ctx.t("fallback-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await startFlow(ctx, { given: { address } });
});

buyFeature.callbackQuery(BuyCard.confirm.pattern, async (ctx) => {
  await confirmIntent(ctx, BuyCard.confirm.unpack(ctx.callbackQuery.data)!.intent);
});

buyFeature.callbackQuery(BuyCard.cancel.pattern, async (ctx) => {
  const intent = await ownIntent(ctx, BuyCard.cancel.unpack(ctx.callbackQuery.data)!.intent);
  if (!intent) return;
  if (!ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, ctx.deps.store.orders.get(intent.intentId)!.state as IntentState);
    return;
  }
  await showView(ctx, { text: ctx.t("buy-cancelled") }, { toast: ctx.t("buy-cancelled") });
});

/** Change: which answer to change. The card stays `previewed` until a step is picked. */
buyFeature.callbackQuery(BuyCard.change.pattern, async (ctx) => {
  const intent = await ownIntent(ctx, BuyCard.change.unpack(ctx.callbackQuery.data)!.intent);
  if (!intent) return;
  if (intent.state !== "previewed") {
    await answerSettled(ctx, intent.state as IntentState);
    return;
  }
  await showView(ctx, renderStepPicker(intent.intentId, (k, v) => ctx.t(k, v)));
});

/** A step picked: the card's intent is cancelled and the flow asks that step only, in the card's message. */
buyFeature.callbackQuery(BuyCard.changeStep.pattern, async (ctx) => {
  const { intent: intentId, step } = BuyCard.changeStep.unpack(ctx.callbackQuery.data)!;
  const intent = await ownIntent(ctx, intentId);
  if (!intent || !isBuyStep(step)) return;
  if (!ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, ctx.deps.store.orders.get(intent.intentId)!.state as IntentState);
    return;
  }
  const previous = answersOf(requestOfIntent(intent));
  const given: BuyAnswers = { ...previous };
  delete given[step];
  await ctx.answerCallbackQuery();
  await startFlow(ctx, { given, previous, inPlace: true });
});

/** A fresh preview (new intent, new Idempotency-Key) for the same request, in place of the card. */
buyFeature.callbackQuery(BuyCard.again.pattern, async (ctx) => {
  const intent = await ownIntent(ctx, BuyCard.again.unpack(ctx.callbackQuery.data)!.intent);
  if (!intent) return;
  const state = intent.state as IntentState;
  // A `placing` intent may have placed an order: only its own key may be sent again (Confirm).
  if (state === "placing" || state === "placed") {
    await answerSettled(ctx, state);
    return;
  }
  if (state === "previewed") ctx.deps.store.orders.markCancelled(intent.intentId);
  await requoteInPlace(ctx, intent);
});

/**
 * /cancel: the open previews of this chat's user are cancelled (their Confirm then places nothing)
 * and their cards say so. Returns how many there were.
 */
export async function cancelOpenPreviews(ctx: BotContext): Promise<number> {
  if (!ctx.from || !ctx.chat) return 0;
  const cancelled = ctx.deps.store.orders.cancelPreviewed(ctx.chat.id, ctx.from.id);
  for (const intent of cancelled) {
    if (intent.messageId === null) continue;
    try {
      await ctx.api.editMessageText(intent.chatId, intent.messageId, ctx.t("buy-cancelled"));
    } catch (err) {
      // a card too old to edit, or deleted: its Confirm answers "cancelled" all the same
      if (!(err instanceof GrammyError)) throw err;
    }
  }
  return cancelled.length;
}
