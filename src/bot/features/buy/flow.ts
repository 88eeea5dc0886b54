/**
 * /buy step by step: resource → target address → volume → duration → the preview card. The
 * conversation ends when the card is shown; Confirm, Change and Cancel on the card are plain
 * callback handlers (features/buy.ts), so they work after restarts and for one-line previews too.
 * Steps already answered (`given`) are skipped; `previous` answers (from Change) are marked ✓.
 */
import { InlineKeyboard } from "grammy";
import type { AddressCheck, OrderOptions } from "../../../marketplace/index.js";
import { isTronAddress, shortAddress } from "../../../tron/address.js";
import type { BotConversation, ConversationContext } from "../../context.js";
import { withUserClient } from "../../marketplace-access.js";
import { replyWithError } from "../../reply-error.js";
import { code, escapeHtml } from "../../../format/html.js";
import { resourceLabel } from "./views.js";
import { BuyData, BuyPattern } from "./callbacks.js";
import { sendPreviewCard, type Effect } from "./preview.js";
import {
  checkVolume,
  parseResource,
  resourceOptions,
  RESOURCES,
  volumePresets,
  type BuyAnswers,
  type Resource,
  type VolumePreset,
} from "../../../orders/request.js";
import { external } from "../../flow/external.js";
import { waitForButton, waitForReply } from "../../flow/wait.js";

export const BUY_CONVERSATION = "buy";

export interface BuyFlowArgs {
  /** Answers already given: their steps are skipped. */
  given?: BuyAnswers;
  /** The answers of the card being changed, offered as defaults. */
  previous?: BuyAnswers;
  /** Turn the message whose button started the flow (the card, for Change) into the first step. */
  inPlace?: boolean;
}

type Ctx = ConversationContext;
const CHOSEN = "✓ ";

/**
 * The flow's current message: a step answered with one of its buttons edits it into the next step;
 * after a typed answer the next step is a new message and the old one loses its buttons.
 */
class Prompt {
  constructor(private messageId: number | undefined) {}

  /** The prompt message, when `ctx` is a tap on it (so it can be edited in place). */
  editable(ctx: Ctx): number | undefined {
    const tapped = ctx.callbackQuery?.message?.message_id;
    return tapped !== undefined && tapped === this.messageId ? tapped : undefined;
  }

  async show(ctx: Ctx, text: string, keyboard: InlineKeyboard): Promise<void> {
    const chatId = ctx.chat!.id;
    const target = this.editable(ctx);
    if (target !== undefined) {
      try {
        await ctx.api.editMessageText(chatId, target, text, { reply_markup: keyboard });
        return;
      } catch {
        // fall through to a new message
      }
    }
    await this.retire(ctx);
    this.messageId = (await ctx.api.sendMessage(chatId, text, { reply_markup: keyboard })).message_id;
  }

  /** Removes the buttons of a prompt that is no longer current. */
  async retire(ctx: Ctx): Promise<void> {
    if (this.messageId === undefined) return;
    await ctx.api.editMessageReplyMarkup(ctx.chat!.id, this.messageId).catch(() => undefined);
    this.messageId = undefined;
  }
}

function presetLabel(preset: VolumePreset, ctx: Ctx): string {
  const volume = ctx.fmt.volume(preset.volume);
  switch (preset.kind) {
    case "one_transfer":
      return ctx.t("buy-volume-one-transfer", { volume });
    case "two_transfers":
      return ctx.t("buy-volume-two-transfers", { volume });
    case "transfers":
      return ctx.t("buy-volume-transfers", { volume, count: Number(preset.transfers) });
    default:
      return volume;
  }
}

function addressNote(ctx: Ctx, address: string, check: AddressCheck | null): string {
  if (!check) return ctx.t("buy-address-unchecked");
  return ctx.t("buy-address-info", {
    address: code(address),
    energy: ctx.fmt.volume(check.energyAvailable),
    energyLimit: ctx.fmt.volume(check.energyLimit),
    bandwidth: ctx.fmt.volume(check.bandwidthAvailable),
    bandwidthLimit: ctx.fmt.volume(check.bandwidthLimit),
    activation: ctx.t(check.activated ? "buy-address-activated" : "buy-address-not-activated"),
  });
}

