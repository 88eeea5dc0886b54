/** The statement card's own buttons: another month (the card changes in place), and its chart and CSV. */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const StatementButtons = {
  /** The card for `month` (202611), in the tapped message. */
  month: defineCallback("stmt.m", { month: "int" }),
  /** The chart and the CSV of `month`, as new messages. */
  files: defineCallback("stmt.f", { month: "int" }),
} as const;
