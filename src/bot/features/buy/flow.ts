/**
 * /buy step by step, in ONE message: resource → target address → volume → duration, then the
 * preview card in that same message. A prompt kept in the store (flow/prompt.ts), not a
 * conversation: each answer is read against the step the state says is asked, and the next step
 * is worked out from the answers so far, so an answer costs what its own calls cost. The card's
 * Confirm, Change and Cancel are plain handlers (index.ts), so they work after restarts too.
 * Steps already answered (`given`) are skipped; Change passes every answer but the one to change
 * as `given` and all of them as `previous`, whose choice is marked ✓ on the step asked again.
 * A kept answer that no longer fits (a volume or duration after the resource changed) is asked again.
 * In a team desk's group (`desk`): the desk's key (the owner's), only the administrator who started
 * it answers (everyone else's messages pass the flow by, and their taps on its buttons are told it
 * is not theirs), no saved addresses are offered,
 * and the card is signed and carries the desk's Confirm (features/team checks the tapper and the
 * desk's maximum there).
 */
import { InlineKeyboard } from "grammy";
import type { AddressCheck, ResourceOptions } from "../../../marketplace/index.js";
import type { BotContext } from "../../context.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { clipped, code } from "../../../format/html.js";
import { shortAddress } from "../../../tron/address.js";
import { placeView, type View } from "../../ui/view.js";
import { leaveOpenFlows } from "../../flow/enter.js";
import { openPrompt, type Prompt, type PromptOutcome, type PromptReply, type Question } from "../../flow/prompt.js";
import type { Answering, Parsed } from "../../flow/step.js";
import { addressAnswers, durationAnswers, volumeAnswers, type VolumeAnswer } from "../../flow/steps.js";
import { checkVolume, matchDuration, parseResource, resourceOptions, RESOURCES, typedVolumeExamples, volumePresets, type BuyAnswers, type Resource } from "../../../orders/request.js";
import { BuyStep, type BuyStepName } from "./callbacks.js";
import { addPresetRows, loadPresets } from "../../ui/preset-rows.js";
import { defaultDuration, type PricedChoice } from "../../../orders/presets.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { quote, type DeskKey, type QuotedCard } from "./preview.js";
import { offeredAddresses } from "../../../tron/address-names.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { addressKeyboard, addressNote, resourceKeyboard, volumeKeyboard } from "./views.js";
import { resourceLabel } from "../../../orders/card.js";
import { durationChoiceKeyboard } from "../../ui/order-steps.js";

export const BUY_FLOW = "buy";

/** The volume step takes a plain volume or a priced preset (volume and duration). */
const VOLUME_BUTTONS = new RegExp(`${BuyStep.volume.pattern.source}|${BuyStep.preset.pattern.source}`);

export interface BuyFlowArgs {
  /** Answers already given: their steps are skipped. */
  given?: BuyAnswers;
  /** The answers of the card being changed, marked on the step asked again. */
  previous?: BuyAnswers;
  /** The flow takes over the message whose button started it (the card, for Change). */
  inPlace?: boolean;
  /** A volume given without a duration takes the default duration (the one-liner's `/buy <address> <n>`). */
  defaultDuration?: boolean;
  /** A team desk's group: its key, and who started the flow (the only one whose answers count). */
  desk?: DeskKey;
}

/** A resource's limits as /orders/options gave them when the flow started, JSON-safe (volumes as decimal strings). */
interface StoredLimits {
  durations: string[];
  unit: string;
  minVolume: string;
  maxVolume: string;
}

/** What the store keeps between the steps (flow/prompt.ts: the prompt's state, JSON). */
interface BuyState {
  /** The answers so far: given ones, then the ones answered. */
  answers: BuyAnswers;
  previous: BuyAnswers;
  desk?: DeskKey;
  /** The resources on offer and their limits, read once when the flow started. */
  limits: Partial<Record<Resource, StoredLimits>>;
  /** The step asked now. */
  step: BuyStepName;
  /** The given volume and duration were checked against the resource's limits (once it was known). */
  checked?: true;
  /** Why a given answer was not kept, said above its step. */
  reasons?: { volume?: string; duration?: string };
  /** What the address has now was shown (once, above the step after the address). */
  noted?: true;
  defaultDuration?: true;
}

const limitsOf = (state: BuyState, resource: Resource): ResourceOptions | undefined => {
  const stored = state.limits[resource];
  return stored && { resource, durations: stored.durations, unit: BigInt(stored.unit), minVolume: BigInt(stored.minVolume), maxVolume: BigInt(stored.maxVolume) };
};

/** Whose key: the user's default, or the desk's. */
const keyOwner = (ctx: BotContext, state: BuyState): number => state.desk?.ownerId ?? ctx.from!.id;

