/**
 * Buying energy and bandwidth: /buy (step by step, or `/buy energy <address> <volume> <duration>`
 * straight to the preview), the entry buttons `buy:start` and `buy:a:<address>`, and the preview
 * card's Confirm, Change, Cancel and Try again.
 */
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import type { OrderOptions } from "../../../marketplace/index.js";
import type { IntentState, OrderIntentRow } from "../../../store/orders.js";
import { isTronAddress } from "../../../tron/address.js";
import { NoApiKeyError, withUserClient } from "../../marketplace-access.js";
import { replyWithError } from "../../reply-error.js";
import { code, escapeHtml } from "../../../format/html.js";
import { BUY_CONVERSATION, buyConversation, type BuyFlowArgs } from "./flow.js";
import { BuyPattern } from "./callbacks.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { confirmIntent, editCard } from "./confirm.js";
import { requoteInPlace, runNow, sendPreviewCard } from "./preview.js";
import { answersOf, checkVolume, matchDuration, parseBuyArgs, requestOfIntent, resourceOptions, type BuyAnswers } from "../../../orders/request.js";
import { Composer } from "grammy";
import { createConversation } from "@grammyjs/conversations";

export const buyFeature = new Composer<BotContext>();

buyFeature.use(createConversation<BotContext, ConversationContext>(
  (conversation: BotConversation, ctx: ConversationContext, args?: BuyFlowArgs) => buyConversation(conversation, ctx, args),
  BUY_CONVERSATION,
));

async function startFlow(ctx: BotContext, args: BuyFlowArgs): Promise<void> {
  if (!ctx.from || !ctx.deps.store.apiKeys.getDefault(ctx.from.id)) {
    await replyWithError(ctx, new NoApiKeyError());
    return;
  }
  // A new /buy (or a buy button) replaces whatever flow was going on.
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(BUY_CONVERSATION, args);
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
  await sendPreviewCard(ctx, { resource, address: args.address, volume: volume!, duration }, runNow);
}

buyFeature.command("buy", async (ctx) => {
  await oneLiner(ctx, ctx.match);
});

buyFeature.callbackQuery(SharedButtons.buyEnergy.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await startFlow(ctx, {});
});

buyFeature.callbackQuery(SharedButtons.buyFor.pattern, async (ctx) => {
  const address = ctx.match[1]!;
  if (!isTronAddress(address)) {
    await ctx.answerCallbackQuery({ text: ctx.t("fallback-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await startFlow(ctx, { given: { address } });
});

buyFeature.callbackQuery(BuyPattern.confirm, async (ctx) => {
  await confirmIntent(ctx, ctx.match[1]!);
});

buyFeature.callbackQuery(BuyPattern.cancel, async (ctx) => {
  const intent = await ownIntent(ctx, ctx.match[1]!);
  if (!intent) return;
  if (!ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, ctx.deps.store.orders.get(intent.intentId)!.state as IntentState);
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("buy-cancelled") });
  await editCard(ctx, intent, ctx.t("buy-cancelled"));
});

buyFeature.callbackQuery(BuyPattern.change, async (ctx) => {
  const intent = await ownIntent(ctx, ctx.match[1]!);
  if (!intent) return;
  if (!ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, ctx.deps.store.orders.get(intent.intentId)!.state as IntentState);
    return;
  }
  await ctx.answerCallbackQuery();
  await startFlow(ctx, { previous: answersOf(requestOfIntent(intent)), inPlace: true });
});

/** A fresh preview (new intent, new Idempotency-Key) for the same request, in place of the card. */
buyFeature.callbackQuery(BuyPattern.again, async (ctx) => {
  const intent = await ownIntent(ctx, ctx.match[1]!);
  if (!intent) return;
  const state = intent.state as IntentState;
  // A `placing` intent may have placed an order: only its own key may be sent again (Confirm).
  if (state === "placing" || state === "placed") {
    await answerSettled(ctx, state);
    return;
  }
  if (state === "previewed") ctx.deps.store.orders.markCancelled(intent.intentId);
  await ctx.answerCallbackQuery();
  await requoteInPlace(ctx, intent);
});
