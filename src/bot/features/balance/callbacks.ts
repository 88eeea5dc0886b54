import { defineCallback } from "../../../telegram/callback-codec.js";

/** Refresh on the balance card (the card is edited in place). */
export const BalanceRefresh = defineCallback("bal.r");
