/** The addresses feature's own codec buttons (the list and the card are menus, see menus.ts). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const AddressButtons = {
  /** Back to the /addresses list, in the same message, from a finished rename. */
  list: defineCallback("adr.back"),
  /** On the rename step: remove the label the address has. */
  clearLabel: defineCallback("adr.clr"),
} as const;
