/**
 * /webhook: pushed notices through the marketplace's webhooks. Without an endpoint (or with one
 * not finished) it starts the setup flow (flow.ts); with one it shows the status card (menus.ts).
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { WebhookButtons } from "./callbacks.js";
import { enterWebhookSetup, SETUP_WAIT_MS, WEBHOOK_SETUP_CONVERSATION, webhookSetupConversation } from "./flow.js";
import { configuredEndpoint, showStatus } from "./menus.js";
import { receiverBase } from "./views.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";
import { defineFlow } from "../../flow/define.js";

export { webhookMenu } from "./menus.js";

export const webhookFeature = new Composer<BotContext>();

export const webhookFlows = [
  defineFlow(webhookSetupConversation, WEBHOOK_SETUP_CONVERSATION, { maxMillisecondsToWait: SETUP_WAIT_MS }),
];

const privateChat = webhookFeature.chatType("private");

privateChat.command("webhook", async (ctx) => {
  if (!receiverBase(ctx.deps)) {
    await ctx.reply(ctx.t("webhook-no-public-url"));
    return;
  }
  if (await configuredEndpoint(ctx)) return showStatus(ctx);
  // a default key already refused webhooks: say so now, and offer the keys that may
  if (!(await defaultKeyMay(ctx, "webhooks", WEBHOOK_SETUP_CONVERSATION))) return;
  await enterWebhookSetup(ctx);
});

privateChat.callbackQuery(WebhookButtons.open.pattern, (ctx) => showStatus(ctx));
