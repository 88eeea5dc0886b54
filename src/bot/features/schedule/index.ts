/**
 * /schedule: scheduled purchases. "Every weekday at 09:00 (my time zone) buy 131,000 energy for 1
 * hour for Main wallet": listed, paused, resumed and deleted on one card (menus.ts), added through a
 * flow (flow.ts); run on the leader by schedules/runner.ts, once per due time, each run told through
 * the outbox (or only a failed one, as the user picked).
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { SCHEDULE_CONVERSATION, scheduleConversation } from "./flow.js";
import { showSchedules } from "./menus.js";
import { defineFlow } from "../../flow/define.js";

export { schedulesMenu } from "./menus.js";

export const scheduleFeature = new Composer<BotContext>();

export const scheduleFlows = [defineFlow(scheduleConversation, SCHEDULE_CONVERSATION)];

const privateChat = scheduleFeature.chatType("private");

privateChat.command("schedule", (ctx) => showSchedules(ctx));

privateChat.callbackQuery(SharedButtons.listSchedules.pattern, (ctx) => showSchedules(ctx));
