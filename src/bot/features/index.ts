/**
 * Every feature, in the order they see updates, each one Composer in its own folder; the features'
 * conversations (`flows`) and cards (`menus`), installed before all features; what the features
 * offer each other (`flowEntries`, `gatedFlows`: the registry of flows, flow/registry.ts, built by
 * createBot); and `publicButtons`, the codec buttons that also work in groups. Only this file
 * imports the features: a feature never imports another.
 */
import type { Feature } from "../feature-router.js";
import type { Menu } from "@grammyjs/menu";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { FlowCancel } from "../flow/flow-message.js";
import type { BotContext } from "../context.js";
import type { FlowEntries, GatedStart } from "../flow/registry.js";
import { conversationStart } from "../flow/enter.js";
import { checkEntries, checkFeature, checkPrompts } from "./check/index.js";
import type { Prompt } from "../flow/prompt.js";
import { startFeature } from "./start/index.js";
import { helpFeature } from "./start/help.js";
import { languageFeature, languageMenu } from "./language/index.js";
import { chatMemberFeature } from "./chat-member/index.js";
import { keysFeature, keysFlows, keysMenu } from "./keys/index.js";
import { balanceFeature } from "./balance/index.js";
import { depositFeature } from "./deposit/index.js";
import { statsFeature } from "./stats/index.js";
import { statementFeature } from "./statement/index.js";
import { buyEntries, buyFeature, buyGated, buyPrompts } from "./buy/index.js";
import { BuyStep } from "./buy/callbacks.js";
import { ordersEntries, ordersFeature, ordersMenu } from "./orders/index.js";
import { RULE_COMMANDS, automationFlows, automationsFeature } from "./automations/index.js";
import { REFILL_CONVERSATION, RENEWAL_CONVERSATION, SMART_CONVERSATION } from "./automations/flow.js";
import { RULE_EDIT_FLOW } from "../flow/rule-edit.js";
import { rulesFeature, rulesFlows, rulesMenu } from "./rules/index.js";
import { inlineFeature } from "./check/inline.js";
import { blogFeature } from "./blog/index.js";
import { BlogButtons } from "./blog/callbacks.js";
import { addressMessageFeature } from "./check/bare-address.js";
import { webhookFeature, webhookFlows, webhookMenu } from "./webhook/index.js";
import { WEBHOOK_SETUP_CONVERSATION } from "./webhook/flow.js";
import { settingsFeature, settingsFlows, settingsMenu } from "./settings/index.js";
import { alertsFeature, alertsFlows, alertsMenu } from "./alerts/index.js";
import { scheduleFeature, scheduleFlows, schedulesMenu } from "./schedule/index.js";
import { accountCommands, privateOnlyFeature } from "./private-only/index.js";
import { announceFeature, announceFlows } from "./announce/index.js";
import { addressesFeature, addressesFlows, addressesMenu } from "./addresses/index.js";
import { teamFeature, teamFlows } from "./team/index.js";
import { TeamButtons } from "./team/callbacks.js";
import { batchEntries, batchFeature, batchFlows } from "./batch/index.js";
import { BATCH_CONVERSATION } from "./batch/flow.js";
import type { Flow } from "../flow/define.js";

/**
 * Every feature in the order they see updates, each with the commands and button namespaces it
 * answers (bot/feature-router.ts hands it no other command or tap; plain messages and other updates
 * reach every feature; its own filters still decide). A button's namespace is its codec prefix's
 * first word (telegram/shared-buttons.ts, each feature's callbacks.ts). `drawsCards`: a command of
 * the feature answers with a card menu (`menus` below), so its route installs the menus.
 */
