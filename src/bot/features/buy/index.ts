/**
 * Buying energy and bandwidth: /buy (step by step in one message, or a one-liner straight to the
 * preview, see one-liner.ts), the shared entry buttons (buy, buy.for:<address>, a priced preset,
 * Buy again), and the preview card's Confirm, Change (pick a step to answer again), Cancel and
 * Try again / Refresh.
 * /cancel also cancels the chat's open previews (cancelOpenPreviews).
 * What the other features start here (enter the flow, Buy again, a remembered line, /cancel's
 * previews) they reach through the registry of flows: `buyEntries`.
 */
import { leaveOpenFlows } from "../../flow/enter.js";
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Order } from "../../../marketplace/index.js";
import type { IntentState, OrderIntentRow } from "../../../store/orders.js";
import { isTronAddress } from "../../../tron/address.js";
import { NoApiKeyError, withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { code, escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { showView } from "../../ui/view.js";
import { sayInCards } from "../../ui/cancelled-cards.js";
import { answersOf, checkVolume, parseResource, requestOfIntent, resourceOptions, type BuyAnswers, type BuyRequest } from "../../../orders/request.js";
import { runOneLiner } from "./one-liner.js";
import { BUY_FLOW, startBuyFlow, type BuyFlowArgs } from "./flow.js";
import { BuyCard, isBuyStep } from "./callbacks.js";
import { confirmIntent } from "./confirm.js";
import { requoteInPlace, sendPreviewCard } from "./preview.js";
import { renderStepPicker } from "./views.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";
import type { FlowEntries, GatedStart } from "../../flow/registry.js";
import { takePendingBuy } from "./pending.js";
import { signature } from "../../../orders/team-desk.js";

export const buyFeature = new Composer<BotContext>();

/** The entry to the buy flow (also for other features, through the registry: /addresses → Buy, with the address given). */
export async function enterBuy(ctx: BotContext, args: BuyFlowArgs): Promise<void> {
  if (!ctx.from || !(await ctx.deps.store.apiKeys.getDefault(ctx.from.id))) {
    await replyWithError(ctx, new NoApiKeyError());
    return;
  }
  // a default key known unable to buy says so now, not at Confirm (picking another key resumes with
  // the answers, in a message of its own: not in place of the card that was being changed)
  if (!(await defaultKeyMay(ctx, "orders", BUY_FLOW, { given: args.given, previous: args.previous } satisfies BuyFlowArgs))) return;
  await startBuyFlow(ctx, args);
}

/**
 * A team desk's /buy in its group (features/team checked that the speaker administers it): the
 * same flow with the desk's key, signed by the speaker. The key's owner's default key is not
 * involved, nor the speaker's own keys.
 */
export async function enterDeskBuy(ctx: BotContext, desk: { ownerId: number; keyId: number }): Promise<void> {
  if (!ctx.from) return;
  await startBuyFlow(ctx, { desk: { ...desk, by: signature(ctx.from) } });
}

/** A team desk's one-line /buy in its group (checked by features/team): the same card, with the desk's key, signed by the speaker. */
export async function sendDeskPreview(ctx: BotContext, desk: { ownerId: number; keyId: number }, request: BuyRequest): Promise<void> {
  if (!ctx.from) return;
  await sendPreviewCard(ctx, request, { ...desk, by: signature(ctx.from) });
}

/** The user's intent behind a card button, or an answer saying the button is no longer valid. */
async function ownIntent(ctx: BotContext, intentId: string): Promise<OrderIntentRow | undefined> {
  const intent = await ctx.deps.store.orders.get(intentId);
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

buyFeature.command("buy", async (ctx) => {
  // the key's access level is checked where the one-liner enters the flow or shows a preview, with its answers
  await runOneLiner(ctx, ctx.match, enterBuy);
});

/**
 * A one-liner remembered before the user had a key (pending.ts, taken by the key's submission), run
 * now that a key was added: its preview, or the flow for what it left to ask.
 */
export async function resumePendingBuy(ctx: BotContext, text: string): Promise<void> {
  await ctx.reply(ctx.t("buy-pending-resumed", { command: code(escapeHtml(`/buy ${text}`)) }));
  await runOneLiner(ctx, text, enterBuy);
}

/** A preset from an address card: the preview at once when it still fits today's options, else the flow for that address. */
buyFeature.callbackQuery(SharedButtons.buyPreset.pattern, async (ctx) => {
  const { address, volume, duration } = SharedButtons.buyPreset.unpack(ctx.callbackQuery.data)!;
  if (!isTronAddress(address)) {
    await ctx.answerCallbackQuery({ text: ctx.t("fallback-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await previewOrAsk(ctx, { resource: "energy", address, volume, duration });
});

/** Buy again (fill notice, a settled card): the order's address, volume and duration, to a fresh preview. */
buyFeature.callbackQuery(SharedButtons.buyAgain.pattern, async (ctx) => {
  await buyAgain(ctx, SharedButtons.buyAgain.unpack(ctx.callbackQuery.data)!.order);
});

/** Buy again (also the order card's menu button): a fresh preview as a new message, the card stays. */
export async function buyAgain(ctx: BotContext, orderId: string): Promise<void> {
  if (!ctx.from) return;
  let order: Order;
  try {
    order = await withUserClient(ctx.deps, ctx.from.id, (client) => client.getOrder(orderId));
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  await ctx.answerCallbackQuery();
  const resource = parseResource(order.resource);
  if (!resource) {
    await enterBuy(ctx, { given: { address: order.targetAddress } });
    return;
  }
  await previewOrAsk(ctx, { resource, address: order.targetAddress, volume: order.volume, duration: order.duration });
}

/** The preview card for `request` as a new message, or the flow when a part is no longer on offer. */
async function previewOrAsk(ctx: BotContext, request: BuyRequest): Promise<void> {
  if (!ctx.from || !(await ctx.deps.store.apiKeys.getDefault(ctx.from.id))) {
    await replyWithError(ctx, new NoApiKeyError());
    return;
  }
  let limits;
  try {
    limits = resourceOptions(await withUserClient(ctx.deps, ctx.from.id, (client) => client.orderOptions()), request.resource);
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const volumeFits = limits !== undefined && checkVolume(request.volume, limits).ok;
  if (!volumeFits || !limits?.durations.includes(request.duration)) {
    const given: BuyAnswers = { resource: request.resource, address: request.address, ...(volumeFits ? { volume: request.volume.toString() } : {}) };
    await enterBuy(ctx, { given });
    return;
  }
  await leaveOpenFlows(ctx);
  await sendPreviewCard(ctx, request);
}

// "⚡ Buy energy" (start, balance, stats, orders, notices): straight to energy, never "Energy or Bandwidth?"
buyFeature.callbackQuery(SharedButtons.buyEnergy.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await enterBuy(ctx, { given: { resource: "energy" } });
});

buyFeature.callbackQuery(SharedButtons.buyFor.pattern, async (ctx) => {
  const { address } = SharedButtons.buyFor.unpack(ctx.callbackQuery.data)!;
  if (!isTronAddress(address)) {
    await ctx.answerCallbackQuery({ text: ctx.t("fallback-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  // the button says "⚡ Buy energy": energy, not "Energy or Bandwidth?"
  await enterBuy(ctx, { given: { resource: "energy", address } });
});

buyFeature.callbackQuery(SharedButtons.buyResourceFor.pattern, async (ctx) => {
  const values = SharedButtons.buyResourceFor.unpack(ctx.callbackQuery.data)!;
  const resource = parseResource(values.resource);
  if (!isTronAddress(values.address) || !resource) {
    await ctx.answerCallbackQuery({ text: ctx.t("fallback-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await enterBuy(ctx, { given: { resource, address: values.address } });
});

buyFeature.callbackQuery(BuyCard.confirm.pattern, async (ctx) => {
  await confirmIntent(ctx, BuyCard.confirm.unpack(ctx.callbackQuery.data)!.intent);
});

// The key's monthly budget is reached: the user places this one order anyway (confirm.ts).
buyFeature.callbackQuery(BuyCard.overrideBudget.pattern, async (ctx) => {
  await confirmIntent(ctx, BuyCard.overrideBudget.unpack(ctx.callbackQuery.data)!.intent, { overrideBudget: true });
});

buyFeature.callbackQuery(BuyCard.cancel.pattern, async (ctx) => {
  const intent = await ownIntent(ctx, BuyCard.cancel.unpack(ctx.callbackQuery.data)!.intent);
  if (!intent) return;
  if (!await ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, (await ctx.deps.store.orders.get(intent.intentId))!.state as IntentState);
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
  await showView(ctx, renderStepPicker(intent.intentId, ctx.t));
});

/** A step picked: the card's intent is cancelled and the flow asks that step only, in the card's message. */
buyFeature.callbackQuery(BuyCard.changeStep.pattern, async (ctx) => {
  const { intent: intentId, step } = BuyCard.changeStep.unpack(ctx.callbackQuery.data)!;
  const intent = await ownIntent(ctx, intentId);
  if (!intent || !isBuyStep(step)) return;
  const previous = answersOf(requestOfIntent(intent));
  const given: BuyAnswers = { ...previous };
  delete given[step];
  // checked before the card is cancelled: a refused change leaves the card as it was
  if (!(await defaultKeyMay(ctx, "orders", BUY_FLOW, { given, previous } satisfies BuyFlowArgs))) return;
  if (!await ctx.deps.store.orders.markCancelled(intent.intentId)) {
    await answerSettled(ctx, (await ctx.deps.store.orders.get(intent.intentId))!.state as IntentState);
    return;
  }
  await ctx.answerCallbackQuery();
  await enterBuy(ctx, { given, previous, inPlace: true });
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
  if (state === "previewed") await ctx.deps.store.orders.markCancelled(intent.intentId);
  await requoteInPlace(ctx, intent);
});

/**
 * /cancel: the open previews of this chat's user are cancelled (their Confirm then places nothing)
 * and their cards say so. Returns how many there were.
 */
export async function cancelOpenPreviews(ctx: BotContext): Promise<number> {
  if (!ctx.from || !ctx.chat) return 0;
  const cancelled = await ctx.deps.store.orders.cancelPreviewed(ctx.chat.id, ctx.from.id);
  await sayInCards(ctx, cancelled, ctx.t("buy-cancelled"));
  return cancelled.length;
}

/** The buy flow started again by a key picked on the scope gate's offer (flow/registry.ts), with the answers it had. */
export const buyGated: Record<string, GatedStart> = { [BUY_FLOW]: (ctx, args) => startBuyFlow(ctx, args as BuyFlowArgs | undefined) };

export { buyPrompts } from "./flow.js";

/** What this feature offers the others, by id (flow/registry.ts). */
export const buyEntries = {
  "enter-buy": (ctx, given) => enterBuy(ctx, { given }),
  "enter-desk-buy": enterDeskBuy,
  "send-desk-preview": sendDeskPreview,
  "buy-again": buyAgain,
  "take-pending-buy": takePendingBuy,
  "resume-pending-buy": resumePendingBuy,
  "cancel-open-previews": cancelOpenPreviews,
} satisfies Partial<FlowEntries>;
