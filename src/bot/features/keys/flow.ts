/**
 * "/key": asks for the API key and waits for it. The key itself is never handled inside the
 * conversation: conversations v2 store every update they receive in their replay log (the
 * bot_storage table) once they wait again. So when the key arrives, this conversation marks the
 * update as a key submission and leaves at once, passing the update on: its state is dropped
 * before anything is written, and the keys feature handles the message as a plain handler
 * (deletes it, verifies and seals the key). See features/key-submission.ts.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../../context.js";
import { waitForReply } from "../../flow/wait.js";
import { isPlausibleApiKey } from "./key-shape.js";

export const ADD_KEY_CONVERSATION = "keys-add";
export const ADD_KEY_CANCEL = "keys:cancel";
/** How long any text answers the prompt; later, only text shaped like a key does. */
export const ADD_KEY_WAIT_MS = 30 * 60_000;

const submissions = new WeakSet<object>();

/** True when the add-key conversation handed this update on as the key. */
export function isKeySubmission(ctx: BotContext): boolean {
  return submissions.has(ctx);
}

export async function addKeyConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const prompt = await ctx.reply(ctx.t("keys-prompt"), {
    reply_markup: new InlineKeyboard().text(ctx.t("button-cancel"), ADD_KEY_CANCEL),
  });
  const askedAt = await conversation.now();
  const reply = await waitForReply(conversation, { buttons: new RegExp(`^${ADD_KEY_CANCEL}$`), expectsSecret: true });
  if (reply.kind === "button") {
    await reply.ctx.answerCallbackQuery().catch(() => undefined);
    await reply.ctx.api.editMessageText(prompt.chat.id, prompt.message_id, ctx.t("cancel-done")).catch(() => undefined);
    return;
  }
  await ctx.api.editMessageReplyMarkup(prompt.chat.id, prompt.message_id).catch(() => undefined);
  // Long after the prompt, only something shaped like a key is taken as one (and still deleted);
  // other text goes on to the rest of the bot.
  const late = (await conversation.now()) - askedAt > ADD_KEY_WAIT_MS;
  if (late && !isPlausibleApiKey(reply.text)) await conversation.halt({ next: true });
  await handOverAsKey(conversation);
}

/**
 * Leaves the conversation and passes the current update on as a key submission. The outside
 * context is only marked (in memory); leaving drops this conversation's state before it is written.
 */
export async function handOverAsKey(conversation: BotConversation): Promise<never> {
  await conversation.external({ task: (outside) => void submissions.add(outside) });
  return conversation.halt({ next: true });
}
