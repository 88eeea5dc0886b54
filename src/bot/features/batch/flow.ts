/**
 * /batch step by step, in ONE message (FlowMessage): the addresses (saved ones ticked with buttons,
 * or typed one per line, each optionally with its own volume) → the volume (the same presets as
 * /buy; skipped when every line has its own) → the duration → the batch preview card, in that same
 * message. The conversation ends when the card is shown; its Confirm and Cancel are plain handlers
 * (index.ts), so they work after a restart too. A bad line is answered with its reason and the step
 * is asked again: nothing is quoted or stored until every line is good.
 */
import type { OrderOptions } from "../../../marketplace/index.js";
import type { BotConversation, ConversationContext } from "../../context.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep } from "../../flow/step.js";
import { multiSelectStep } from "../../flow/multi-select.js";
import { durationStep, volumeStep } from "../../flow/steps.js";
import { volumePresetKeyboard } from "../../ui/order-steps.js";
import { resourceOptions, typedVolumeExamples, volumePresets } from "../../../orders/request.js";
import { allHaveVolumes, MAX_BATCH_LINES, quoteBatch, readBatchLines, type BatchLineInput, type QuotedBatch, type ReadLines } from "../../../orders/batch.js";
import { labelsOf } from "../../../tron/address-names.js";
import type { ResourceOptions } from "../../../marketplace/index.js";
import { BatchStep } from "./callbacks.js";
import { askAddressesText, badLinesText, pickKeyboard, renderBatchPreview } from "./views.js";

export const BATCH_CONVERSATION = "batch";

export interface BatchFlowArgs {
  /** The lines typed after /batch (one address per line), if any. */
  text?: string;
  /** The flow takes over the message whose button started it (/buy's address step). */
  inPlace?: boolean;
}

const PICK_BUTTONS = new RegExp(`${BatchStep.pick.pattern.source}|${BatchStep.picked.pattern.source}`);

/** Why typed lines were not taken. */
function linesProblem(read: Exclude<ReadLines, { ok: true }>, limits: ResourceOptions, locale: TextLocale): string {
  const { t, fmt } = locale;
  if ("empty" in read) return t("batch-empty");
  if ("tooMany" in read) return t("batch-too-many", { count: read.tooMany, max: MAX_BATCH_LINES });
  return badLinesText(read.bad, limits, fmt.list(typedVolumeExamples("energy", limits), "or"), locale);
}

export async function batchConversation(conversation: BotConversation, ctx: ConversationContext, args: BatchFlowArgs = {}): Promise<void> {
  const userId = ctx.from?.id;
  const chatId = ctx.chat?.id;
  if (userId === undefined || chatId === undefined) return;
  const effect = <T>(task: () => T | Promise<T>) => external(conversation, task);
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: args.inPlace ?? false });
  let current = ctx;
  const t: Translate = (k, v) => current.t(k, v);
  const fail = (err: unknown) => flow.finishWithError(current, err);

  let options: OrderOptions;
  try {
    options = await effect(() => withUserClient(ctx.deps, userId, (client) => client.orderOptions()));
  } catch (err) {
    await fail(err);
    return;
  }
  const limits = resourceOptions(options, "energy");
  if (!limits || limits.durations.length === 0) {
    await flow.finish(current, t("buy-resource-unavailable", { resource: t("buy-resource-energy") }));
    return;
  }
  const saved = await effect(() => ctx.deps.store.recentAddresses.entries(userId));

  // ── The addresses: typed with the command, ticked, or typed now ──
  let lines: BatchLineInput[] | undefined;
  let problem: string | undefined;
  if (args.text !== undefined && args.text.trim() !== "") {
    const read = readBatchLines(args.text, saved, limits);
    if (read.ok) lines = read.lines;
    else problem = linesProblem(read, limits, current.locale);
  }
  if (!lines) {
    const step = multiSelectStep<string, BatchLineInput[]>({
      question: askAddressesText(saved.length, t),
      reason: problem,
      options: saved.map((e) => e.address),
      keyboard: (picked) => pickKeyboard(saved, picked, t),
      buttons: PICK_BUTTONS,
      toggled: (data) => BatchStep.pick.unpack(data)?.address,
      done: (picked) => picked.map((address) => ({ address })),
      none: t("batch-empty"),
      text: (text, answering) => {
        const read = readBatchLines(text, saved, limits);
        return read.ok ? { value: read.lines } : { reason: linesProblem(read, limits, answering.locale) };
      },
    });
    ({ value: lines, ctx: current } = await runStep(flow, current, step));
  }
  const count = lines.length;

  // ── The volume of the lines that have none of their own ──
  const examples = current.fmt.list(typedVolumeExamples("energy", limits), "or");
  const range = { min: current.fmt.volume(limits.minVolume), max: current.fmt.volume(limits.maxVolume) };
  let volume: bigint | undefined;
  let volumeText: string | undefined;
  if (!allHaveVolumes(lines)) {
    const keyboard = volumePresetKeyboard(volumePresets("energy", limits), undefined, current.locale, (v) => BatchStep.volume.pack({ volume: v }));
    const own = lines.length - lines.filter((l) => l.volume === undefined).length;
    const step = volumeStep({
      question: t("batch-ask-volume", { count, own, examples, ...range }),
      keyboard,
      buttons: BatchStep.volume.pattern,
      range: limits,
      fromTap: (data) => BatchStep.volume.unpack(data),
      unreadable: (text) => t("buy-volume-unreadable", { text, examples }),
      outOfRange: (value) => t("buy-volume-out-of-range", { volume: current.fmt.volume(value), ...range }),
    });
    const answer = await runStep(flow, current, step);
    current = answer.ctx;
    volume = answer.value.volume;
    volumeText = answer.shown;
  }

  // ── The duration ──
  const durationAnswer = await runStep(
    flow,
    current,
    durationStep({
      question: t("batch-ask-duration", { count, volume: volumeText ?? t("batch-volume-own") }),
      durations: limits.durations,
      buttons: BatchStep.duration.pattern,
      pack: (index) => BatchStep.duration.pack({ index }),
      fromTap: (data) => BatchStep.duration.unpack(data)?.index,
      locale: current.locale,
    }),
  );
  current = durationAnswer.ctx;
  const duration = durationAnswer.value;

  // ── The preview card, in the flow's message ──
  let quoted: QuotedBatch;
  try {
    const wanted = lines;
    const chosen = duration;
    quoted = await effect(() => quoteBatch(ctx.deps, { userId, chatId, lines: wanted, ...(volume !== undefined ? { volume } : {}), duration: chosen }));
  } catch (err) {
    await fail(err);
    return;
  }
  const card = renderBatchPreview(quoted, labelsOf(saved), current.locale);
  await flow.finish(current, card.text, card.keyboard);
  const messageId = flow.id;
  if (messageId !== undefined) await effect(() => ctx.deps.store.orderBatches.setMessageId(quoted.batchId, messageId));
}
