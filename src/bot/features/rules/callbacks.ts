/** Codec buttons of /rules (its menus' buttons are the menu plugin's). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const RuleCallbacks = {
  /**
   * Back to the rule card in the tapped message, from a view that cannot be a menu because it
   * carries another feature's button (the resume shortfall with Deposit).
   */
  card: defineCallback("rule.card", { id: "uuid", page: "int" }),
  /** "No max price" on the price cap prompt (cap.ts). */
  capOff: defineCallback("rule.capx"),
} as const;
