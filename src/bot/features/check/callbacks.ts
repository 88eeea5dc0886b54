/** The check feature's own codec buttons (its card's Check/Refresh is SharedButtons.checkAddress). */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const CheckStep = {
  /** /check without an address: one of the user's saved addresses. */
  address: defineCallback("chk.pick", { address: "address" }),
} as const;
