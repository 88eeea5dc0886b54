/**
 * The steps /refill, /renewal and /smart share: load the options, ask the target address, ask
 * volumes within the allowed range, ask a duration, ask about auto-resume, and the preview with
 * Confirm that creates the rule.
 *
 * Rule creation is not idempotent (the client never retries it; a lost answer is `ambiguous`), so
 * Confirm is handled here, inside the conversation: the first tap is consumed and the conversation
 * ends; a second tap then reaches the fallback ("button expired") and creates nothing.
 *
 * Inside a conversation a failed Bot API call must not be caught and carried on from (the replay
 * log would lose its place), so steps only send messages and edit them into something new.
 */
import { checkVolume } from "../../orders/request.js";
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../../tron/usdt.js";
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../context.js";
import type { AutomationOptions, AutomationRule, MarketplaceClient } from "../../marketplace/index.js";
import { MarketplaceError } from "../../marketplace/errors.js";
import { isTronAddress } from "../../tron/address.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { withUserClient } from "../marketplace-access.js";
import { replyWithError } from "../reply-error.js";
import { code, escapeHtml } from "../../format/html.js";
import { renderAutomationPreview, type AutomationDraft, type AutomationKind } from "../render/automation-preview.js";
import { renderRuleCard } from "../render/rule-card.js";
import { renderShortfall } from "../render/shortfall.js";
import { firingQuery, loadShortfall } from "../../rules/pricing.js";
import { external } from "../flow/external.js";
import { waitForButton, waitForReply } from "../flow/wait.js";

/** Offered as buttons where the allowed range has them: one USDT transfer to a holder / a new holder. */
const VOLUME_PRESETS = [ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER];
const RECENT_SHOWN = 4;

export interface AutomationFlow {
  kind: AutomationKind;
  userId: number;
  chatId: number;
  /** Callback data prefix of this run's buttons, so a stale button of an earlier run matches nothing. */
  prefix: string;
  options: AutomationOptions;
  recent: string[];
}

/** Loads the options (and recent addresses); on failure says why and returns undefined. */
export async function beginAutomation(
  conversation: BotConversation,
  ctx: ConversationContext,
  kind: AutomationKind,
): Promise<AutomationFlow | undefined> {
  const userId = ctx.from!.id;
  const chatId = ctx.chat!.id;
  const nonce = Math.floor((await conversation.random()) * 36 ** 5).toString(36);
  try {
    const loaded = await external(conversation, async () => ({
      options: await withUserClient(ctx.deps, userId, (client) => client.ruleOptions()),
      recent: ctx.deps.store.recentAddresses.list(userId, RECENT_SHOWN),
    }));
    return { kind, userId, chatId, prefix: `auto:${nonce}`, ...loaded };
  } catch (err) {
    await replyWithError(ctx, err);
    return undefined;
  }
}

function buttonsOf(flow: AutomationFlow, step: string, value = "\\d{1,19}"): RegExp {
  return new RegExp(`^${flow.prefix}:${step}:(${value})$`);
}

/** Turns the question into "question ✓ answer" and drops its buttons. */
async function settle(ctx: ConversationContext, flow: AutomationFlow, messageId: number, question: string, answer: string): Promise<void> {
  await ctx.api.editMessageText(flow.chatId, messageId, `${question}\n\n✓ ${answer}`);
}

export async function askAddress(conversation: BotConversation, ctx: ConversationContext, flow: AutomationFlow): Promise<string> {
  const question = `${ctx.t(`auto-intro-${flow.kind}`)}\n\n${ctx.t("auto-ask-address")}`;
  const keyboard = new InlineKeyboard();
  flow.recent.forEach((address, i) => keyboard.text(address, `${flow.prefix}:a:${i}`).row());
  const hint = flow.recent.length > 0 ? `\n\n${ctx.t("auto-ask-address-recent")}` : "";
  const prompt = await ctx.reply(question + hint, flow.recent.length > 0 ? { reply_markup: keyboard } : {});
  for (;;) {
    const reply = await waitForReply(conversation, { buttons: buttonsOf(flow, "a") });
    let address: string | undefined;
    if (reply.kind === "button") {
      await reply.ctx.answerCallbackQuery();
      address = flow.recent[Number(reply.match[1])];
    } else if (isTronAddress(reply.text)) {
      address = reply.text;
    } else {
      await reply.ctx.reply(ctx.t("auto-invalid-address", { text: escapeHtml(reply.text.slice(0, 64)) }));
      continue;
    }
    if (address === undefined) continue;
    await settle(reply.ctx, flow, prompt.message_id, question, code(address));
    return address;
  }
}

