/** The webhook feature's button outside its menu: the status card, after the setup flow. */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const WebhookButtons = {
  /** The status card, in the tapped message. */
  open: defineCallback("whk.open"),
} as const;
