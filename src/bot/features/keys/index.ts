/**
 * API keys in the chat: /key (add one; private chats only), /keys (the list and a card per key:
 * make default, rename, remove), and the cross-feature buttons "Add key" and "My keys".
 */
import { deleteUserMessage } from "../../ui/delete-message.js";
import { Composer } from "grammy";
import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConversationContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isPrivateChat, replyUsePrivateChat } from "../../ui/private-chat.js";
import { KeyButtons } from "./callbacks.js";
import { ADD_KEY_CONVERSATION, addKeyConversation, enterAddKey, keySubmission, LABEL_KEY_CONVERSATION, LABEL_WAIT_MS, labelKeyConversation } from "./flow.js";
import { showKeys } from "./menus.js";
import { pastedSecrets } from "./pasted.js";
import { handleKeySubmission, scrubKeyFromUpdate } from "./submission.js";

export { keysMenu } from "./menus.js";

export const keysFeature = new Composer<BotContext>();

export const keysFlows = [
  createConversation<BotContext, ConversationContext>(addKeyConversation, ADD_KEY_CONVERSATION),
  createConversation<BotContext, ConversationContext>(labelKeyConversation, { id: LABEL_KEY_CONVERSATION, maxMillisecondsToWait: LABEL_WAIT_MS }),
];

// A key flow hands the key's message on (see flow.ts).
keysFeature.on("message:text", async (ctx, next) => {
  const submission = keySubmission(ctx);
  if (!submission) return next();
  await handleKeySubmission(ctx, ctx.message.text, submission);
});

keysFeature.use(pastedSecrets);

keysFeature.command("key", async (ctx) => {
  const pasted = ctx.match.trim();
  if (!isPrivateChat(ctx)) {
    if (!pasted) return replyUsePrivateChat(ctx);
    const deleted = await deleteUserMessage(ctx);
    scrubKeyFromUpdate(ctx);
    return replyUsePrivateChat(ctx, deleted ? "keys-group-deleted" : "keys-group-delete-failed");
  }
  if (pasted) {
    await ctx.conversation.exitAll();
    return handleKeySubmission(ctx, pasted);
  }
  await enterAddKey(ctx);
});

keysFeature.callbackQuery(SharedButtons.addKey.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await enterAddKey(ctx);
});

keysFeature.command("keys", async (ctx) => {
  if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
  await showKeys(ctx);
});

// From another feature's message (an error, a notice): the list comes as a new message, the one
// tapped stays as it is.
keysFeature.callbackQuery(SharedButtons.listKeys.pattern, (ctx) => showKeys(ctx, undefined, { asNew: true }));

// Back to the list from a finished rename, in its message.
keysFeature.callbackQuery(KeyButtons.list.pattern, (ctx) => showKeys(ctx));
