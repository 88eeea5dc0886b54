/**
 * /check <address> (also in groups), the Check/Refresh button (SharedButtons.checkAddress), and the deep
 * links /start check_<address> and /start buy_<address> that group and inline cards point to.
 * The address checker is public: no API key is needed. Inline mode ("@bot T…") is inline.ts.
 */
import { enterFlow } from "../../flow/enter.js";
import { renderAndLogError } from "../../errors/reply.js";
import { Composer, InlineKeyboard, type Context } from "grammy";
import type { I18nFlavor } from "../../i18n.js";
import type { BotContext, BotConversation, ConversationContext, DepsFlavor } from "../../context.js";
import type { AddressCheck } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { isTronAddress } from "../../../tron/address.js";
import { addressCheckKeyboard, invalidAddressText, renderAddressCheck, type CardPlace } from "./views.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep, type Parsed } from "../../flow/step.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { showChatAction } from "../../ui/chat-action.js";
import type { PricedChoice } from "../../../orders/presets.js";
import { loadPresets } from "../../ui/preset-rows.js";
import { CheckStep } from "./callbacks.js";
import { addressByLabel, labelledAddress, leadingNamedAddress } from "../../../tron/address-names.js";
import type { FlowEntries } from "../../flow/registry.js";
import { defineFlow } from "../../flow/define.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

const CHECK_CONVERSATION = "check-address";
const CHECK_BUTTON = SharedButtons.checkAddress.pattern;
const START_PAYLOAD = /^(buy|check)_(T\S*)$/;

export interface CheckOutcome {
  check?: AddressCheck;
  error?: unknown;
  at: number;
  /** The priced presets for the address (private chats only; empty without a key). */
  presets?: PricedChoice[];
  /** The name the user gave the address (private chats only). */
  label?: string;
}

async function fetchCheck(ctx: Ctx, address: string): Promise<{ check: AddressCheck; at: number }> {
  const check = await ctx.deps.marketplace.public.checkAddress(address);
  return { check, at: ctx.deps.now() };
}

/** Calls the checker; a failure is returned, not thrown, so one code path renders both. */
export async function runCheck(ctx: Ctx, address: string): Promise<CheckOutcome> {
  try {
    return await fetchCheck(ctx, address);
  } catch (error) {
    return { error, at: ctx.deps.now() };
  }
}

/** The check and, in a private chat, the priced presets for the address, asked at once. */
async function checkWithPresets(ctx: Ctx, address: string): Promise<CheckOutcome> {
  const wantsPresets = cardPlace(ctx) === "private" && ctx.from !== undefined;
  const [outcome, presets, saved] = await Promise.all([
    runCheck(ctx, address),
    wantsPresets ? loadPresets(ctx.deps, ctx.from.id, address) : [],
    wantsPresets ? ctx.deps.store.recentAddresses.get(ctx.from.id, address) : undefined,
  ]);
  return { ...outcome, presets, ...(saved?.label ? { label: saved.label } : {}) };
}

function cardPlace(ctx: Context): CardPlace {
  if (!ctx.chat) return "inline";
  return ctx.chat.type === "private" ? "private" : "group";
}

/** The card, or the error sentence with a Retry (and, in private, Buy) button. */
function checkMessage(ctx: Ctx, address: string, outcome: CheckOutcome): { text: string; keyboard?: InlineKeyboard } {
  const { t } = ctx.locale;
  const place = cardPlace(ctx);
  if (outcome.check) {
    return {
      text: renderAddressCheck(outcome.check, ctx.locale, outcome.at, outcome.label),
      keyboard: addressCheckKeyboard(address, ctx.locale, place, ctx.me.username, outcome.presets?.length ? outcome.presets : undefined),
    };
  }
  if (outcome.error instanceof MarketplaceError && outcome.error.isBadRequest) {
    return { text: invalidAddressText(address, t, { refusedByServer: true }) };
  }
  const rendered = renderAndLogError(ctx, outcome.error, { now: outcome.at, what: "address check failed" });
  const keyboard = rendered.keyboard ?? new InlineKeyboard();
  if (place === "private") keyboard.text(ctx.t("button-buy-energy"), SharedButtons.buyFor.pack({ address: address }));
  if (place !== "inline") keyboard.text(ctx.t("button-refresh"), SharedButtons.checkAddress.pack({ address: address }));
  return { text: rendered.text, keyboard };
}

