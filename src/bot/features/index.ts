/**
 * Every feature, in the order they see updates. Each is one Composer; a feature that has
 * conversations registers them itself. `menus` are installed before every feature, so any handler
 * can show any card; `publicButtons` are the codec buttons that also work in groups.
 */
import type { Composer } from "grammy";
import type { Menu } from "@grammyjs/menu";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { FlowCancel } from "../flow/flow-message.js";
import type { CallbackCodec, FieldKind } from "../../telegram/callback-codec.js";
import type { BotContext } from "../context.js";
import { checkFeature } from "./check/index.js";
import { startFeature } from "./start/index.js";
import { helpFeature } from "./start/help.js";
import { languageFeature, languageMenu } from "./language/index.js";
import { chatMemberFeature } from "./chat-member.js";
import { keysFeature, keysMenu } from "./keys/index.js";
import { balanceFeature } from "./balance/index.js";
import { depositFeature } from "./deposit/index.js";
import { statsFeature } from "./stats/index.js";
import { buyFeature } from "./buy/index.js";
import { ordersFeature, ordersMenu } from "./orders/index.js";
import { automationsFeature } from "./automations/index.js";
import { rulesFeature, rulesMenu } from "./rules/index.js";
import { inlineFeature } from "./inline/index.js";
import { blogFeature } from "./blog/index.js";
import { addressMessageFeature } from "./check/bare-address.js";
import { webhookFeature, webhookMenu } from "./webhook/index.js";
import { settingsFeature, settingsMenu } from "./settings/index.js";
import { privateOnlyFeature } from "./private-only.js";

export const features: Composer<BotContext>[] = [
  // first: the key prompt must see every command (/help, /start, …) to step aside for it, and a
  // key pasted in a group (`/key <KEY>`) must be deleted, not only pointed to the private chat
  keysFeature,
  // account commands in groups only get a pointer to the private chat
  privateOnlyFeature,
  chatMemberFeature,
  // before start: it answers /start check_<address> and /start buy_<address>
  checkFeature,
  startFeature,
  helpFeature,
  languageFeature,
  balanceFeature,
  depositFeature,
  statsFeature,
  buyFeature,
  ordersFeature,
  automationsFeature,
  rulesFeature,
  inlineFeature,
  blogFeature,
  webhookFeature,
  settingsFeature,
  // last: a bare address in a private chat, after every conversation had its chance
  addressMessageFeature,
];

/** Every @grammyjs/menu card of the bot (each feature's own, listed here once). */
export const menus: Menu<BotContext>[] = [languageMenu, ordersMenu, rulesMenu, keysMenu, settingsMenu, webhookMenu];

/** Codec buttons that work outside private chats (all the others are account buttons). */
export const publicButtons: ReadonlyArray<CallbackCodec<Record<string, FieldKind>>> = [...Object.values(SharedButtons), FlowCancel].filter((b) => b.inGroups) as never;
