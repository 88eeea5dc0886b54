/**
 * A message that holds an API key (the answer to /key's prompt, or `/key <KEY>` in one message):
 * it is deleted at once and scrubbed from the update, the key's shape is checked, the key is
 * verified with a read call, sealed and stored (with its level, when the key names it), and then
 * a label is asked for, saying what the key can do when that is known (or, when a /buy
 * waited for the key, that order goes on and the label is left for /keys). The plaintext is
 * never echoed, logged, put in callback data or conversation state, and lives only in this call.
 */
import { showView } from "../../ui/view.js";
import { runEntry } from "../../flow/registry.js";
import { keySavedText } from "./views.js";
import { deleteUserMessage } from "../../ui/delete-message.js";
import { showChatAction } from "../../ui/chat-action.js";
import { InlineKeyboard } from "grammy";
import { renderAndLogError } from "../../errors/reply.js";
import type { BotContext } from "../../context.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { enterLabelKey, type KeySubmission } from "./flow.js";
import { findCredential, isPlausibleApiKey, MAX_KEY_LENGTH, MIN_KEY_LENGTH, scopeNamedByKey } from "../../../credentials/shape.js";
import { scopeAbove } from "../../../credentials/scopes.js";

const SCRUBBED = "[API key removed]";

/**
 * Takes the key out of the update object, so nothing that sees this update later (a conversation
 * entered from it stores it in its replay log; an error report) can carry the key.
 */
export function scrubKeyFromUpdate(ctx: BotContext): void {
  const message = ctx.update.message;
  if (message?.text !== undefined) {
    message.text = SCRUBBED;
    delete message.entities;
  }
  if (typeof ctx.match === "string") ctx.match = "";
}

/**
 * The outcome goes into the key flow's message (its prompt), the flow having handed the key on to
 * this plain handler; a key sent as `/key <KEY>`, or a prompt that can't be edited any more, gets
 * a new message.
 */
async function showOutcome(ctx: BotContext, promptId: number | undefined, text: string, keyboard: InlineKeyboard): Promise<void> {
  await showView(ctx, { text, keyboard }, promptId === undefined ? { asNew: true } : { messageId: promptId });
}

export async function handleKeySubmission(ctx: BotContext, raw: string, from: KeySubmission = { promptId: undefined }): Promise<void> {
  const deleted = await deleteUserMessage(ctx);
  scrubKeyFromUpdate(ctx);
  if (ctx.from === undefined) return;
  if (!deleted) await ctx.reply(ctx.t("keys-delete-failed"));
  // "here it is: sbx_…" is the key it holds
  await addKey(ctx, findCredential(raw) ?? raw.trim(), from);
}

/** Checks the key's shape, verifies it with a read call, stores it sealed and asks for a label. */
export async function addKey(ctx: BotContext, apiKey: string, from: KeySubmission): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const tryAgain = new InlineKeyboard().text(ctx.t("keys-button-try-again"), SharedButtons.addKey.pack());
  if (!isPlausibleApiKey(apiKey)) {
    return showOutcome(ctx, from.promptId, ctx.t("keys-invalid-shape", { min: MIN_KEY_LENGTH, max: MAX_KEY_LENGTH }), tryAgain);
  }
  if (await isStoredAlready(ctx, userId, apiKey)) {
    const text = ctx.t("keys-duplicate", { fingerprint: escapeHtml(`…${apiKey.slice(-4)}`) });
    return showOutcome(ctx, from.promptId, text, new InlineKeyboard().text(ctx.t("button-my-keys"), SharedButtons.listKeys.pack()));
  }

  showChatAction(ctx, "typing");
  try {
    await ctx.deps.marketplace.forKey(apiKey).balance();
  } catch (err) {
    return showOutcome(ctx, from.promptId, verificationFailure(ctx, err), tryAgain);
  }

  const row = await ctx.deps.store.apiKeys.add(userId, { apiKey, label: "" });
  // a key that names its level is known from now on (the gates use it before any refusal)
  const scope = scopeNamedByKey(apiKey);
  const lacks = scope && scopeAbove(scope);
  if (lacks) await ctx.deps.store.apiKeys.markMissingScope(row.id, lacks);
  // A /buy typed before there was a key goes on now, and the label waits for /keys: asking for it
  // too would leave two questions open in the chat at once, the label's and the order's.
  const pendingBuy = await runEntry(ctx, "take-pending-buy");
  if (pendingBuy === undefined) return enterLabelKey(ctx, row.id, "new", from.promptId ?? null, scope);
  const saved = keySavedText(row, ctx.t, scope);
  await showOutcome(ctx, from.promptId, `${saved}\n\n${ctx.t("keys-label-later")}`, new InlineKeyboard());
  await runEntry(ctx, "resume-pending-buy", pendingBuy);
}

/** Same last 4 characters and the same plaintext as a key this user already has. */
async function isStoredAlready(ctx: BotContext, userId: number, apiKey: string): Promise<boolean> {
  const keys = ctx.deps.store.apiKeys;
  for (const row of await keys.list(userId)) {
    if (row.fingerprint !== apiKey.slice(-4)) continue;
    try {
      if ((await keys.reveal(row)) === apiKey) return true;
    } catch {
      // sealed with a master key no longer configured: cannot be the same row in use
    }
  }
  return false;
}

function verificationFailure(ctx: BotContext, err: unknown): string {
  const { t } = ctx.locale;
  if (err instanceof MarketplaceError && err.isKeyRejected) return t("keys-rejected");
  const rendered = renderAndLogError(ctx, err, { what: "key verification failed" });
  return `${rendered.text}\n\n${t("keys-nothing-stored")}`;
}
