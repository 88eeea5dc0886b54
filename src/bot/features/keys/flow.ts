/**
 * The key flows, in one message: "/key" asks for the API key; once the key is checked and stored
 * (submission.ts) the same message asks for its label; /keys → Rename asks for a new label in the
 * key's card.
 *
 * The key itself is never handled inside a conversation: conversations v2 store every update they
 * receive in their replay log (the bot_storage table) once they wait again. So when the key
 * arrives, the prompt marks the update as a key submission and leaves at once, passing the update
 * on: its state is dropped before anything is written, and the keys feature handles the message as
 * a plain handler (deletes it, verifies and seals the key), then enters the label step with the
 * new key's row id only.
 *
 * Only the key prompt tries text as a key. The label step sends its text nowhere: a label is
 * stored, anything else is asked again, and a message holding a secret (findCredential, the one
 * test every step asks) ends the step and is answered as any pasted key: deleted, and offered to
 * be saved as a key.
 */
import { enterFlow } from "../../flow/enter.js";
import { InlineKeyboard } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep } from "../../flow/step.js";
import { escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { findCredential, isPlausibleApiKey, type KeyScope } from "../../../credentials/shape.js";
import { KeyButtons } from "./callbacks.js";
import { newDefaultOffer } from "../../marketplace/scope-gate.js";
import { fingerprintText, keyName, keySavedText, toKeyView } from "./views.js";

export const ADD_KEY_CONVERSATION = "keys-add";
export const LABEL_KEY_CONVERSATION = "keys-label";
/** How long any text answers the prompt; later, only text shaped like a key does. */
export const ADD_KEY_WAIT_MS = 30 * 60_000;
/** The label step is optional: after this, other text is no longer taken as a label. */
export const LABEL_WAIT_MS = 30 * 60_000;
export const MAX_LABEL_LENGTH = 32;

export type LabelMode = "new" | "rename";

/** The buttons that add a key without typing it (their handlers take the prompt's message, see keySubmission). */
const KEY_ADDING_BUTTONS = new RegExp([SharedButtons.addDemoKey.pattern, KeyButtons.savePasted.pattern].map((p) => p.source).join("|"));

/** Where a key handed on by a flow came from (its text, or a tap that adds one): the flow's message, which shows what happens next. */
export interface KeySubmission {
  promptId: number | undefined;
}

const submissions = new WeakMap<object, KeySubmission>();

/** The submission when a key flow handed this update (a message, or a tap on a key-adding button) on as the key. */
export function keySubmission(ctx: BotContext): KeySubmission | undefined {
  return submissions.get(ctx);
}

export async function enterAddKey(ctx: BotContext): Promise<void> {
  await enterFlow(ctx, ADD_KEY_CONVERSATION);
}

/**
 * The label step; `promptId`: the message of the flow that brought the key (null: a new message);
 * `scope`: the new key's level, when it is known (said with the key saved).
 */
export async function enterLabelKey(ctx: BotContext, keyId: number, mode: LabelMode, promptId: number | null = null, scope?: KeyScope): Promise<void> {
  await enterFlow(ctx, LABEL_KEY_CONVERSATION, keyId, mode, promptId, scope ?? null);
}

export async function addKeyConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const flow = new FlowMessage(conversation, ctx);
  await flow.ask(ctx, ctx.t("keys-prompt"));
  const askedAt = await conversation.now();
  const reply = await flow.wait({ expectsSecret: true, buttons: KEY_ADDING_BUTTONS });
  // a key added another way while the prompt waits (a demo key, Save on a pasted key's offer) is
  // this prompt's answer: the prompt goes on as that key's message, and no prompt is left open
  if (reply.kind === "button") return handOverAsKey(conversation, ctx, flow);
  // Long after the prompt, only something shaped like a key is taken as one (and still deleted);
  // other text goes on to the rest of the bot.
  const late = (await conversation.now()) - askedAt > ADD_KEY_WAIT_MS;
  if (late && !isPlausibleApiKey(findCredential(reply.text) ?? reply.text)) {
    await flow.finish(ctx, ctx.t("keys-prompt"));
    await conversation.halt({ next: true });
  }
  await handOverAsKey(conversation, ctx, flow);
}

/** A label is 1–32 characters of one line, without control characters. */
export function normaliseLabel(text: string): string | undefined {
  const label = text.trim().replace(/\s+/g, " ");
  if (label.length === 0 || [...label].length > MAX_LABEL_LENGTH || /\p{Cc}|(?!\u200d)\p{Cf}/u.test(label)) return undefined;
  return label;
}

