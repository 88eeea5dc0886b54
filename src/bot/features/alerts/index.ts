/**
 * /alert: price alerts. "Tell me when 65,000 energy for 1 hour costs less than X TRX": up to five,
 * listed and removable on one card (menus.ts), added through a short flow (flow.ts); the watcher
 * (src/watch/price-alerts.ts) tells each once when the price is under it, and again only after the
 * price went back above.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { PRICE_ALERT_CONVERSATION, priceAlertConversation } from "./flow.js";
import { showAlerts } from "./menus.js";
import { defineFlow } from "../../flow/define.js";

export { alertsMenu } from "./menus.js";

export const alertsFeature = new Composer<BotContext>();

export const alertsFlows = [defineFlow(priceAlertConversation, PRICE_ALERT_CONVERSATION)];

const privateChat = alertsFeature.chatType("private");

privateChat.command("alert", (ctx) => showAlerts(ctx));

privateChat.callbackQuery(SharedButtons.listPriceAlerts.pattern, (ctx) => showAlerts(ctx));
