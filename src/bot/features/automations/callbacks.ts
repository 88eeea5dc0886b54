/**
 * The buttons of the /refill, /renewal and /smart steps. Each carries the run's nonce (`run`), so a
 * button left on the message of an earlier run matches no step of the current one and ends at the
 * fallback ("button expired") instead of answering a question it was not shown for.
 */
import { defineCallback, escapeRegExp } from "../../../telegram/callback-codec.js";

export const AutomationButtons = {
  /** One of the recent addresses, by position. */
  address: defineCallback("auto.a", { run: "word", index: "int" }),
  volume: defineCallback("auto.v", { run: "word", volume: "big" }),
  /** One of the options' durations, by position. */
  duration: defineCallback("auto.d", { run: "word", index: "int" }),
  /** Auto-resume: 1 yes, 0 no. */
  autoResume: defineCallback("auto.r", { run: "word", on: "int" }),
  /** Confirm on the run's `preview`-th preview: one left on an earlier preview (a Change since) confirms nothing. */
  confirm: defineCallback("auto.c", { run: "word", preview: "int" }),
  /** Change on the preview: the picker of which answer to ask again. */
  change: defineCallback("auto.e", { run: "word", preview: "int" }),
  /** One step picked on Change's picker (`step` is one of the kind's AUTOMATION_STEPS). */
  changeStep: defineCallback("auto.s", { run: "word", step: "word" }),
  /** Back from Change's picker to the preview, nothing changed. */
  back: defineCallback("auto.b", { run: "word" }),
  /** Max price on the `preview`-th preview: the optional cap step, then the preview again. */
  cap: defineCallback("auto.m", { run: "word", preview: "int" }),
  /** On the cap step: keep the max price already given. */
  capKeep: defineCallback("auto.k", { run: "word" }),
  /** On the cap step: no max price. */
  capOff: defineCallback("auto.n", { run: "word" }),
  /** Try again after a 402 on creation: the preview again, every answer kept. */
  retry: defineCallback("auto.t", { run: "word" }),
} as const;

/** Exactly these buttons' data. */
export function exactly(...data: string[]): RegExp {
  return new RegExp(`^(?:${data.map(escapeRegExp).join("|")})$`);
}

/** The buttons' own patterns, narrowed to one run (the run is the first field of every step button). */
export function ofRun(run: string, ...buttons: ReadonlyArray<{ prefix: string; pattern: RegExp }>): RegExp {
  const one = (button: { prefix: string; pattern: RegExp }) => {
    const prefix = escapeRegExp(button.prefix);
    return `^(?=${prefix}:${run}:|${prefix}:${run}$)${button.pattern.source.slice(1)}`;
  };
  return new RegExp(buttons.map(one).join("|"));
}
