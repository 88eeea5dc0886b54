/**
 * A secret pasted as a plain message, alone or inside a sentence ("my key is sbx_read_…"), outside
 * /key, or at a flow's step that asks for none (the flow ends and hands the message on, see
 * flow/wait.ts): it is deleted at once, wherever it was sent.
 * - In a private chat, an API key is offered to be saved as a key (held sealed meanwhile, see
 *   store/pending-keys.ts); a webhook secret gets a pointer to /webhook.
 * - In a group, others may have seen it: the bot says it removed it and that it should be revoked.
 */
import { deleteUserMessage } from "../../ui/delete-message.js";
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { findCredential, isPlausibleApiKey, isWebhookSecret } from "../../../credentials/shape.js";
import { showView } from "../../ui/view.js";
import { KeyButtons } from "./callbacks.js";
import { addKey, scrubKeyFromUpdate } from "./submission.js";
import { keySubmission } from "./flow.js";

export const pastedSecrets = new Composer<BotContext>();

/** The credential in a message that is not a command. */
const pastedSecret = (ctx: BotContext): string | undefined => {
  const text = ctx.message?.text;
  return text === undefined || text.startsWith("/") ? undefined : findCredential(text);
};

pastedSecrets.on("message:text").filter((ctx) => pastedSecret(ctx) !== undefined, async (ctx) => {
  const secret = pastedSecret(ctx)!;
  const deleted = await deleteUserMessage(ctx);
  scrubKeyFromUpdate(ctx);
  if (ctx.chat.type !== "private") {
    await ctx.reply(ctx.t(deleted ? "keys-pasted-group-deleted" : "keys-group-delete-failed"));
    return;
  }
  const note = deleted ? "" : `${ctx.t("keys-delete-failed")}\n\n`;
  if (isWebhookSecret(secret) || !isPlausibleApiKey(secret)) {
    await ctx.reply(`${note}${ctx.t("keys-pasted-other-secret")}`);
    return;
  }
  await ctx.deps.store.pendingKeys.hold(ctx.from.id, secret, ctx.deps.now());
  const keyboard = new InlineKeyboard().text(ctx.t("keys-pasted-button-save"), KeyButtons.savePasted.pack()).text(ctx.t("keys-pasted-button-drop"), KeyButtons.dropPasted.pack());
  await ctx.reply(`${note}${ctx.t("keys-pasted-offer", { fingerprint: `…${secret.slice(-4)}` })}`, { reply_markup: keyboard });
});

pastedSecrets.callbackQuery(KeyButtons.savePasted.pattern, async (ctx) => {
  // tapped while /key's prompt waited (flow.ts): the outcome goes to the prompt, the offer loses its buttons
  const prompt = keySubmission(ctx);
  if (prompt) await ctx.editMessageReplyMarkup().catch(() => undefined);
  const apiKey = await ctx.deps.store.pendingKeys.take(ctx.from.id, ctx.deps.now());
  if (apiKey === undefined) {
    await showView(ctx, { text: ctx.t("keys-pasted-expired") }, prompt?.promptId === undefined ? undefined : { messageId: prompt.promptId });
    return;
  }
  await ctx.answerCallbackQuery();
  await addKey(ctx, apiKey, prompt ?? { promptId: ctx.callbackQuery.message?.message_id });
});

pastedSecrets.callbackQuery(KeyButtons.dropPasted.pattern, async (ctx) => {
  await ctx.deps.store.pendingKeys.discard(ctx.from.id);
  await showView(ctx, { text: ctx.t("keys-pasted-dropped") });
});