/** The flow's last view in its message (a new one when the flow has none yet): the card, or why it stopped. */
async function end(ctx: BotContext, messageId: number | undefined, view: View): Promise<number | undefined> {
  if (messageId === undefined) return (await placeView(ctx, view, { asNew: true })).messageId;
  // an edit says "no buttons" outright, where the view has none (the step's buttons go)
  return (await placeView(ctx, { text: view.text, keyboard: view.keyboard ?? InlineKeyboard.from([]) }, { messageId })).messageId;
}

const endWithError = (ctx: BotContext, messageId: number | undefined, err: unknown) => end(ctx, messageId, renderAndLogError(ctx, err));

/**
 * Starts the flow (the entries in index.ts checked the key): the options read, then the first step
 * not given, asked in a new message or in the tapped card (`inPlace`).
 */
export async function startBuyFlow(ctx: BotContext, args: BuyFlowArgs = {}): Promise<void> {
  if (ctx.from === undefined || !ctx.chat) return;
  // a new /buy (or a buy button) replaces whatever flow was going on
  await leaveOpenFlows(ctx);
  const messageId = args.inPlace ? ctx.callbackQuery?.message?.message_id : undefined;
  const state: BuyState = { answers: { ...args.given }, previous: args.previous ?? {}, limits: {}, step: "resource" };
  if (args.desk) state.desk = args.desk;
  if (args.defaultDuration) state.defaultDuration = true;
  try {
    const options = await withUserClient(ctx.deps, keyOwner(ctx, state), (client) => client.orderOptions(), args.desk ? { keyId: args.desk.keyId } : {});
    for (const resource of RESOURCES) {
      const limits = resourceOptions(options, resource);
      if (limits) state.limits[resource] = { durations: limits.durations, unit: String(limits.unit), minVolume: String(limits.minVolume), maxVolume: String(limits.maxVolume) };
    }
  } catch (err) {
    await endWithError(ctx, messageId, err);
    return;
  }
  const first = await advance(ctx, state, messageId);
  // (in a desk's group, only the administrator who started it answers: openPrompt's default there)
  if (first) await openPrompt(ctx, buyPrompt, { question: first.next, state: first.state, messageId });
}

/**
 * The next step not answered yet, with the state it is asked in; or, when every answer is in, the
 * preview card shown in the flow's message (or why there is none) and nothing.
 */
async function advance(ctx: BotContext, answered: BuyState, messageId: number | undefined): Promise<{ next: Question; state: BuyState } | undefined> {
  const { t } = ctx;
  const { previous } = answered;
  let state = answered;
  const ask = (step: BuyStepName, question: Question, asked: BuyState = state) => ({ next: question, state: { ...asked, step } });

  // ── Resource ──
  const resource = state.answers.resource;
  if (!resource) {
    const offered = RESOURCES.filter((r) => state.limits[r]);
    return ask("resource", { text: t("buy-ask-resource"), keyboard: resourceKeyboard(offered, previous, t) });
  }
  const limits = limitsOf(state, resource);
  const label = resourceLabel(resource, t);
  if (!limits || limits.durations.length === 0) {
    await end(ctx, messageId, { text: t("buy-resource-unavailable", { resource: label }) });
    return undefined;
  }
  if (!state.checked) state = checkGiven(ctx, state, resource, limits);

  // ── Address ──
  const address = state.answers.address;
  if (!address) {
    // every saved address (a typed label names one), the newest offered as buttons
    // (none in a desk's group: the owner's address book is not shown there)
    const saved = state.desk ? [] : await ctx.deps.store.recentAddresses.entries(ctx.from!.id);
    const choices = offeredAddresses(saved, previous.address, 5).map((e) => e.address);
    const keyboard = addressKeyboard(choices, previous, saved);
    // energy for several addresses at once: /batch, in this message (the batch feature answers the button)
    if (resource === "energy" && !state.desk) keyboard.text(t("batch-button-several"), SharedButtons.batch.pack()).row();
    return ask("address", { text: t(choices.length ? "buy-ask-address-recent" : "buy-ask-address", { resource: label }), keyboard });
  }

  // ── Volume (energy: priced USDT-transfer presets, which answer the duration too) ──
  if (state.answers.volume === undefined) {
    // What the address has now, shown once above the next question, asked together with the
    // presets' prices: one round trip to the marketplace, not two.
    const [check, priced] = await Promise.all([
      state.noted ? null : ctx.deps.marketplace.public.checkAddress(address).catch(() => null),
      loadPresets(ctx.deps, keyOwner(ctx, state), address, resource, state.desk?.keyId),
    ]);
    return ask("volume", ...withNote(ctx, state, volumeQuestion(ctx, state, resource, address, limits, priced), address, check, state.reasons?.volume));
  }

  // ── Duration ──
  const volume = BigInt(state.answers.volume);
  const duration = state.answers.duration;
  if (duration === undefined) {
    const check = state.noted ? null : await ctx.deps.marketplace.public.checkAddress(address).catch(() => null);
    const text = t("buy-ask-duration", { resource: label, volume: code(ctx.fmt.volume(volume)), address: code(shortAddress(address)) });
    const keyboard = durationChoiceKeyboard(limits.durations, previous.duration, ctx.locale, (index) => BuyStep.duration.pack({ index }));
    return ask("duration", ...withNote(ctx, state, { text, keyboard }, address, check, state.reasons?.duration));
  }

  // ── The preview card, in the flow's message ──
  let card: QuotedCard;
  try {
    card = await quote(ctx, { resource, address, volume, duration }, undefined, state.desk);
  } catch (err) {
    await endWithError(ctx, messageId, err);
    return undefined;
  }
  const shownIn = await end(ctx, messageId, card);
  if (shownIn !== undefined) await ctx.deps.store.orders.setMessageId(card.intentId, shownIn);
  return undefined;
}

