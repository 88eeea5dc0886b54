/**
 * /addresses: the addresses the user bought for (or made rules for), with labels and live energy,
 * each with Buy, Check, Rename and Forget (menus.ts); the rename step (flow.ts).
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { AddressButtons } from "./callbacks.js";
import { renameAddressConversation } from "./flow.js";
import { RENAME_ADDRESS_CONVERSATION, showAddresses } from "./menus.js";
import { defineFlow } from "../../flow/define.js";

export { addressesMenu } from "./menus.js";

export const addressesFeature = new Composer<BotContext>();

export const addressesFlows = [defineFlow(renameAddressConversation, RENAME_ADDRESS_CONVERSATION)];

// In groups, features/private-only points to the private chat.
addressesFeature.chatType("private").command("addresses", (ctx) => showAddresses(ctx, 1));

// Back to the list from a finished rename, in its message.
addressesFeature.callbackQuery(AddressButtons.list.pattern, (ctx) => showAddresses(ctx, 1));
