/**
 * Every feature, in the order they see updates, each one Composer in its own folder; the features'
 * conversations (`flows`) and cards (`menus`), installed before all features; and `publicButtons`,
 * the codec buttons that also work in groups.
 */
import type { Middleware } from "grammy";
import type { Feature } from "../feature-router.js";
import type { Menu } from "@grammyjs/menu";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { FlowCancel } from "../flow/flow-message.js";
import type { BotContext } from "../context.js";
import { checkFeature, checkFlows } from "./check/index.js";
import { startFeature } from "./start/index.js";
import { helpFeature } from "./start/help.js";
import { languageFeature, languageMenu } from "./language/index.js";
import { chatMemberFeature } from "./chat-member/index.js";
import { keysFeature, keysFlows, keysMenu } from "./keys/index.js";
import { balanceFeature } from "./balance/index.js";
import { depositFeature } from "./deposit/index.js";
import { statsFeature } from "./stats/index.js";
import { statementFeature } from "./statement/index.js";
import { buyFeature, buyFlows } from "./buy/index.js";
import { ordersFeature, ordersMenu } from "./orders/index.js";
import { RULE_COMMANDS, automationFlows, automationsFeature } from "./automations/index.js";
import { rulesFeature, rulesFlows, rulesMenu } from "./rules/index.js";
import { inlineFeature } from "./inline/index.js";
import { blogFeature } from "./blog/index.js";
import { BlogButtons } from "./blog/callbacks.js";
import { addressMessageFeature } from "./check/bare-address.js";
import { webhookFeature, webhookFlows, webhookMenu } from "./webhook/index.js";
import { settingsFeature, settingsFlows, settingsMenu } from "./settings/index.js";
import { alertsFeature, alertsFlows, alertsMenu } from "./alerts/index.js";
import { accountCommands, privateOnlyFeature } from "./private-only/index.js";
import { announceFeature, announceFlows } from "./announce/index.js";
import { addressesFeature, addressesFlows, addressesMenu } from "./addresses/index.js";

/**
 * Every feature in the order they see updates, each with what it answers (bot/feature-router.ts
 * hands a feature no other update; its own filters still decide). Button namespaces are the codec
 * prefixes' first words (telegram/shared-buttons.ts and each feature's callbacks.ts).
 */
export const features: Feature[] = [
  // first of the features: a key pasted anywhere (`/key <KEY>` in a group, a bare key) is deleted
  // before another feature sees the message (flows, which come earlier, guard their own steps)
  { middleware: keysFeature, answers: { messages: "all", commands: ["key", "keys"], buttons: ["key", "keys"] } },
  // account commands in groups only get a pointer to the private chat
  { middleware: privateOnlyFeature, answers: { commands: accountCommands } },
  { middleware: chatMemberFeature, answers: { updates: ["my_chat_member"] } },
  // before start: it answers /start check_<address> and /start buy_<address>
  { middleware: checkFeature, answers: { commands: ["start", "check"], buttons: ["chk"] } },
  { middleware: startFeature, answers: { commands: ["start"] } },
  { middleware: helpFeature, answers: { commands: ["help"] } },
  { middleware: languageFeature, answers: { commands: ["language"] } },
  { middleware: balanceFeature, answers: { commands: ["balance"], buttons: ["bal"] } },
  { middleware: depositFeature, answers: { commands: ["deposit"], buttons: ["dep"] } },
  { middleware: statsFeature, answers: { commands: ["stats"] } },
  { middleware: statementFeature, answers: { commands: ["statement"], buttons: ["stmt"] } },
  { middleware: buyFeature, answers: { commands: ["buy"], buttons: ["buy"] } },
  { middleware: addressesFeature, answers: { commands: ["addresses"], buttons: ["adr"] } },
  { middleware: ordersFeature, answers: { commands: ["orders"], buttons: ["ord"] } },
  { middleware: automationsFeature, answers: { commands: RULE_COMMANDS } },
  { middleware: rulesFeature, answers: { commands: ["rules"], buttons: ["rule"] } },
  { middleware: inlineFeature, answers: { updates: ["inline_query"] } },
  { middleware: blogFeature, answers: { commands: ["blog", "start"], buttons: ["blog"] } },
  { middleware: webhookFeature, answers: { commands: ["webhook"], buttons: ["whk"] } },
  { middleware: settingsFeature, answers: { commands: ["settings"], buttons: ["set"] } },
  { middleware: alertsFeature, answers: { commands: ["alert"], buttons: ["alert"] } },
  { middleware: announceFeature, answers: { commands: ["announce", "stop"], buttons: ["ann"] } },
  // last: a bare address in a private chat, when no command or button took the message
  { middleware: addressMessageFeature, answers: { messages: "plain" } },
];

/**
 * Every conversation of the bot (each feature's own, listed here once). Registered before the
 * menus and the features, so a menu button or any handler can start any of them.
 */
export const flows: Array<Middleware<BotContext>> = [...keysFlows, ...buyFlows, ...automationFlows, ...checkFlows, ...webhookFlows, ...settingsFlows, ...addressesFlows, ...alertsFlows, ...rulesFlows, ...announceFlows];

/** Every @grammyjs/menu card of the bot (each feature's own, listed here once). */
export const menus: Menu<BotContext>[] = [languageMenu, ordersMenu, rulesMenu, keysMenu, settingsMenu, webhookMenu, addressesMenu, alertsMenu];

/** Codec buttons that work outside private chats (all the others are account buttons). */
export const publicButtons: ReadonlyArray<{ inGroups: boolean; pattern: RegExp }> = [...Object.values(SharedButtons), ...Object.values(BlogButtons), FlowCancel].filter((b) => b.inGroups);
