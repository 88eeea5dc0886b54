/**
 * /buy step by step, in ONE message (FlowMessage): resource → target address → volume → duration,
 * then the preview card in that same message. The conversation ends when the card is shown; its
 * Confirm, Change and Cancel are plain handlers (index.ts), so they work after restarts too.
 * Steps already answered (`given`) are skipped; Change passes every answer but the one to change
 * as `given` and all of them as `previous`, whose choice is marked ✓ on the step asked again.
 * A kept answer that no longer fits (a volume or duration after the resource changed) is asked again.
 * In a team desk's group (`desk`): the desk's key (the owner's), only the administrator who started
 * it answers (everyone else's messages and taps pass the flow by), no saved addresses are offered,
 * and the card is signed and carries the desk's Confirm (features/team checks the tapper and the
 * desk's maximum there).
 */
import type { OrderOptions } from "../../../marketplace/index.js";
import { shortAddress } from "../../../tron/address.js";
import type { BotConversation, ConversationContext } from "../../context.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { clipped, code } from "../../../format/html.js";
import type { Translate } from "../../../format/formatter.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep, type Step } from "../../flow/step.js";
import { addressStep, durationStep, volumeStep } from "../../flow/steps.js";
import { checkVolume, matchDuration, parseResource, resourceOptions, RESOURCES, typedVolumeExamples, volumePresets, type BuyAnswers, type Resource } from "../../../orders/request.js";
import { BuyStep } from "./callbacks.js";
import { addPresetRows, loadPresets } from "../../ui/preset-rows.js";
import { defaultDuration, type PricedChoice } from "../../../orders/presets.js";
import { InlineKeyboard } from "grammy";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { quote, type DeskKey, type Effect, type QuotedCard } from "./preview.js";
import { offeredAddresses } from "../../../tron/address-names.js";
import { addressKeyboard, addressNote, resourceKeyboard, volumeKeyboard } from "./views.js";
import { resourceLabel } from "../../../orders/card.js";

export const BUY_CONVERSATION = "buy";

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

type Ctx = ConversationContext;

/** The resource step: buttons only, the resources the options offer. */
function resourceStep(offered: readonly Resource[], previous: BuyAnswers, t: Translate): Step<Resource> {
  return {
    question: t("buy-ask-resource"),
    keyboard: resourceKeyboard(offered, previous, t),
    buttons: BuyStep.resource.pattern,
    tap: (data) => {
      const resource = parseResource(BuyStep.resource.unpack(data)?.resource);
      return resource ? { value: resource } : { reason: t("conversation-use-buttons") };
    },
  };
}

