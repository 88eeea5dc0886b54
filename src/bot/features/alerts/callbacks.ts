/** The price alert flow's buttons (its card is a menu: menus.ts). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const AlertButtons = {
  /** The duration the alert watches (1h, 1d). */
  duration: defineCallback("alert.d", { duration: "word" }),
} as const;