export interface VolumeStep {
  /** The locale id of the question; it gets { min, max }. */
  question: string;
  min: bigint;
  max: bigint;
}

/** A volume (or threshold) typed as 65000, 65k, 131 000 …, or a preset button; always within min..max. */
export async function askVolume(conversation: BotConversation, ctx: ConversationContext, flow: AutomationFlow, step: VolumeStep): Promise<bigint> {
  const range = { min: ctx.fmt.volume(step.min), max: ctx.fmt.volume(step.max) };
  const question = ctx.t(step.question, range);
  const presets = VOLUME_PRESETS.filter((v) => v >= step.min && v <= step.max);
  const keyboard = new InlineKeyboard();
  for (const v of presets) keyboard.text(ctx.fmt.volume(v), `${flow.prefix}:v:${v}`);
  const prompt = await ctx.reply(question, presets.length > 0 ? { reply_markup: keyboard } : {});
  for (;;) {
    const reply = await waitForReply(conversation, { buttons: buttonsOf(flow, "v") });
    if (reply.kind === "button") await reply.ctx.answerCallbackQuery();
    const checked = checkVolume(reply.kind === "button" ? BigInt(reply.match[1]!) : reply.text, { minVolume: step.min, maxVolume: step.max });
    if (!checked.ok) {
      await reply.ctx.reply(
        checked.reason === "unreadable" ? ctx.t("auto-invalid-number", range) : ctx.t("auto-out-of-range", { ...range, value: ctx.fmt.volume(checked.volume) }),
      );
      continue;
    }
    await settle(reply.ctx, flow, prompt.message_id, question, code(ctx.fmt.volume(checked.volume)));
    return checked.volume;
  }
}

/** One of the options' durations: a button, or the value typed as it is listed. */
export async function askDuration(conversation: BotConversation, ctx: ConversationContext, flow: AutomationFlow): Promise<string> {
  const { durations } = flow.options;
  const question = ctx.t("auto-ask-duration");
  const keyboard = new InlineKeyboard();
  durations.forEach((d, i) => {
    keyboard.text(ctx.fmt.duration(d, ctx.t), `${flow.prefix}:d:${i}`);
    if (i % 3 === 2) keyboard.row();
  });
  const prompt = await ctx.reply(question, { reply_markup: keyboard });
  for (;;) {
    const reply = await waitForReply(conversation, { buttons: buttonsOf(flow, "d") });
    if (reply.kind === "button") await reply.ctx.answerCallbackQuery();
    const typed = reply.kind === "text" ? reply.text.toLowerCase() : undefined;
    const duration =
      reply.kind === "button"
        ? durations[Number(reply.match[1])]
        : durations.find((d) => d.toLowerCase() === typed || ctx.fmt.duration(d, ctx.t).toLowerCase() === typed);
    if (duration === undefined) {
      const allowed = durations.map((d) => ctx.fmt.duration(d, ctx.t)).join(", ");
      await reply.ctx.reply(ctx.t("auto-invalid-duration", { allowed }));
      continue;
    }
    await settle(reply.ctx, flow, prompt.message_id, question, ctx.fmt.duration(duration, ctx.t));
    return duration;
  }
}

