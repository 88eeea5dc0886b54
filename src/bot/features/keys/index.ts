/**
 * API keys in the chat: /key (add one; private chats only), /keys (the list and a card per key:
 * make default, rename, remove, its monthly budget), and the cross-feature buttons "Add key" and "My keys".
 */
import { deleteUserMessage } from "../../ui/delete-message.js";
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isPrivateChat, replyUsePrivateChat } from "../../ui/private-chat.js";
import { KeyButtons } from "./callbacks.js";
import { ADD_KEY_CONVERSATION, addKeyConversation, enterAddKey, keySubmission, LABEL_KEY_CONVERSATION, LABEL_WAIT_MS, labelKeyConversation } from "./flow.js";
import { showKeys } from "./menus.js";
import { fingerprintText } from "./views.js";
import { showView } from "../../ui/view.js";
import { takeGatedArgs } from "../../marketplace/scope-gate.js";
import { leaveOpenFlows } from "../../flow/enter.js";
import { escapeHtml } from "../../../format/html.js";
import { pastedSecrets } from "./pasted.js";
import { BUDGET_CONVERSATION, budgetConversation } from "./budget.js";
import { addKey, handleKeySubmission, scrubKeyFromUpdate } from "./submission.js";
import { defineFlow } from "../../flow/define.js";

export { keysMenu } from "./menus.js";

export const keysFeature = new Composer<BotContext>();

export const keysFlows = [
  defineFlow(addKeyConversation, ADD_KEY_CONVERSATION),
  defineFlow(labelKeyConversation, LABEL_KEY_CONVERSATION, { maxMillisecondsToWait: LABEL_WAIT_MS }),
  defineFlow(budgetConversation, BUDGET_CONVERSATION),
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
    await leaveOpenFlows(ctx);
    return handleKeySubmission(ctx, pasted);
  }
  await enterAddKey(ctx);
});

keysFeature.callbackQuery(SharedButtons.addKey.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await enterAddKey(ctx);
});

// The welcome's demo-key buttons (embedded sandbox only): the key is added as if it had been sent with /key.
keysFeature.callbackQuery(SharedButtons.addDemoKey.pattern, async (ctx) => {
  const scope = SharedButtons.addDemoKey.unpack(ctx.callbackQuery.data)?.scope;
  const demo = ctx.deps.demoKeys;
  const key = demo && (scope === "read" || scope === "purchase" || scope === "full") ? demo[scope] : undefined;
  if (!key) return ctx.answerCallbackQuery({ text: ctx.t("start-demo-unavailable") });
  await ctx.answerCallbackQuery();
  await leaveOpenFlows(ctx);
  // tapped while /key's prompt waited: the prompt's message shows the outcome (flow.ts)
  await addKey(ctx, key, keySubmission(ctx) ?? { promptId: undefined });
});

keysFeature.callbackQuery(SharedButtons.useKeyFor.pattern, async (ctx) => {
  const { id, flow } = SharedButtons.useKeyFor.unpack(ctx.callbackQuery.data)!;
  const key = await ctx.deps.store.apiKeys.get(ctx.from.id, id);
  // only the flows a key picked by marketplace/scope-gate.ts may start (the registry of flows lists them)
  const start = ctx.flows.gated.get(flow);
  if (!key || !start) return ctx.answerCallbackQuery({ text: ctx.t("keys-not-found") });
  await ctx.deps.store.apiKeys.setDefault(key.userId, key.id);
  await showView(ctx, { text: ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(key)) }) });
  // the answers the user had given when the flow was refused with this message (marketplace/scope-gate.ts)
  const args = await takeGatedArgs(ctx, flow, ctx.callbackQuery.message?.message_id);
  await start(ctx, args);
});

keysFeature.callbackQuery(KeyButtons.makeDefault.pattern, async (ctx) => {
  const key = await ctx.deps.store.apiKeys.get(ctx.from.id, KeyButtons.makeDefault.unpack(ctx.callbackQuery.data)!.id);
  if (!key) return showKeys(ctx, undefined, { toast: ctx.t("keys-not-found") });
  await ctx.deps.store.apiKeys.setDefault(key.userId, key.id);
  await showKeys(ctx, ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(key)) }));
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
