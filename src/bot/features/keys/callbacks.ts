/** The keys feature's own buttons inside its flows (the cards are menus, see menus.ts). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const KeyButtons = {
  /** Skip on the label step after a key was added. */
  skipLabel: defineCallback("keys.skip"),
  /** Back to the keys list, in the same message, from a finished rename. */
  list: defineCallback("keys.back"),
  /** On a new key's final message: make it the default (offered when the default was refused something). */
  makeDefault: defineCallback("keys.def", { id: "int" }),
  /** Save / don't save an API key that was pasted as a plain message (pasted.ts). */
  savePasted: defineCallback("keys.psave"),
  dropPasted: defineCallback("keys.pdrop"),
  /** "No budget" on the monthly budget prompt (budget.ts). */
  budgetOff: defineCallback("keys.boff"),
} as const;
