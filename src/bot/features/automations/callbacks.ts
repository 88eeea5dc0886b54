/**
 * The buttons of the /refill, /renewal and /smart steps. Each carries the run's nonce (`run`), so a
 * button left on the message of an earlier run matches no step of the current one and ends at the
 * fallback ("button expired") instead of answering a question it was not shown for.
 */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const AutomationButtons = {
  /** One of the recent addresses, by position. */
  address: defineCallback("auto.a", { run: "word", index: "int" }),
  volume: defineCallback("auto.v", { run: "word", volume: "big" }),
  /** One of the options' durations, by position. */
  duration: defineCallback("auto.d", { run: "word", index: "int" }),
  /** Auto-resume: 1 yes, 0 no. */
  autoResume: defineCallback("auto.r", { run: "word", on: "int" }),
  confirm: defineCallback("auto.c", { run: "word" }),
  /** Try again after a 402 on creation: the preview again, every answer kept. */
  retry: defineCallback("auto.t", { run: "word" }),
} as const;

/** The button's own pattern, narrowed to one run (the run is the first field of every step button). */
export function ofRun(button: { prefix: string; pattern: RegExp }, run: string): RegExp {
  const prefix = button.prefix.replace(/\./g, "\\.");
  return new RegExp(`^(?=${prefix}:${run}:|${prefix}:${run}$)${button.pattern.source.slice(1)}`);
}
