/** The settings feature's buttons outside its menu (inside the alert prompt, and after it). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const SettingsButtons = {
  /** The settings card, in the tapped message. */
  open: defineCallback("set.open"),
  /** "Alert off" on the balance-alert prompt. */
  alertOff: defineCallback("set.off"),
} as const;
