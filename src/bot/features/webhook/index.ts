/**
 * /webhook: pushed notices through the marketplace's webhooks. Without an endpoint (or with one
 * not finished) it starts the setup conversation; with one it shows the status card, whose buttons
 * send a test event, turn notices on or off, change the endpoint, or delete it (after a confirm:
 * the marketplace stops delivering and the secret is lost).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext, ConversationContext } from "../../context.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { withUserClient } from "../../marketplace-access.js";
import { replyWithError } from "../../reply-error.js";
import {
  endpointKeyId,
  pingAndWait,
  pingWaitMs,
  WEBHOOK_SETUP_CONVERSATION,
  webhookSetupConversation,
} from "./flow.js";
import { receiverUrl, renderPingOutcome, renderWebhookStatus, WebhookActions } from "./views.js";
import { createConversation } from "@grammyjs/conversations";

export const webhookFeature = new Composer<BotContext>();

// Long enough to create the endpoint in the dashboard and come back with its id and secret.
const SETUP_WAIT_MS = 30 * 60_000;

webhookFeature.use(createConversation<BotContext, ConversationContext>(webhookSetupConversation, { id: WEBHOOK_SETUP_CONVERSATION, maxMillisecondsToWait: SETUP_WAIT_MS }));

const t = (ctx: BotContext) => (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);

/** The user's finished endpoint (id and secret given), if any. */
function configuredEndpoint(ctx: BotContext) {
  const row = ctx.from ? ctx.deps.store.webhooks.forUser(ctx.from.id) : undefined;
  return row?.endpointId && row.sealedSecret ? row : undefined;
}

function statusCard(ctx: BotContext, note?: string) {
  const row = configuredEndpoint(ctx);
  if (!row || !ctx.deps.publicUrl) return undefined;
  const noticesEnabled = ctx.deps.store.users.get(row.userId)?.noticesEnabled ?? true;
  return renderWebhookStatus(row, { publicUrl: ctx.deps.publicUrl, noticesEnabled, note }, t(ctx), ctx.fmt);
}

/** Edits the card in place (a button's message), or sends it. */
async function showStatus(ctx: BotContext, note?: string): Promise<void> {
  const card = statusCard(ctx, note);
  if (!card) {
    const text = ctx.t("webhook-none");
    if (ctx.callbackQuery) await ctx.editMessageText(text).catch(() => ctx.reply(text));
    else await ctx.reply(text);
    return;
  }
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(card.text, { reply_markup: card.keyboard });
      return;
    } catch {
      // too old to edit, or unchanged: send it instead
    }
  }
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}

const privateChat = webhookFeature.chatType("private");

privateChat.command("webhook", async (ctx) => {
  if (!ctx.deps.publicUrl) {
    await ctx.reply(ctx.t("webhook-no-public-url"));
    return;
  }
  if (configuredEndpoint(ctx)) {
    await showStatus(ctx);
    return;
  }
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(WEBHOOK_SETUP_CONVERSATION);
});

privateChat.callbackQuery(WebhookActions.show, async (ctx) => {
  await ctx.answerCallbackQuery();
  await showStatus(ctx);
});

privateChat.callbackQuery(WebhookActions.change, async (ctx) => {
  await ctx.answerCallbackQuery();
  if (!ctx.deps.publicUrl) return;
  await ctx.editMessageReplyMarkup().catch(() => undefined);
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(WEBHOOK_SETUP_CONVERSATION);
});

privateChat.callbackQuery(WebhookActions.toggleNotices, async (ctx) => {
  const user = ctx.deps.store.users.get(ctx.from.id);
  const enabled = !(user?.noticesEnabled ?? true);
  ctx.deps.store.users.update(ctx.from.id, { noticesEnabled: enabled });
  await ctx.answerCallbackQuery({ text: ctx.t(enabled ? "webhook-notices-turned-on" : "webhook-notices-turned-off") });
  await showStatus(ctx);
});

privateChat.callbackQuery(WebhookActions.test, async (ctx) => {
  const row = configuredEndpoint(ctx);
  if (!row || !ctx.deps.publicUrl) {
    await ctx.answerCallbackQuery();
    await showStatus(ctx);
    return;
  }
  const seconds = Math.round(pingWaitMs(ctx.deps) / 1000);
  await ctx.answerCallbackQuery({ text: ctx.t("webhook-test-started", { seconds }) });
  try {
    const outcome = await pingAndWait(ctx.deps, row.id);
    await showStatus(ctx, renderPingOutcome(outcome, receiverUrl(ctx.deps.publicUrl, row.routeToken), seconds, t(ctx)));
  } catch (err) {
    await replyWithError(ctx, err);
  }
});

privateChat.callbackQuery(WebhookActions.askDelete, async (ctx) => {
  await ctx.answerCallbackQuery();
  if (!configuredEndpoint(ctx)) return showStatus(ctx);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("webhook-button-delete-confirm"), WebhookActions.delete)
    .row()
    .text(ctx.t("button-back"), WebhookActions.show);
  await ctx.editMessageText(ctx.t("webhook-delete-confirm"), { reply_markup: keyboard }).catch(() => undefined);
});

privateChat.callbackQuery(WebhookActions.delete, async (ctx) => {
  const row = ctx.deps.store.webhooks.forUser(ctx.from.id);
  if (!row) {
    // A second tap, after the first one deleted it.
    await ctx.answerCallbackQuery({ text: ctx.t("webhook-none") });
    return;
  }
  if (row.endpointId) {
    const keyId = endpointKeyId(ctx.deps.store, row);
    try {
      await withUserClient(ctx.deps, row.userId, (client) => client.deleteWebhook(row.endpointId!), { keyId, needs: "full" });
    } catch (err) {
      // Already gone on the marketplace's side: forgetting it here is all that is left to do.
      if (!(err instanceof MarketplaceError && err.isNotFound)) {
        await replyWithError(ctx, err, { edit: true });
        return;
      }
    }
  }
  ctx.deps.store.webhooks.remove(row.userId, row.id);
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t("webhook-deleted")).catch(() => ctx.reply(ctx.t("webhook-deleted")));
});
