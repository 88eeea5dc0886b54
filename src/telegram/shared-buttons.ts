/**
 * Buttons that lead from one feature (or a pushed notice) into another: the one place their
 * callback data is defined. The feature that owns each one handles it (see its `index.ts`).
 */
import { defineCallback } from "./callback-codec.js";

export const SharedButtons = {
  addKey: defineCallback("key.add"),
  listKeys: defineCallback("key.list"),
  showBalance: defineCallback("bal"),
  showDeposit: defineCallback("dep"),
  buyEnergy: defineCallback("buy"),
  buyFor: defineCallback("buy.for", { address: "address" }),
  /** Public: works in groups too (the address card is not about an account). */
  checkAddress: defineCallback("chk", { address: "address" }, { inGroups: true }),
  listOrders: defineCallback("ord.list"),
  listRules: defineCallback("rule.list"),
  openRule: defineCallback("rule.open", { id: "uuid" }),
} as const;