/**
 * The given volume and duration, checked once the resource's limits are known: one that does not
 * fit is dropped, and why is said above its step (never dropped silently); a duration as typed
 * ("1 day" for 1d) is matched like a typed answer; the one-liner's volume without a duration takes
 * the default duration.
 */
function checkGiven(ctx: BotContext, unchecked: BuyState, resource: Resource, limits: ResourceOptions): BuyState {
  const { t, fmt } = ctx;
  const answers = { ...unchecked.answers };
  const state: BuyState = { ...unchecked, answers, checked: true };
  const reasons: NonNullable<BuyState["reasons"]> = {};
  if (answers.volume !== undefined) {
    const given = checkVolume(BigInt(answers.volume), limits);
    if (!given.ok) {
      delete answers.volume;
      if (given.reason === "out_of_range") reasons.volume = t("buy-volume-out-of-range", { volume: fmt.volume(given.volume), ...volumeWords(ctx, resource, limits).range });
    }
  }
  if (answers.duration !== undefined) {
    const typed = answers.duration;
    const duration = matchDuration(typed, limits.durations, (d) => fmt.duration(d, t));
    if (duration !== undefined) answers.duration = duration;
    else {
      delete answers.duration;
      reasons.duration = t("buy-duration-unknown", { value: clipped(typed, 32), allowed: fmt.list(limits.durations.map((d) => fmt.duration(d, t))) });
    }
  } else if (state.defaultDuration && answers.volume !== undefined) {
    const duration = defaultDuration(limits.durations);
    if (duration !== undefined) answers.duration = duration;
  }
  if (reasons.volume !== undefined || reasons.duration !== undefined) state.reasons = reasons;
  return state;
}

/** A volume's range in words, and amounts as one would type them that fit it (bandwidth's are not energy's). */
const volumeWords = (ctx: BotContext, resource: Resource, limits: ResourceOptions) => ({
  range: { min: ctx.fmt.volume(limits.minVolume), max: ctx.fmt.volume(limits.maxVolume) },
  examples: ctx.fmt.list(typedVolumeExamples(resource, limits), "or"),
});

/** The volume step: priced presets when they could be priced, else plain volumes within the limits. */
function volumeQuestion(ctx: BotContext, state: BuyState, resource: Resource, address: string, limits: ResourceOptions, priced: readonly PricedChoice[]): Question {
  const { t } = ctx;
  const { previous } = state;
  const previousVolume = previous.volume !== undefined ? BigInt(previous.volume) : undefined;
  let keyboard: InlineKeyboard;
  if (priced.length > 0) {
    const isPrevious = (c: PricedChoice) => c.preset.volume === previousVolume && c.duration === previous.duration;
    keyboard = addPresetRows(new InlineKeyboard(), priced, (c) => BuyStep.preset.pack({ volume: c.preset.volume, index: c.durationIndex }), ctx.locale, isPrevious);
  } else {
    const presets = volumePresets(resource, limits);
    if (previousVolume !== undefined && checkVolume(previousVolume, limits).ok && !presets.some((p) => p.volume === previousVolume)) {
      presets.unshift({ volume: previousVolume, kind: "round" });
    }
    keyboard = volumeKeyboard(presets, previousVolume, ctx.locale);
  }
  const presetsAsk = resource === "energy" ? "buy-ask-volume-presets" : "buy-ask-volume-priced";
  const { examples, range } = volumeWords(ctx, resource, limits);
  const text = t(priced.length > 0 ? presetsAsk : "buy-ask-volume", { resource: resourceLabel(resource, t), address: code(shortAddress(address)), examples, ...range });
  return { text, keyboard };
}

/**
 * The question with why a given answer was not kept above it, and (the first time) what the
 * address has now; with the state it is asked in (the note marked shown).
 */
