/**
 * The buy feature's codec buttons: the steps of the /buy flow (answered by its prompt, flow.ts)
 * and the preview card's buttons (plain handlers in index.ts, so they work after a restart and for
 * one-line previews). Every card button carries the order intent it acts on.
 */
import { defineCallback } from "../../../telegram/callback-codec.js";

/**
 * Public (they pass the private-only guard): the flow also runs in a team desk's group, where only
 * the administrator who started it answers; outside an open flow a step's tap answers nothing.
 */
export const BuyStep = {
  resource: defineCallback("buy.res", { resource: "word" }, { inGroups: true }),
  address: defineCallback("buy.addr", { address: "address" }, { inGroups: true }),
  volume: defineCallback("buy.vol", { volume: "big" }, { inGroups: true }),
  /** A priced USDT-transfer preset: its volume and its duration (index into /orders/options' durations). */
  preset: defineCallback("buy.ps", { volume: "big", index: "int" }, { inGroups: true }),
  /** Index into the durations of /orders/options (they are opaque strings). */
  duration: defineCallback("buy.dur", { index: "int" }, { inGroups: true }),
} as const;

export const BuyCard = {
  confirm: defineCallback("buy.ok", { intent: "uuid" }),
  /** Opens the step picker: which answer to change. */
  change: defineCallback("buy.chg", { intent: "uuid" }),
  /** One step picked on the step picker (`step` is one of CHANGEABLE_STEPS). */
  changeStep: defineCallback("buy.step", { intent: "uuid", step: "word" }),
  cancel: defineCallback("buy.no", { intent: "uuid" }),
  /** A new preview (new intent, new Idempotency-Key) for the same request. */
  again: defineCallback("buy.new", { intent: "uuid" }),
  /** Place this one intent although its key's monthly budget is reached (the user's override). */
  overrideBudget: defineCallback("buy.over", { intent: "uuid" }),
} as const;

export const CHANGEABLE_STEPS = ["resource", "address", "volume", "duration"] as const;
export type BuyStepName = (typeof CHANGEABLE_STEPS)[number];

export function isBuyStep(word: string): word is BuyStepName {
  return (CHANGEABLE_STEPS as readonly string[]).includes(word);
}
