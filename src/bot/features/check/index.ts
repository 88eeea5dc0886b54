/**
 * /check <address> (also in groups), the Check/Refresh button (SharedButtons.checkAddress), and the deep
 * links /start check_<address> and /start buy_<address> that group and inline cards point to.
 * The address checker is public: no API key is needed. Inline mode ("@bot T…") is inline.ts.
 */
import { renderAndLogError } from "../../errors/reply.js";
import { Composer, InlineKeyboard, type Context } from "grammy";
import type { I18nFlavor } from "../../i18n.js";
import type { BotContext, DepsFlavor } from "../../context.js";
import type { AddressCheck } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { isTronAddress } from "../../../tron/address.js";
import { addressCheckKeyboard, invalidAddressText, renderAddressCheck, type CardPlace } from "./views.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { placeView, showView, type ShowOptions } from "../../ui/view.js";
import { openPrompt, type Prompt, type Question } from "../../flow/prompt.js";
import { showChatAction } from "../../ui/chat-action.js";
import type { PricedChoice } from "../../../orders/presets.js";
import { loadPresets } from "../../ui/preset-rows.js";
import { CheckStep } from "./callbacks.js";
import { addressByLabel, labelledAddress, leadingNamedAddress } from "../../../tron/address-names.js";
import type { FlowEntries } from "../../flow/registry.js";

type Ctx = Context & I18nFlavor & DepsFlavor;

const CHECK_PROMPT = "check-address";
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

/**
 * /check with no address in a private chat: asks for one, the user's saved addresses offered as
 * buttons (by name); the answer turns the question into the card. One question answered by the next
 * message: a prompt kept in the store (flow/prompt.ts), not a conversation, since /check is asked
 * often and a conversation's resume costs more than the check it waits for.
 */
const checkPrompt: Prompt = {
  id: CHECK_PROMPT,
  rules: () => ({ buttons: CheckStep.address.pattern }),
  async answer(ctx, reply, { messageId }) {
    // a typed line is read as a saved address's name, else by its first word (as /check <address> is)
    const saved = reply.kind === "text" && ctx.from ? await ctx.deps.store.recentAddresses.entries(ctx.from.id) : [];
    const input = reply.kind === "button" ? (CheckStep.address.unpack(reply.data)?.address ?? "") : (addressByLabel(saved, reply.text) ?? reply.text.split(/\s+/)[0] ?? "");
    if (!isTronAddress(input)) return { reason: invalidAddressText(input, ctx.t) };
    await placeView(ctx, checkMessage(ctx, input, await checkWithPresets(ctx, input)), { messageId });
    return undefined;
  },
};

/** The question: the user's saved addresses offered as buttons (by name). */
async function askForAddress(ctx: Ctx): Promise<Question> {
  const saved = ctx.from ? await ctx.deps.store.recentAddresses.entries(ctx.from.id) : [];
  const keyboard = new InlineKeyboard();
  for (const entry of saved.slice(0, 5)) keyboard.text(labelledAddress(entry), CheckStep.address.pack({ address: entry.address })).row();
  return { text: ctx.t("check-ask-address"), keyboard };
}

export const checkFeature = new Composer<BotContext>();

export const checkPrompts: readonly Prompt[] = [checkPrompt];

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
    return openPrompt(ctx, checkPrompt, { question: await askForAddress(ctx) });
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
