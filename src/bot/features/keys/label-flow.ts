/**
 * Asks for a key's label: right after a key was added ("new": optional, Skip keeps it unlabelled)
 * or from /keys → Rename. The key itself never comes near this conversation, only its row id.
 */
import { InlineKeyboard } from "grammy";
import type { BotConversation, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { waitForReply } from "../../flow/wait.js";
import { fingerprintText, keyName, renderKeysList, toKeyView } from "./views.js";
import { escapeHtml } from "../../../format/html.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isPlausibleApiKey } from "./key-shape.js";
import { handOverAsKey } from "./flow.js";

export const LABEL_KEY_CONVERSATION = "keys-label";
const SKIP = "keys:lbl:skip";
export const MAX_LABEL_LENGTH = 32;
/** The label step is optional: after this, other text is no longer taken as a label. */
export const LABEL_WAIT_MS = 30 * 60_000;

export type LabelMode = "new" | "rename";

/** A label is 1–32 characters of one line, without control characters. */
export function normaliseLabel(text: string): string | undefined {
  const label = text.trim().replace(/\s+/g, " ");
  if (label.length === 0 || [...label].length > MAX_LABEL_LENGTH || /\p{Cc}|(?!\u200d)\p{Cf}/u.test(label)) return undefined;
  return label;
}

/** Too long for a label, or one long token of letters and digits: treated as a pasted key. */
export function looksLikeKey(text: string): boolean {
  if (!isPlausibleApiKey(text)) return false;
  return text.length > MAX_LABEL_LENGTH || (text.length >= 20 && /\d/.test(text) && /[A-Za-z]/.test(text));
}

export async function labelKeyConversation(conversation: BotConversation, ctx: ConversationContext, keyId: number, mode: LabelMode): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  // Only the view of the key goes into the replay log, never the sealed secret.
  const key = await external(conversation, () => {
    const row = ctx.deps.store.apiKeys.get(userId, keyId);
    return row ? toKeyView(row) : null;
  });
  if (!key) {
    await ctx.reply(ctx.t("keys-not-found"));
    return;
  }
  const t = (k: string, v?: Record<string, string | number>) => ctx.t(k, v);
  const fingerprint = escapeHtml(fingerprintText(key));
  const intro =
    mode === "new"
      ? `${ctx.t("keys-saved", { fingerprint })} ${ctx.t(key.isDefault ? "keys-saved-default" : "keys-saved-not-default")}\n\n${ctx.t("keys-label-ask-new")}`
      : ctx.t("keys-label-ask-rename", { name: keyName(key, t), fingerprint });
  const prompt = await ctx.reply(intro, {
    reply_markup: new InlineKeyboard().text(ctx.t(mode === "new" ? "keys-button-skip" : "button-cancel"), SKIP),
  });
  const closePrompt = () => ctx.api.editMessageReplyMarkup(prompt.chat.id, prompt.message_id).catch(() => undefined);

  for (;;) {
    // a key pasted here is handed over as a new key (below), so the guard in waitForReply steps aside
    const reply = await waitForReply(conversation, { buttons: new RegExp(`^${SKIP}$`), expectsSecret: true });
    if (reply.kind === "button") {
      await reply.ctx.answerCallbackQuery().catch(() => undefined);
      await closePrompt();
      if (mode === "new") await ctx.reply(ctx.t("keys-label-skipped"), { reply_markup: nextSteps(ctx) });
      else await ctx.reply(ctx.t("cancel-done"));
      return;
    }
    // A key pasted here by mistake must not stay in this conversation's stored state.
    if (looksLikeKey(reply.text)) {
      await closePrompt();
      return handOverAsKey(conversation);
    }
    const label = normaliseLabel(reply.text);
    if (!label) {
      await ctx.reply(ctx.t("keys-label-invalid", { max: MAX_LABEL_LENGTH }));
      continue;
    }
    const renamed = await external(conversation, () => ctx.deps.store.apiKeys.rename(userId, keyId, label));
    await closePrompt();
    if (!renamed) {
      await ctx.reply(ctx.t("keys-not-found"));
      return;
    }
    const notice = ctx.t("keys-label-saved", { name: escapeHtml(label), fingerprint });
    if (mode === "new") {
      await ctx.reply(`${notice}\n\n${ctx.t("keys-ready")}`, { reply_markup: nextSteps(ctx) });
    } else {
      const keys = await external(conversation, () => ctx.deps.store.apiKeys.list(userId).map(toKeyView));
      const list = renderKeysList(keys, t, ctx.fmt, notice);
      await ctx.reply(list.text, { reply_markup: list.keyboard });
    }
    return;
  }
}

function nextSteps(ctx: ConversationContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("button-balance"), SharedButtons.showBalance.pack())
    .text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack())
    .row()
    .text(ctx.t("button-my-keys"), SharedButtons.listKeys.pack());
}