export async function buyConversation(conversation: BotConversation, ctx: Ctx, args: BuyFlowArgs = {}): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined || !ctx.chat) return;
  const effect: Effect = (task) => external(conversation, task);
  const given = args.given ?? {};
  const previous = args.previous ?? {};
  const prompt = new Prompt(args.inPlace ? ctx.callbackQuery?.message?.message_id : undefined);
  let current = ctx;

  let options: OrderOptions;
  try {
    options = await effect(() => withUserClient(ctx.deps, userId, (client) => client.orderOptions()));
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }

  // ── Resource ──
  let resource: Resource | undefined = given.resource;
  while (!resource) {
    const keyboard = new InlineKeyboard();
    for (const r of RESOURCES.filter((r) => resourceOptions(options, r))) {
      keyboard.text(`${r === previous.resource ? CHOSEN : ""}${resourceLabel(r, (k, v) => current.t(k, v))}`, BuyData.resource(r));
    }
    await prompt.show(current, current.t("buy-ask-resource"), keyboard);
    const reply = await waitForButton(conversation, BuyPattern.resource);
    await reply.ctx.answerCallbackQuery();
    current = reply.ctx;
    resource = parseResource(reply.match[1]);
  }
  const limits = resourceOptions(options, resource);
  if (!limits || limits.durations.length === 0) {
    await current.reply(current.t("buy-resource-unavailable", { resource: resourceLabel(resource, (k, v) => current.t(k, v)) }));
    return;
  }
  const label = resourceLabel(resource, (k, v) => current.t(k, v));

  // ── Address ──
  let address = given.address;
  if (!address) {
    const recent = await effect(() => ctx.deps.store.recentAddresses.list(userId, 5));
    const choices = previous.address && !recent.includes(previous.address) ? [previous.address, ...recent.slice(0, 4)] : recent;
    const keyboard = new InlineKeyboard();
    for (const a of choices) keyboard.text(`${a === previous.address ? CHOSEN : ""}${shortAddress(a)}`, BuyData.address(a)).row();
    await prompt.show(current, current.t(choices.length ? "buy-ask-address-recent" : "buy-ask-address", { resource: label }), keyboard);
    while (!address) {
      const reply = await waitForReply(conversation, { buttons: BuyPattern.address });
      if (reply.kind === "button") await reply.ctx.answerCallbackQuery();
      const candidate = reply.kind === "button" ? reply.match[1]! : reply.text;
      if (isTronAddress(candidate)) {
        address = candidate;
        current = reply.ctx;
      } else {
        await reply.ctx.reply(reply.ctx.t("buy-address-invalid", { text: escapeHtml(candidate.slice(0, 64)) }));
      }
    }
  }
  const target = address;

  // What the address has now, shown once with the next question (the flow goes on without it).
  let note: string | undefined;
  const takeNote = async (): Promise<string> => {
    if (note === undefined) {
      const check = await effect(() => ctx.deps.marketplace.public.checkAddress(target).catch(() => null));
      note = addressNote(current, target, check);
      return `${note}\n\n`;
    }
    return "";
  };

  // ── Volume ──
  let volume = given.volume !== undefined ? BigInt(given.volume) : undefined;
  if (volume === undefined) {
    const presets = volumePresets(resource, limits);
    const previousVolume = previous.volume !== undefined ? BigInt(previous.volume) : undefined;
    if (previousVolume !== undefined && checkVolume(previousVolume, limits).ok && !presets.some((p) => p.volume === previousVolume)) {
      presets.unshift({ volume: previousVolume, kind: "round" });
    }
    const keyboard = new InlineKeyboard();
    presets.forEach((p, i) => {
      keyboard.text(`${p.volume === previousVolume ? CHOSEN : ""}${presetLabel(p, current)}`, BuyData.volume(p.volume));
      if (i % 2 === 1) keyboard.row();
    });
    const ask = current.t("buy-ask-volume", {
      resource: label,
      address: code(shortAddress(target)),
      min: ctx.fmt.volume(limits.minVolume),
      max: ctx.fmt.volume(limits.maxVolume),
    });
    await prompt.show(current, `${await takeNote()}${ask}`, keyboard);
    while (volume === undefined) {
      const reply = await waitForReply(conversation, { buttons: BuyPattern.volume });
      if (reply.kind === "button") await reply.ctx.answerCallbackQuery();
      const checked = checkVolume(reply.kind === "button" ? BigInt(reply.match[1]!) : reply.text, limits);
      if (checked.ok) {
        volume = checked.volume;
        current = reply.ctx;
      } else if (checked.reason === "unreadable") {
        await reply.ctx.reply(reply.ctx.t("buy-volume-unreadable", { text: escapeHtml(reply.kind === "text" ? reply.text.slice(0, 64) : "") }));
      } else {
        await reply.ctx.reply(
          reply.ctx.t("buy-volume-out-of-range", {
            volume: ctx.fmt.volume(checked.volume),
            min: ctx.fmt.volume(limits.minVolume),
            max: ctx.fmt.volume(limits.maxVolume),
          }),
        );
      }
    }
  }

  // ── Duration ──
  let duration = given.duration;
  while (duration === undefined) {
    const keyboard = new InlineKeyboard();
    limits.durations.forEach((d, i) => {
      keyboard.text(`${d === previous.duration ? CHOSEN : ""}${ctx.fmt.duration(d, (k, v) => current.t(k, v))}`, BuyData.duration(i));
      if (i % 3 === 2) keyboard.row();
    });
    const ask = current.t("buy-ask-duration", { resource: label, volume: code(ctx.fmt.volume(volume)), address: code(shortAddress(target)) });
    await prompt.show(current, `${await takeNote()}${ask}`, keyboard);
    const reply = await waitForButton(conversation, BuyPattern.duration);
    await reply.ctx.answerCallbackQuery();
    current = reply.ctx;
    duration = limits.durations[Number(reply.match[1])];
  }

  const editMessageId = prompt.editable(current);
  if (editMessageId === undefined) await prompt.retire(current);
  await sendPreviewCard(current, { resource, address: target, volume, duration }, effect, { editMessageId });
}
