/**
 * Buttons that lead from one feature (or a pushed notice) into another: the one place their
 * callback data is defined. The feature that owns each one handles it (see its `index.ts`).
 */
import { defineCallback } from "./callback-codec.js";

export const SharedButtons = {
  addKey: defineCallback("key.add"),
  /** Adds one of the embedded sandbox's demo keys: `scope` is read, purchase or full (the key itself stays in the bot). */
  addDemoKey: defineCallback("key.demo", { scope: "word" }),
  listKeys: defineCallback("key.list"),
  /** Makes key `id` the default and starts `flow` (a conversation the old default could not complete). */
  useKeyFor: defineCallback("key.use", { id: "int", flow: "word" }),
  showBalance: defineCallback("bal"),
  showDeposit: defineCallback("dep"),
  buyEnergy: defineCallback("buy"),
  buyFor: defineCallback("buy.for", { address: "address" }),
  /** The same resource for the same address again (a failed order's notice): volume and duration asked. */
  buyResourceFor: defineCallback("buy.rf", { resource: "word", address: "address" }),
  /** A priced preset on an address card: energy of that volume and duration, straight to the preview. */
  buyPreset: defineCallback("buy.pre", { address: "address", volume: "big", duration: "word" }),
  /** Energy for several addresses at once (/batch), from /buy's address step and /addresses. */
  batch: defineCallback("batch"),
  /** The same address, volume and duration as an earlier order, straight to a fresh preview. */
  buyAgain: defineCallback("buy.re", { order: "uuid" }),
  /** An order's card (from a fill notice, or a card updated by one). */
  openOrder: defineCallback("ord.open", { id: "uuid" }),
  /** Public: works in groups too (the address card is not about an account). */
  checkAddress: defineCallback("chk", { address: "address" }, { inGroups: true }),
  /**
   * A team desk's preview card in its group (the team feature answers them, checking at the tap that
   * its user administers the group now): Confirm and Cancel. Shared: /buy's flow draws the card.
   */
  deskConfirm: defineCallback("team.ok", { id: "uuid" }, { inGroups: true }),
  deskCancel: defineCallback("team.no", { id: "uuid" }, { inGroups: true }),
  listOrders: defineCallback("ord.list"),
  listRules: defineCallback("rule.list"),
  openRule: defineCallback("rule.open", { id: "uuid" }),
  /** Pause a rule straight from its fired notice (its card follows). */
  pauseRule: defineCallback("rule.pause", { id: "uuid" }),
  /** Cancel a rule at once (an edit whose cancel of the old rule failed: both exist, the old one goes); its card follows. */
  cancelRule: defineCallback("rule.cx", { id: "uuid" }),
  /** The /alert card (a price alert's notice leads back to it). */
  listPriceAlerts: defineCallback("alert.list"),
  /** The /schedule card (a scheduled run's notice leads back to it). */
  listSchedules: defineCallback("sched.list"),
  /** The progress of announcement `id` on its operator's message (drawn there by the announcer too). */
  refreshAnnouncement: defineCallback("ann.ref", { id: "int" }),
  /** A month's statement (card, chart and CSV) as new messages: `month` is 202611 (the 1st-of-month notice). */
  getStatement: defineCallback("stmt.get", { month: "int" }),
} as const;