export async function askAutoResume(conversation: BotConversation, ctx: ConversationContext, flow: AutomationFlow): Promise<boolean> {
  const question = ctx.t("auto-ask-auto-resume");
  const keyboard = new InlineKeyboard().text(ctx.t("button-yes"), `${flow.prefix}:r:yes`).text(ctx.t("button-no"), `${flow.prefix}:r:no`);
  const prompt = await ctx.reply(question, { reply_markup: keyboard });
  const tap = await waitForButton(conversation, buttonsOf(flow, "r", "yes|no"));
  await tap.ctx.answerCallbackQuery();
  const yes = tap.match[1] === "yes";
  await settle(tap.ctx, flow, prompt.message_id, question, ctx.t(yes ? "button-yes" : "button-no"));
  return yes;
}

/**
 * Shows the preview (firing price and balance) with Confirm / Cancel, and on Confirm creates the
 * rule with `create`, once. The preview message becomes the new rule's card, or the reason it failed.
 */
export async function confirmAndCreate(
  conversation: BotConversation,
  ctx: ConversationContext,
  flow: AutomationFlow,
  draft: AutomationDraft,
  create: (client: MarketplaceClient) => Promise<AutomationRule>,
): Promise<void> {
  const spec = { kind: draft.kind, volume: draft.volume, duration: draft.duration };
  let loaded;
  try {
    loaded = await external(conversation, () =>
      withUserClient(ctx.deps, flow.userId, async (client) => {
        const [preview, balance] = await Promise.all([client.previewFiring(firingQuery(spec, flow.options.durations)), client.balance()]);
        return { preview, balanceTrx: balance.trx };
      }),
    );
  } catch (err) {
    await replyWithError(ctx, err);
    return;
  }
  const rendered = renderAutomationPreview(draft, loaded.preview, loaded.balanceTrx, ctx.t, ctx.fmt);
  const keyboard = new InlineKeyboard().text(ctx.t("button-confirm"), `${flow.prefix}:c:ok`).text(ctx.t("button-cancel"), `${flow.prefix}:c:no`);
  if (rendered.short) keyboard.row().text(ctx.t("button-deposit"), SharedButtons.showDeposit.pack());
  const previewMessage = await ctx.reply(rendered.text, { reply_markup: keyboard });

  const tap = await waitForButton(conversation, buttonsOf(flow, "c", "ok|no"));
  const edit = (text: string, markup?: InlineKeyboard) =>
    tap.ctx.api.editMessageText(flow.chatId, previewMessage.message_id, text, markup ? { reply_markup: markup } : {});
  await tap.ctx.answerCallbackQuery();
  if (tap.match[1] !== "ok") {
    await edit(`${rendered.text}\n\n${ctx.t("auto-cancelled")}`);
    return;
  }
  // Only the create call is guarded: once the rule exists, a failing edit must not read as "try again"
  // (that would invite a second rule); the card is then sent as a new message instead.
  let rule;
  try {
    rule = await external(conversation, async () => {
      const created = await withUserClient(ctx.deps, flow.userId, create);
      try {
        ctx.deps.store.recentAddresses.remember(flow.userId, draft.address, ctx.deps.now());
      } catch {
        // only a suggestion for next time: the rule exists, which is what the user must hear
      }
      return created;
    });
  } catch (err) {
    if (err instanceof MarketplaceError && err.isInsufficientBalance) {
      const shortfall = await external(conversation, () => withUserClient(ctx.deps, flow.userId, (client) => loadShortfall(client, spec))).catch(
        () => undefined,
      );
      if (shortfall) {
        const view = renderShortfall(shortfall, ctx.t, ctx.fmt);
        await edit(view.text, view.keyboard);
        return;
      }
    }
    // The shared mapping; an `ambiguous` answer says the outcome is unknown and points to /rules.
    await replyWithError(tap.ctx, err, { edit: true });
    return;
  }
  const card = renderRuleCard(rule, ctx.t, ctx.fmt, { note: ctx.t("auto-created") });
  await edit(card.text, card.keyboard).catch(() => tap.ctx.reply(card.text, { reply_markup: card.keyboard }));
}