async function replyWithCheck(ctx: Ctx, address: string): Promise<void> {
  if (!isTronAddress(address)) {
    await ctx.reply(invalidAddressText(address, ctx.t));
    return;
  }
  showChatAction(ctx, "typing");
  await showView(ctx, checkMessage(ctx, address, await checkWithPresets(ctx, address)), { asNew: true });
}

/** /check with no address in a private chat: asks for one in a flow message, which becomes the card. */
async function askForAddress(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const flow = new FlowMessage(conversation, ctx);
  // the user's saved addresses: the newest offered as buttons (by name), a typed name picks any
  const saved = await external(conversation, () => ctx.deps.store.recentAddresses.entries(userId));
  const keyboard = new InlineKeyboard();
  for (const entry of saved.slice(0, 5)) keyboard.text(labelledAddress(entry), CheckStep.address.pack({ address: entry.address })).row();
  // a typed line is read by its first word (as /check <address> is), or a saved address's name
  const take = (input: string, c: ConversationContext): Parsed<string> =>
    isTronAddress(input) ? { value: input } : { reason: invalidAddressText(input, c.t) };
  const { value: input, ctx: answered } = await runStep(flow, ctx, {
    question: ctx.t("check-ask-address"),
    keyboard,
    buttons: CheckStep.address.pattern,
    tap: (data, c) => take(CheckStep.address.unpack(data)?.address ?? "", c),
    text: (text, c) => take(addressByLabel(saved, text) ?? text.split(/\s+/)[0] ?? "", c),
  });
  // The calls and the clock are side effects: replayed from the log, never repeated. The check and
  // the priced presets are asked at once, as /check <address> asks them: one wait for the user, one
  // entry in the log. Errors must be thrown through external (not returned) to come back as
  // MarketplaceError; loadPresets never throws (no presets: the card offers plain Buy).
  let outcome: CheckOutcome;
  try {
    const [checked, presets] = await external(conversation, () => Promise.all([fetchCheck(answered, input), loadPresets(answered.deps, userId, input)]));
    outcome = { ...checked, presets };
  } catch (error) {
    outcome = { error, at: await external(conversation, () => answered.deps.now()) };
  }
  const label = saved.find((e) => e.address === input)?.label;
  if (label) outcome.label = label;
  const { text, keyboard: cardKeyboard } = checkMessage(answered, input, outcome);
  await flow.finish(answered, text, cardKeyboard);
}

export const checkFeature = new Composer<BotContext>();

export const checkFlows = [defineFlow(askForAddress, CHECK_CONVERSATION)];

checkFeature
  .command("start")
  .filter(
    (ctx) => START_PAYLOAD.test(ctx.match.trim()),
    (ctx) => replyWithCheck(ctx, START_PAYLOAD.exec(ctx.match.trim())?.[2] ?? ""),
  );

checkFeature.command("check", async (ctx) => {
  const line = ctx.match.trim();
  const input = line.split(/\s+/)[0] ?? "";
  if (input && !isTronAddress(input) && ctx.from) {
    // the name of one of the sender's saved addresses (quoted or not) stands for it
    const named = leadingNamedAddress(await ctx.deps.store.recentAddresses.entries(ctx.from.id), line);
    if (named) return replyWithCheck(ctx, named.address);
  }
  if (input) {
    await replyWithCheck(ctx, input);
    // not an address nor a name: in private the address is asked, with the saved ones as buttons
    if (isTronAddress(input) || ctx.chat.type !== "private") return;
  }
  if (ctx.chat.type === "private") {
    return enterFlow(ctx, CHECK_CONVERSATION);
  }
  await ctx.reply(ctx.t("check-usage"));
});

/** The check card of an address (with priced presets in private): in place of a tapped message, or `asNew` (e.g. /addresses → Check). */
export async function showAddressCheck(ctx: Ctx, address: string, options: ShowOptions = {}): Promise<void> {
  await showView(ctx, checkMessage(ctx, address, await checkWithPresets(ctx, address)), options);
}

/** What this feature offers the others, by id (flow/registry.ts). */
export const checkEntries = { "show-address-check": showAddressCheck } satisfies Partial<FlowEntries>;

checkFeature.callbackQuery(CHECK_BUTTON, async (ctx) => {
  const address = SharedButtons.checkAddress.unpack(ctx.callbackQuery.data)?.address ?? "";
  if (!isTronAddress(address)) {
    await ctx.answerCallbackQuery({ text: ctx.t("check-button-invalid") });
    return;
  }
  await showAddressCheck(ctx, address);
});
