/**
 * API keys in the chat: /key (add one; private chats only), /keys (list, make default, rename,
 * remove), and the cross-feature buttons "Add key" and "My keys".
 */
import { Composer, type InlineKeyboard } from "grammy";
import type { BotContext, ConversationContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { ADD_KEY_CANCEL, ADD_KEY_CONVERSATION, addKeyConversation, isKeySubmission } from "./flow.js";
import { LABEL_KEY_CONVERSATION, LABEL_WAIT_MS, labelKeyConversation } from "./label-flow.js";
import { deleteKeyMessage, handleKeySubmission, scrubKeyFromUpdate } from "./submission.js";
import { fingerprintText, renderKeysList, renderRemoveConfirm } from "./views.js";
import { isPrivateChat, replyUsePrivateChat } from "../../render/private-chat.js";
import { escapeHtml } from "../../../format/html.js";
import { createConversation } from "@grammyjs/conversations";

export const keysFeature = new Composer<BotContext>();

keysFeature.use(createConversation<BotContext, ConversationContext>(addKeyConversation, ADD_KEY_CONVERSATION));
keysFeature.use(createConversation<BotContext, ConversationContext>(labelKeyConversation, { id: LABEL_KEY_CONVERSATION, maxMillisecondsToWait: LABEL_WAIT_MS }));

// The add-key conversation hands the key message on (see conversations/add-key.ts).
keysFeature.on("message:text").filter(isKeySubmission, (ctx) => handleKeySubmission(ctx, ctx.message.text));

const t = (ctx: BotContext) => (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);

async function startAddKey(ctx: BotContext): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(ADD_KEY_CONVERSATION);
}

keysFeature.command("key", async (ctx) => {
  const pasted = ctx.match.trim();
  if (!isPrivateChat(ctx)) {
    if (!pasted) return replyUsePrivateChat(ctx);
    const deleted = await deleteKeyMessage(ctx);
    scrubKeyFromUpdate(ctx);
    return replyUsePrivateChat(ctx, deleted ? "keys-group-deleted" : "keys-group-delete-failed");
  }
  if (pasted) {
    await ctx.conversation.exitAll();
    return handleKeySubmission(ctx, pasted);
  }
  await startAddKey(ctx);
});

keysFeature.callbackQuery(SharedButtons.addKey.pattern, async (ctx) => {
  if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
  await ctx.answerCallbackQuery();
  await startAddKey(ctx);
});

// The prompt's Cancel after the conversation is gone (timed out, restarted flow).
keysFeature.callbackQuery(ADD_KEY_CANCEL, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup().catch(() => undefined);
});

/** Edits the tapped message in place; a message that can't be edited any more gets a fresh one. */
async function editOrReply(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  if (ctx.callbackQuery?.message) {
    const edited = await ctx.editMessageText(text, { reply_markup: keyboard }).then(
      () => true,
      () => false,
    );
    if (edited) return;
  }
  await ctx.reply(text, { reply_markup: keyboard });
}

async function showKeys(ctx: BotContext, mode: "reply" | "edit", notice?: string): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const list = renderKeysList(ctx.deps.store.apiKeys.list(userId), t(ctx), ctx.fmt, notice);
  if (mode === "edit") await editOrReply(ctx, list.text, list.keyboard);
  else await ctx.reply(list.text, { reply_markup: list.keyboard });
}

keysFeature.command("keys", async (ctx) => {
  if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
  await showKeys(ctx, "reply");
});

keysFeature.callbackQuery(SharedButtons.listKeys.pattern, async (ctx) => {
  if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
  await ctx.answerCallbackQuery();
  await showKeys(ctx, "reply");
});

keysFeature.callbackQuery("keys:back", async (ctx) => {
  await ctx.answerCallbackQuery();
  await showKeys(ctx, "edit");
});

/** Runs a per-key button: the key must still exist and belong to the user tapping. */
function onKeyButton(action: string, handler: (ctx: BotContext, keyId: number, userId: number) => Promise<void>): void {
  keysFeature.callbackQuery(new RegExp(`^keys:${action}:(\\d+)$`), async (ctx) => {
    const userId = ctx.from.id;
    const keyId = Number(ctx.match[1]);
    if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
    if (!ctx.deps.store.apiKeys.get(userId, keyId)) {
      await ctx.answerCallbackQuery({ text: ctx.t("keys-not-found") });
      return showKeys(ctx, "edit");
    }
    await handler(ctx, keyId, userId);
  });
}

onKeyButton("def", async (ctx, keyId, userId) => {
  const keys = ctx.deps.store.apiKeys;
  keys.setDefault(userId, keyId);
  const key = keys.get(userId, keyId)!;
  await ctx.answerCallbackQuery();
  await showKeys(ctx, "edit", ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(key)) }));
});

onKeyButton("ren", async (ctx, keyId) => {
  await ctx.answerCallbackQuery();
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(LABEL_KEY_CONVERSATION, keyId, "rename");
});

onKeyButton("rm", async (ctx, keyId, userId) => {
  const confirm = renderRemoveConfirm(ctx.deps.store.apiKeys.get(userId, keyId)!, t(ctx));
  await ctx.answerCallbackQuery();
  await editOrReply(ctx, confirm.text, confirm.keyboard);
});

onKeyButton("rmy", async (ctx, keyId, userId) => {
  const keys = ctx.deps.store.apiKeys;
  const removed = keys.get(userId, keyId)!;
  keys.remove(userId, keyId);
  const lines = [ctx.t("keys-removed", { fingerprint: escapeHtml(fingerprintText(removed)) })];
  const promoted = removed.isDefault ? keys.getDefault(userId) : undefined;
  if (promoted) lines.push(ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(promoted)) }));
  await ctx.answerCallbackQuery();
  await showKeys(ctx, "edit", lines.join("\n"));
});
