/** The preview's buttons (Refresh, drawn by the announcer too, is in SharedButtons). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const AnnounceButtons = {
  send: defineCallback("ann.send", { id: "int" }),
  cancel: defineCallback("ann.x", { id: "int" }),
} as const;
