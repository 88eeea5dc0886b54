/**
 * The team desk's buttons. In the group (public: they pass the private-only guard, and every one
 * checks at the tap that its user administers the group now): Balance, Buy's Confirm and Cancel. In
 * the owner's private chat: a desk's card, its maximum, its removal (the group's id, as a positive number).
 */
import { defineCallback } from "../../../telegram/callback-codec.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";

export const TeamButtons = {
  balance: defineCallback("team.bal", {}, { inGroups: true }),
  /** Also on the card of /buy's flow in the group (telegram/shared-buttons.ts). */
  confirm: SharedButtons.deskConfirm,
  cancel: SharedButtons.deskCancel,
  list: defineCallback("team.list"),
  bind: defineCallback("team.bind"),
  max: defineCallback("team.max", { chat: "big" }),
  /** "No maximum" on the maximum's prompt. */
  noMax: defineCallback("team.nomax"),
  remove: defineCallback("team.rm", { chat: "big" }),
} as const;

/** Group ids are negative; a button carries the number without its sign. */
export const chatOfButton = (chat: bigint) => -Number(chat);
export const buttonOfChat = (chatId: number) => BigInt(-chatId);