export const features: Feature[] = [
  // first of the features: a key pasted anywhere (`/key <KEY>` in a group, a bare key) is deleted
  // before another feature sees the message (flows, which come earlier, guard their own steps)
  { middleware: keysFeature, answers: { commands: ["key", "keys"], buttons: ["key", "keys"] }, drawsCards: true },
  // a group with a team desk: its administrators' /buy and /balance (before private-only points elsewhere)
  { middleware: teamFeature, answers: { commands: ["team", "buy", "balance"], buttons: ["team"] } },
  // account commands in groups only get a pointer to the private chat
  { middleware: privateOnlyFeature, answers: { commands: accountCommands } },
  { middleware: chatMemberFeature, answers: {} },
  // before start: it answers /start check_<address> and /start buy_<address>
  { middleware: checkFeature, answers: { commands: ["start", "check"], buttons: ["chk"] } },
  { middleware: startFeature, answers: { commands: ["start"] } },
  { middleware: helpFeature, answers: { commands: ["help"] } },
  { middleware: languageFeature, answers: { commands: ["language"] }, drawsCards: true },
  { middleware: balanceFeature, answers: { commands: ["balance"], buttons: ["bal"] } },
  { middleware: depositFeature, answers: { commands: ["deposit"], buttons: ["dep"] } },
  { middleware: statsFeature, answers: { commands: ["stats"] } },
  { middleware: statementFeature, answers: { commands: ["statement"], buttons: ["stmt"] } },
  { middleware: buyFeature, answers: { commands: ["buy"], buttons: ["buy"] } },
  { middleware: batchFeature, answers: { commands: ["batch"], buttons: ["batch", "bat"] } },
  { middleware: addressesFeature, answers: { commands: ["addresses"], buttons: ["adr"] }, drawsCards: true },
  { middleware: ordersFeature, answers: { commands: ["orders"], buttons: ["ord"] }, drawsCards: true },
  { middleware: automationsFeature, answers: { commands: RULE_COMMANDS } },
  { middleware: rulesFeature, answers: { commands: ["rules"], buttons: ["rule"] }, drawsCards: true },
  { middleware: inlineFeature, answers: {} },
  { middleware: blogFeature, answers: { commands: ["blog", "start"], buttons: ["blog"] } },
  { middleware: webhookFeature, answers: { commands: ["webhook"], buttons: ["whk"] }, drawsCards: true },
  { middleware: settingsFeature, answers: { commands: ["settings"], buttons: ["set"] }, drawsCards: true },
  { middleware: alertsFeature, answers: { commands: ["alert"], buttons: ["alert"] }, drawsCards: true },
  { middleware: scheduleFeature, answers: { commands: ["schedule"], buttons: ["sched"] }, drawsCards: true },
  { middleware: announceFeature, answers: { commands: ["announce", "stop"], buttons: ["ann"] } },
  // last: a bare address in a private chat, when no command or button took the message
  { middleware: addressMessageFeature, answers: {} },
];

/**
 * Every conversation of the bot (each feature's own, listed here once). Registered before the
 * menus and the features, so a menu button or any handler can start any of them.
 */
export const flows: readonly Flow[] = [...keysFlows, ...batchFlows, ...automationFlows, ...webhookFlows, ...settingsFlows, ...addressesFlows, ...alertsFlows, ...scheduleFlows, ...rulesFlows, ...announceFlows, ...teamFlows];

/** Every prompt (flow/prompt.ts: a question or flow kept in the store, not a conversation), read beside the flows. */
export const prompts: readonly Prompt[] = [...checkPrompts, ...buyPrompts];

/** What one feature offers the others, by id (flow/registry.ts): createBot builds the registry from these. */
export const flowEntries: ReadonlyArray<Partial<FlowEntries>> = [buyEntries, ordersEntries, checkEntries, batchEntries];

/** The flows a key picked by the scope gate's offer (marketplace/scope-gate.ts, keys: "Use this key") may start again. */
export const gatedFlows: Readonly<Record<string, GatedStart>> = {
  ...buyGated,
  ...Object.fromEntries(
    [BATCH_CONVERSATION, REFILL_CONVERSATION, RENEWAL_CONVERSATION, SMART_CONVERSATION, RULE_EDIT_FLOW, WEBHOOK_SETUP_CONVERSATION].map((id) => [id, conversationStart(id)]),
  ),
};

/** Every @grammyjs/menu card of the bot (each feature's own, listed here once). */
export const menus: Menu<BotContext>[] = [languageMenu, ordersMenu, rulesMenu, keysMenu, settingsMenu, webhookMenu, addressesMenu, alertsMenu, schedulesMenu];

/** Codec buttons that work outside private chats (all the others are account buttons). */
export const publicButtons: ReadonlyArray<{ inGroups: boolean; pattern: RegExp }> = [...Object.values(SharedButtons), ...Object.values(BlogButtons), ...Object.values(TeamButtons), ...Object.values(BuyStep), FlowCancel].filter((b) => b.inGroups);