export async function labelKeyConversation(
  conversation: BotConversation,
  ctx: ConversationContext,
  keyId: number,
  mode: LabelMode,
  promptId: number | null = null,
  scope: KeyScope | null = null,
): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  // Rename starts in the key's card; a new key's label step in the message of the key prompt.
  // Cancel on a new key's label step keeps the key (it is saved already), unlabelled
  const flow = new FlowMessage(
    conversation,
    ctx,
    mode === "rename"
      ? { inTappedMessage: true, cancelledKeyboard: new InlineKeyboard().text(ctx.t("button-back"), KeyButtons.list.pack()) }
      : { messageId: promptId ?? undefined, cancelledKey: "keys-label-cancelled" },
  );
  // Only the view of the key goes into the replay log, never the sealed secret.
  const key = await external(conversation, async () => {
    const row = await ctx.deps.store.apiKeys.get(userId, keyId);
    return row ? toKeyView(row) : null;
  });
  if (!key) return flow.finish(ctx, ctx.t("keys-not-found"));
  const { t } = ctx.locale;
  const fingerprint = escapeHtml(fingerprintText(key));
  const intro =
    mode === "new"
      ? `${keySavedText(key, t, scope ?? undefined)}\n\n${t("keys-label-ask-new")}`
      : t("keys-label-ask-rename", { name: keyName(key, t), fingerprint });
  const skip = new InlineKeyboard();
  if (mode === "new") skip.text(t("keys-button-skip"), KeyButtons.skipLabel.pack());
  // this step asks for no secret: waitForReply deletes one pasted here and ends the step
  const { value: label } = await runStep<string | null>(flow, ctx, {
    question: intro,
    keyboard: skip,
    buttons: KeyButtons.skipLabel.pattern,
    answerTap: true,
    tap: () => ({ value: null }),
    text: (text) => {
      const label = normaliseLabel(text);
      return label ? { value: label } : { reason: t("keys-label-invalid", { max: MAX_LABEL_LENGTH }) };
    },
  });

  // A new key the default cannot match (as far as the bot knows) is offered as the new default.
  let offerFor: number | undefined;
  const withOffer = async (text: string): Promise<string> => {
    if (mode !== "new") return text;
    const offer = await external(conversation, () => newDefaultOffer(ctx.deps.store.apiKeys, userId, keyId));
    if (!offer) return text;
    offerFor = keyId;
    return `${text}\n\n${t("keys-offer-default", { fingerprint: escapeHtml(offer.fingerprint), operation: t(offer.operation) })}`;
  };

  if (label === null) return flow.finish(ctx, await withOffer(t("keys-label-skipped")), nextSteps(ctx, offerFor));
  const renamed = await external(conversation, () => ctx.deps.store.apiKeys.rename(userId, keyId, label));
  if (!renamed) return flow.finish(ctx, t("keys-not-found"));
  const notice = t("keys-label-saved", { name: escapeHtml(label), fingerprint });
  if (mode === "new") return flow.finish(ctx, await withOffer(`${notice}\n\n${t("keys-ready")}`), nextSteps(ctx, offerFor));
  return flow.finish(ctx, notice, new InlineKeyboard().text(t("button-back"), KeyButtons.list.pack()));
}

/**
 * Leaves the conversation and passes the current update on as a key submission, shown in the
 * flow's message. The outside context is only marked (in memory); leaving drops this
 * conversation's state before it is written.
 */
async function handOverAsKey(conversation: BotConversation, ctx: ConversationContext, flow: FlowMessage): Promise<never> {
  await flow.finish(ctx, ctx.t("keys-checking"));
  const submission: KeySubmission = { promptId: flow.id };
  await conversation.external({ task: (outside) => void submissions.set(outside, submission) });
  return conversation.halt({ next: true });
}

/** What to do next with a new key; `makeDefault`: the key offered as the new default. */
function nextSteps(ctx: ConversationContext, makeDefault?: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (makeDefault !== undefined) keyboard.text(ctx.t("keys-button-make-new-default"), KeyButtons.makeDefault.pack({ id: makeDefault })).row();
  return keyboard
    .text(ctx.t("button-balance"), SharedButtons.showBalance.pack())
    .text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack())
    .row()
    .text(ctx.t("button-my-keys"), SharedButtons.listKeys.pack());
}