function withNote(
  ctx: BotContext,
  state: BuyState,
  question: Question,
  address: string,
  check: AddressCheck | null,
  reason: string | undefined,
): [Question, BuyState] {
  const text = reason === undefined ? question.text : `${reason}\n\n${question.text}`;
  if (state.noted) return [{ ...question, text }, state];
  return [{ ...question, text: `${addressNote(address, check, ctx.locale)}\n\n${text}` }, { ...state, noted: true }];
}

/** How the step the state asks reads an answer. */
function answering(ctx: BotContext, state: BuyState): Answering<Partial<BuyAnswers>> {
  const { t } = ctx;
  if (state.step === "resource") {
    return {
      tap: (data) => {
        const picked = parseResource(BuyStep.resource.unpack(data)?.resource);
        return picked ? { value: { resource: picked } } : { reason: t("conversation-use-buttons") };
      },
    };
  }
  // every step after the resource's has its limits (read when the flow started)
  const resource = state.answers.resource;
  const limits = resource && limitsOf(state, resource);
  if (!resource || !limits) throw new Error(`the buy prompt asks "${state.step}" without the resource's limits`);
  switch (state.step) {
    case "address": {
      const reads = (saved: SavedAddress[]) =>
        addressAnswers({ saved, fromTap: (data) => BuyStep.address.unpack(data)?.address, invalid: (text) => t("buy-address-invalid", { text }) });
      return {
        tap: async (data) => map(await reads([]).tap(data, ctx), (address) => ({ address })),
        // a saved address's label names it (none in a desk's group)
        text: async (text) => {
          const saved = state.desk ? [] : await ctx.deps.store.recentAddresses.entries(ctx.from!.id);
          return map(await reads(saved).text(text, ctx), (address) => ({ address }));
        },
      };
    }
    case "volume": {
      const { durations } = limits;
      const words = volumeWords(ctx, resource, limits);
      const reads = volumeAnswers({
        range: limits,
        fromTap: (data) => {
          const preset = BuyStep.preset.unpack(data);
          if (preset) return { volume: preset.volume, ...(durations[preset.index] !== undefined ? { duration: durations[preset.index] } : {}) };
          const plain = BuyStep.volume.unpack(data);
          return plain && { volume: plain.volume };
        },
        unreadable: (text) => t("buy-volume-unreadable", { text, examples: words.examples }),
        outOfRange: (volume) => t("buy-volume-out-of-range", { volume: ctx.fmt.volume(volume), ...words.range }),
      });
      const asAnswers = ({ volume, duration }: VolumeAnswer) => ({ volume: volume.toString(), ...(duration !== undefined ? { duration } : {}) });
      return {
        tap: async (data) => map(await reads.tap(data, ctx), asAnswers),
        text: async (text) => map(await reads.text(text, ctx), asAnswers),
      };
    }
    case "duration": {
      const reads = durationAnswers({ durations: limits.durations, fromTap: (data) => BuyStep.duration.unpack(data)?.index, locale: ctx.locale });
      return { tap: async (data) => map(await reads.tap(data, ctx), (duration) => ({ duration })) };
    }
  }
}

/** A parsed answer's value turned into what it answers. */
function map<T, U>(parsed: Parsed<T>, f: (value: T) => U): Parsed<U> {
  return "value" in parsed ? { value: f(parsed.value) } : parsed;
}

async function read(ctx: BotContext, step: Answering<Partial<BuyAnswers>>, reply: PromptReply): Promise<Parsed<Partial<BuyAnswers>>> {
  if (reply.kind === "button") return step.tap ? step.tap(reply.data, ctx) : { reason: ctx.t("conversation-use-buttons") };
  return step.text ? step.text(reply.text, ctx) : { reason: ctx.t("conversation-send-text") };
}

const buyPrompt: Prompt<BuyState> = {
  id: BUY_FLOW,
  version: 1,
  rules(state) {
    // the resource and duration steps take their buttons only (typed text gets a hint)
    const buttonsOnly = state.step === "resource" || state.step === "duration";
    return { buttons: stepButtons[state.step], acceptText: !buttonsOnly };
  },
  async answer(ctx, reply, { messageId, state }): Promise<PromptOutcome<BuyState>> {
    const parsed = await read(ctx, answering(ctx, state), reply);
    if ("reason" in parsed) return parsed;
    return advance(ctx, { ...state, answers: { ...state.answers, ...parsed.value } }, messageId);
  },
};

/** Which taps answer each step. */
const stepButtons: Record<BuyStepName, RegExp> = {
  resource: BuyStep.resource.pattern,
  address: BuyStep.address.pattern,
  volume: VOLUME_BUTTONS,
  duration: BuyStep.duration.pattern,
};

export const buyPrompts: readonly Prompt<BuyState>[] = [buyPrompt];