export async function buyConversation(conversation: BotConversation, ctx: Ctx, args: BuyFlowArgs = {}): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined || !ctx.chat) return;
  const effect: Effect = (task) => external(conversation, task);
  const desk = args.desk;
  // whose key: the user's default, or the desk's
  const keyOwner = desk ? desk.ownerId : userId;
  const keyOption = desk ? { keyId: desk.keyId } : {};
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: args.inPlace ?? false, ...(desk ? { onlyFrom: userId } : {}) });
  const given = args.given ?? {};
  const previous = args.previous ?? {};
  // the context of the latest answer: its api and language are the ones to use
  let current = ctx;
  const t: Translate = (k, v) => current.t(k, v);
  const fail = (err: unknown) => flow.finishWithError(current, err);

  let options: OrderOptions;
  try {
    options = await effect(() => withUserClient(ctx.deps, keyOwner, (client) => client.orderOptions(), keyOption));
  } catch (err) {
    await fail(err);
    return;
  }

  // ── Resource ──
  let resource = given.resource;
  if (!resource) {
    const offered = RESOURCES.filter((r) => resourceOptions(options, r));
    ({ value: resource, ctx: current } = await runStep(flow, current, resourceStep(offered, previous, t)));
  }
  const limits = resourceOptions(options, resource);
  const label = resourceLabel(resource, t);
  if (!limits || limits.durations.length === 0) {
    await flow.finish(current, t("buy-resource-unavailable", { resource: label }));
    return;
  }

  // ── Address ──
  let address = given.address;
  if (!address) {
    // every saved address (a typed label names one), the newest offered as buttons
    // (none in a desk's group: the owner's address book is not shown there)
    const saved = desk ? [] : await effect(() => ctx.deps.store.recentAddresses.entries(userId));
    const choices = offeredAddresses(saved, previous.address, 5).map((e) => e.address);
    const keyboard = addressKeyboard(choices, previous, saved);
    // energy for several addresses at once: /batch, in this message (the batch feature answers the button)
    if (resource === "energy" && !desk) keyboard.text(t("batch-button-several"), SharedButtons.batch.pack()).row();
    const step = addressStep({
      question: t(choices.length ? "buy-ask-address-recent" : "buy-ask-address", { resource: label }),
      keyboard,
      buttons: BuyStep.address.pattern,
      saved,
      fromTap: (data) => BuyStep.address.unpack(data)?.address,
      invalid: (text) => t("buy-address-invalid", { text }),
    });
    ({ value: address, ctx: current } = await runStep(flow, current, step));
  }
  const target = address;

  // ── Volume (energy: priced USDT-transfer presets, which answer the duration too) ──
  const range = { min: current.fmt.volume(limits.minVolume), max: current.fmt.volume(limits.maxVolume) };
  // amounts as one would type them that fit this resource's range (bandwidth's are not energy's)
  const examples = current.fmt.list(typedVolumeExamples(resource, limits), "or");
  const givenVolume = given.volume !== undefined ? checkVolume(BigInt(given.volume), limits) : undefined;
  let volume = givenVolume?.ok ? givenVolume.volume : undefined;
  // a duration as typed ("1 day" for 1d) is matched like a typed answer; one not on offer is asked
  let duration =
    given.duration !== undefined
      ? matchDuration(given.duration, limits.durations, (d) => current.fmt.duration(d, t))
      : args.defaultDuration && volume !== undefined
        ? defaultDuration(limits.durations)
        : undefined;
  // an answer kept from a one-liner that does not fit is said why above its step, never dropped silently
  const volumeReason =
    givenVolume && !givenVolume.ok && givenVolume.reason === "out_of_range" ? t("buy-volume-out-of-range", { volume: current.fmt.volume(givenVolume.volume), ...range }) : undefined;
  const durationReason =
    given.duration !== undefined && duration === undefined
      ? t("buy-duration-unknown", { value: clipped(given.duration, 32), allowed: current.fmt.list(limits.durations.map((d) => current.fmt.duration(d, t))) })
      : undefined;

  // What the address has now, shown once above the next question (the flow goes on without it),
  // asked together with the presets' prices: one round trip to the marketplace, not two.
  const presetsWanted = volume === undefined;
  const [check, priced] =
    volume === undefined || duration === undefined
      ? await effect(() =>
          Promise.all([ctx.deps.marketplace.public.checkAddress(target).catch(() => null), presetsWanted ? loadPresets(ctx.deps, keyOwner, target, resource, desk?.keyId) : []]),
        )
      : [null, []];
  let noted = false;
  const withNote = (ask: string): string => {
    if (noted) return ask;
    noted = true;
    return `${addressNote(target, check, current.locale)}\n\n${ask}`;
  };

  if (volume === undefined) {
    const previousVolume = previous.volume !== undefined ? BigInt(previous.volume) : undefined;
    let keyboard: InlineKeyboard;
    if (priced.length > 0) {
      const isPrevious = (c: PricedChoice) => c.preset.volume === previousVolume && c.duration === previous.duration;
      keyboard = addPresetRows(new InlineKeyboard(), priced, (c) => BuyStep.preset.pack({ volume: c.preset.volume, index: c.durationIndex }), current.locale, isPrevious);
    } else {
      const presets = volumePresets(resource, limits);
      if (previousVolume !== undefined && checkVolume(previousVolume, limits).ok && !presets.some((p) => p.volume === previousVolume)) {
        presets.unshift({ volume: previousVolume, kind: "round" });
      }
      keyboard = volumeKeyboard(presets, previousVolume, current.locale);
    }
    const presetsAsk = resource === "energy" ? "buy-ask-volume-presets" : "buy-ask-volume-priced";
    const ask = t(priced.length > 0 ? presetsAsk : "buy-ask-volume", { resource: label, address: code(shortAddress(target)), examples, ...range });
    const step = volumeStep({
      question: withNote(volumeReason ? `${volumeReason}\n\n${ask}` : ask),
      keyboard,
      buttons: VOLUME_BUTTONS,
      range: limits,
      fromTap: (data) => {
        const preset = BuyStep.preset.unpack(data);
        if (preset) return { volume: preset.volume, ...(limits.durations[preset.index] !== undefined ? { duration: limits.durations[preset.index] } : {}) };
        const plain = BuyStep.volume.unpack(data);
        return plain && { volume: plain.volume };
      },
      unreadable: (text) => t("buy-volume-unreadable", { text, examples }),
      outOfRange: (volume) => t("buy-volume-out-of-range", { volume: current.fmt.volume(volume), ...range }),
    });
    const answer = await runStep(flow, current, step);
    current = answer.ctx;
    volume = answer.value.volume;
    // a priced preset answers the duration too
    if (answer.value.duration !== undefined) duration = answer.value.duration;
  }

  // ── Duration ──
  if (duration === undefined) {
    const ask = t("buy-ask-duration", { resource: label, volume: code(current.fmt.volume(volume)), address: code(shortAddress(target)) });
    const step = durationStep({
      question: withNote(durationReason ? `${durationReason}\n\n${ask}` : ask),
      durations: limits.durations,
      previous: previous.duration,
      buttons: BuyStep.duration.pattern,
      pack: (index) => BuyStep.duration.pack({ index }),
      fromTap: (data) => BuyStep.duration.unpack(data)?.index,
      locale: current.locale,
    });
    ({ value: duration, ctx: current } = await runStep(flow, current, step));
  }

  // ── The preview card, in the flow's message ──
  let card: QuotedCard;
  try {
    card = await quote(current, { resource, address: target, volume, duration }, effect, undefined, desk);
  } catch (err) {
    await fail(err);
    return;
  }
  await flow.finish(current, card.text, card.keyboard);
  const messageId = flow.id;
  if (messageId !== undefined) await effect(() => ctx.deps.store.orders.setMessageId(card.intentId, messageId));
}
