/**
 * A step that takes several of its options at once (issue 31, item 3): /batch's saved addresses,
 * /schedule's days. Each option is a button that ticks or unticks it, and the step is shown again
 * with the ticks, still waiting; Done takes the ticked options (in the order offered), and says
 * `none` when nothing is ticked. Typed text may answer the step too (`text`). It is a Step like any
 * other, run by runStep (./step.ts); the ticks live in the step value, which a conversation builds
 * again from the replayed taps.
 */
import type { InlineKeyboard } from "grammy";
import type { Step } from "./step.js";

export function multiSelectStep<O, T>(asked: {
  question: string;
  /** Why an answer given before the step was not taken: above the question the first time it is shown. */
  reason?: string | undefined;
  /** Every option that can be ticked. */
  options: readonly O[];
  /** The step's buttons with these options ticked (Done among them, where the flow puts it). */
  keyboard: (ticked: ReadonlySet<O>) => InlineKeyboard;
  buttons: RegExp;
  /** The option a tap ticks or unticks; any other tap on the step's buttons is Done. */
  toggled: (data: string) => O | undefined;
  /** The ticked options, in the order offered, → the value. */
  done: (ticked: O[]) => T;
  /** Why Done with nothing ticked is not an answer. */
  none: string;
  text?: Step<T>["text"];
  shown?: Step<T>["shown"];
}): Step<T> {
  const ticked = new Set<O>();
  const step: Step<T> = {
    question: asked.reason === undefined ? asked.question : `${asked.reason}\n\n${asked.question}`,
    keyboard: asked.keyboard(ticked),
    buttons: asked.buttons,
    tap: (data) => {
      const option = asked.toggled(data);
      if (option === undefined) {
        const chosen = asked.options.filter((o) => ticked.has(o));
        return chosen.length > 0 ? { value: asked.done(chosen) } : { reason: asked.none };
      }
      if (ticked.has(option)) ticked.delete(option);
      else if (asked.options.includes(option)) ticked.add(option);
      return { redraw: { question: asked.question, keyboard: asked.keyboard(ticked) } };
    },
  };
  if (asked.text) step.text = asked.text;
  if (asked.shown) step.shown = asked.shown;
  return step;
}
