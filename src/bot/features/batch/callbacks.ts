/**
 * The batch feature's codec buttons: the steps of the /batch flow (answered inside the conversation)
 * and the batch card's buttons (plain handlers in index.ts, so they work after a restart). Every
 * card button carries the batch it acts on.
 */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const BatchStep = {
  /** Ticks or unticks a saved address. */
  pick: defineCallback("bat.pick", { address: "address" }),
  /** The ticked addresses are the batch: on to the volume. */
  picked: defineCallback("bat.picked"),
  volume: defineCallback("bat.vol", { volume: "big" }),
  /** Index into the durations of /orders/options. */
  duration: defineCallback("bat.dur", { index: "int" }),
} as const;

export const BatchCard = {
  confirm: defineCallback("bat.ok", { batch: "uuid" }),
  cancel: defineCallback("bat.no", { batch: "uuid" }),
  /** A fresh preview of the same lines (new intents, new keys), e.g. after a top-up. */
  again: defineCallback("bat.new", { batch: "uuid" }),
} as const;
