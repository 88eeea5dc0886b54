/**
 * The steps /refill, /renewal and /smart share, all in the flow's one message: load the options,
 * ask the kind's steps (views.ts AUTOMATION_STEPS: target address, volumes within the allowed range,
 * a duration, auto-resume), then the preview with Confirm that creates the rule and Change, which
 * asks the step the user picks again, keeping the other answers, and shows the preview anew. Each
 * step is declared once in RULE_STEPS (the step asked, where its answer is kept) and run by the one
 * step loop (bot/flow/step.ts); it shows the answers so far above its question; a wrong answer
 * shows the step again with the reason; Cancel ends it anywhere.
 *
 * Rule creation is not idempotent (the client never retries it; a lost answer is `ambiguous`), so
 * Confirm is handled here, inside the conversation: the first tap is consumed and the conversation
 * ends; a second tap then reaches the fallback ("button expired") and creates nothing.
 */
import { recordRule } from "../../../rules/record.js";
import { InlineKeyboard } from "grammy";
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../../../tron/usdt.js";
import type { BotConversation, ConversationContext } from "../../context.js";
import type { AutomationOptions, AutomationRule, MarketplaceClient } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { ruleStatusKind } from "../../../marketplace/index.js";
import { MAX_CAP_SUN } from "../../../rules/price-cap.js";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import { errorFields } from "../../../logger.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { code } from "../../../format/html.js";
import type { RuleEditArgs } from "../../flow/rule-edit.js";
import { renderRuleCard } from "../../../rules/card.js";
import { renderShortfall } from "../../../rules/shortfall.js";
import { firingQuery, loadShortfall, type FiringSpec } from "../../../rules/pricing.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { runStep, type Step } from "../../flow/step.js";
import { addressStep, durationStep, trxOrOffStep, volumeStep, type VolumeAnswer } from "../../flow/steps.js";
import { AutomationButtons, exactly, ofRun } from "./callbacks.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { labelledAddress, offeredAddresses } from "../../../tron/address-names.js";
import {
  AUTOMATION_STEPS,
  answerLines,
  draftOfRule,
  renderAutomationPreview,
  renderChangePicker,
  renderStep,
  type AutomationAnswers,
  type AutomationDraft,
  type AutomationKind,
  type AutomationStep,
} from "./views.js";
import { markChosen } from "../../ui/chosen.js";

type Ctx = ConversationContext;

/** Offered as buttons where the allowed range has them: one USDT transfer to a holder / a new holder. */
const VOLUME_PRESETS = [ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER];
const RECENT_SHOWN = 4;

export interface AutomationRun {
  kind: AutomationKind;
  userId: number;
  /** This run's nonce, in every step button (callbacks.ts). */
  run: string;
  options: AutomationOptions;
  /** The user's saved addresses, newest first: the first few are offered, a typed label names any. */
  recent: SavedAddress[];
  flow: FlowMessage;
  /** The answers so far, shown above each step and kept when Change asks one again. */
  answers: AutomationAnswers;
  /** Edit on a rule's card (edit.ts): the rule the new one replaces, its answers the defaults. */
  replacing?: RuleEditArgs;
}

/** How a run starts: a new rule (nothing given), or an edit with the rule's answers and its own texts. */
export interface AutomationStart {
  answers?: AutomationAnswers;
  replacing?: RuleEditArgs;
  flow?: ConstructorParameters<typeof FlowMessage>[2];
}

/** Ends the flow with the one sentence for `err` in its message. */
async function finishWithError(run: Pick<AutomationRun, "flow">, ctx: Ctx, err: unknown): Promise<void> {
  await run.flow.finishWithError(ctx, err);
}

/** Loads the options (and recent addresses); on failure says why and returns undefined. */
export async function beginAutomation(conversation: BotConversation, ctx: Ctx, kind: AutomationKind, start: AutomationStart = {}): Promise<AutomationRun | undefined> {
  const userId = ctx.from!.id;
  const run = Math.floor((await conversation.random()) * 36 ** 5).toString(36);
  // Cancel, or a command sent meanwhile, leaves "✖️ Auto-refill: cancelled…" in the flow's message
  const flow = new FlowMessage(conversation, ctx, start.flow ?? { cancelledText: (c) => c.t("auto-cancelled", { kind: c.t(`rules-kind-${kind}`) }) });
  try {
    const loaded = await external(conversation, async () => ({
      options: await withUserClient(ctx.deps, userId, (client) => client.ruleOptions()),
      recent: await ctx.deps.store.recentAddresses.entries(userId),
    }));
    return { kind, userId, run, flow, answers: { ...start.answers }, ...(start.replacing ? { replacing: start.replacing } : {}), ...loaded };
  } catch (err) {
    await finishWithError({ flow }, ctx, err);
    return undefined;
  }
}

/** Asks every step of the run's kind, in order. */
export async function askAll(ctx: Ctx, run: AutomationRun): Promise<void> {
  for (const step of AUTOMATION_STEPS[run.kind]) await askStep(ctx, run, step);
}

/** A step of a rule flow, declared: the step asked (built from the run and its answers so far) and where its answer is kept. */
interface RuleStep<T> {
  ask: (ctx: Ctx, run: AutomationRun) => Step<T>;
  keep: (answers: AutomationAnswers, value: T) => void;
}

/** What each step's answer is. */
interface RuleAnswers {
  address: string;
  threshold: VolumeAnswer;
  volume: VolumeAnswer;
  duration: string;
  autoResume: boolean;
  cap: bigint | null;
}

/** Every step a rule flow asks (AUTOMATION_STEPS says which, in which order, for each kind). */
const RULE_STEPS: { [S in AutomationStep]: RuleStep<RuleAnswers[S]> } = {
  address: { ask: addressAsked, keep: (answers, address) => (answers.address = address) },
  // The spec gives the threshold no bounds: the largest volume the options allow serves as a sane ceiling.
  threshold: {
    ask: (ctx, run) => volumeAsked(ctx, run, "threshold", { question: "auto-ask-threshold", min: 1n, max: run.options.maxVolume, previous: run.answers.minimal }),
    keep: (answers, { volume }) => (answers.minimal = volume),
  },
  volume: {
    ask: (ctx, run) => {
      const { options } = run;
      const range =
        run.kind === "renewal"
          ? { question: "auto-ask-renewal-volume", min: options.renewalMinVolume, max: options.renewalMaxVolume }
          : { question: "auto-ask-volume", min: options.minVolume, max: options.maxVolume };
      return volumeAsked(ctx, run, "volume", { ...range, previous: run.answers.volume });
    },
    keep: (answers, { volume }) => (answers.volume = volume),
  },
  duration: { ask: durationAsked, keep: (answers, duration) => (answers.duration = duration) },
  autoResume: { ask: autoResumeAsked, keep: (answers, on) => (answers.autoResume = on) },
  cap: { ask: capAsked, keep: (answers, capSun) => (answers.capSun = capSun) },
};

/** Asks one step (again: its earlier answer is marked on its buttons) and keeps the answer. */
async function askStep<S extends AutomationStep>(ctx: Ctx, run: AutomationRun, name: S): Promise<void> {
  const step: RuleStep<RuleAnswers[S]> = RULE_STEPS[name];
  step.keep(run.answers, (await runStep(run.flow, ctx, step.ask(ctx, run))).value);
}

/** The rule as asked: every step of the kind has its answer by now. */
function draftOf(run: AutomationRun): AutomationDraft {
  const { address, autoResume } = run.answers;
  if (address === undefined || autoResume === undefined) throw new Error("automation flow: a step was not asked");
  return { ...run.answers, kind: run.kind, address, autoResume };
}

/** The step's question under the answers so far (and the rule being edited), in the run's message. */
function question(run: AutomationRun, ctx: Ctx, step: AutomationStep, text: string): string {
  const answered = answerLines(run.answers, ctx.locale, [step]);
  const intro = run.replacing ? ctx.t(`auto-edit-intro-${run.kind}`, { address: code(run.replacing.address) }) : undefined;
  return renderStep(run.kind, answered, text, ctx.t, intro);
}

function addressAsked(ctx: Ctx, run: AutomationRun): Step<string> {
  const previous = run.answers.address;
  // the address being changed is offered too, marked, so keeping it is one tap
  const choices = offeredAddresses(run.recent, previous, RECENT_SHOWN);
  const keyboard = new InlineKeyboard();
  choices.forEach((entry, index) => keyboard.text(markChosen(entry.address === previous, labelledAddress(entry)), AutomationButtons.address.pack({ run: run.run, index })).row());
  const hint = choices.length > 0 ? `\n\n${ctx.t("auto-ask-address-recent")}` : "";
  return addressStep({
    question: question(run, ctx, "address", ctx.t("auto-ask-address") + hint),
    keyboard,
    buttons: ofRun(run.run, AutomationButtons.address),
    saved: run.recent,
    fromTap: (data) => choices[AutomationButtons.address.unpack(data)?.index ?? -1]?.address,
    invalid: (text) => ctx.t("auto-invalid-address", { text }),
  });
}

interface VolumeRange {
  /** The locale id of the question; it gets { min, max }. */
  question: string;
  min: bigint;
  max: bigint;
  /** The answer being changed, marked on its preset. */
  previous: bigint | undefined;
}

/** A volume (or threshold) typed as 65000, 65k, 131 000 …, or a preset button; always within min..max. */
function volumeAsked(ctx: Ctx, run: AutomationRun, name: "threshold" | "volume", volume: VolumeRange): Step<VolumeAnswer> {
  const range = { min: ctx.fmt.volume(volume.min), max: ctx.fmt.volume(volume.max) };
  const keyboard = new InlineKeyboard();
  // the answer being changed is one tap to keep, preset or not
  const offered = VOLUME_PRESETS.filter((v) => v >= volume.min && v <= volume.max);
  if (volume.previous !== undefined && !offered.includes(volume.previous) && volume.previous >= volume.min && volume.previous <= volume.max) offered.push(volume.previous);
  for (const preset of offered) {
    keyboard.text(markChosen(preset === volume.previous, ctx.fmt.volume(preset)), AutomationButtons.volume.pack({ run: run.run, volume: preset }));
  }
  return volumeStep({
    question: question(run, ctx, name, ctx.t(volume.question, range)),
    keyboard,
    buttons: ofRun(run.run, AutomationButtons.volume),
    range: { minVolume: volume.min, maxVolume: volume.max },
    fromTap: (data) => AutomationButtons.volume.unpack(data),
    unreadable: () => ctx.t("auto-invalid-number", range),
    outOfRange: (value) => ctx.t("auto-out-of-range", { ...range, value: ctx.fmt.volume(value) }),
  });
}

/** One of the options' durations: a button, or the value typed as it is listed. */
function durationAsked(ctx: Ctx, run: AutomationRun): Step<string> {
  const { durations } = run.options;
  return durationStep({
    question: question(run, ctx, "duration", ctx.t("auto-ask-duration")),
    durations,
    previous: run.answers.duration,
    buttons: ofRun(run.run, AutomationButtons.duration),
    pack: (index) => AutomationButtons.duration.pack({ run: run.run, index }),
    fromTap: (data) => AutomationButtons.duration.unpack(data)?.index,
    locale: ctx.locale,
    typed: true,
    invalid: () => ctx.t("auto-invalid-duration", { allowed: ctx.fmt.list(durations.map((d) => ctx.fmt.duration(d, ctx.t)), "or") }),
  });
}

function autoResumeAsked(ctx: Ctx, run: AutomationRun): Step<boolean> {
  const previous = run.answers.autoResume;
  return {
    question: question(run, ctx, "autoResume", ctx.t("auto-ask-auto-resume")),
    keyboard: new InlineKeyboard()
      .text(markChosen(previous === true, ctx.t("button-yes")), AutomationButtons.autoResume.pack({ run: run.run, on: 1 }))
      .text(markChosen(previous === false, ctx.t("button-no")), AutomationButtons.autoResume.pack({ run: run.run, on: 0 })),
    buttons: ofRun(run.run, AutomationButtons.autoResume),
    tap: (data) => ({ value: AutomationButtons.autoResume.unpack(data)?.on === 1 }),
  };
}

/**
 * The optional max price (Max price on the preview): the most one firing may cost, in TRX, or No
 * max price; the one given before is one tap to keep. A bad amount is asked again.
 */
function capAsked(ctx: Ctx, run: AutomationRun): Step<bigint | null> {
  const previous = run.answers.capSun;
  const keyboard = new InlineKeyboard();
  if (typeof previous === "bigint") keyboard.text(markChosen(true, ctx.fmt.trx(previous)), AutomationButtons.capKeep.pack({ run: run.run }));
  keyboard.text(markChosen(previous === null, ctx.t("rules-button-cap-off")), AutomationButtons.capOff.pack({ run: run.run }));
  return {
    question: question(run, ctx, "cap", [ctx.t("rules-cap-ask"), ctx.t("rules-card-cap-between")].join("\n\n")),
    keyboard,
    ...trxOrOffStep({
      buttons: ofRun(run.run, AutomationButtons.capKeep, AutomationButtons.capOff),
      fromTap: (data) => (AutomationButtons.capKeep.unpack(data) && typeof previous === "bigint" ? previous : null),
      offWord: ctx.t("rules-cap-off-word"),
      bad: ctx.t("rules-cap-bad"),
      maxSun: MAX_CAP_SUN,
    }),
  };
}

/**
 * Shows the preview (firing price and balance, and a warning when the address has rules already)
 * with Confirm (and Deposit when the balance is short) and Change, and on Confirm creates the rule
 * with `create`, once. The message then becomes the new rule's card or the reason it failed. A 402
 * keeps every answer: the shortfall with Deposit and Try again, which shows the preview again (with
 * the balance as it is then).
 */
export async function confirmAndCreate(
  conversation: BotConversation,
  ctx: Ctx,
  run: AutomationRun,
  create: (client: MarketplaceClient, draft: AutomationDraft) => Promise<AutomationRule>,
  /** What follows once the rule exists (an edit: cancel the old one), given its card and whether its max price failed to be stored; by default the card. */
  after?: (ctx: Ctx, rule: AutomationRule, card: (note: string) => string, capLost: boolean) => Promise<void>,
): Promise<void> {
  // an edit shows the rule as it is today beside the new one
  const old = run.replacing && draftOfRule(run.replacing);
  for (let preview = 1; ; preview++) {
    const draft = draftOf(run);
    const spec: FiringSpec = { kind: draft.kind, volume: draft.volume, duration: draft.duration };
    let loaded;
    try {
      loaded = await external(conversation, () =>
        withUserClient(ctx.deps, run.userId, async (client) => {
          const [preview, balance, rules, oldPreview] = await Promise.all([
            client.previewFiring(firingQuery(spec, run.options.durations)),
            client.balance(),
            // only for a warning: a list that cannot be read leaves it out
            client.listRules().catch(() => []),
            // the old rule's price today, beside the new one's (left out when it cannot be read)
            old ? client.previewFiring(firingQuery(old, run.options.durations)).catch(() => null) : null,
          ]);
          const others = rules
            .filter((r) => r.targetAddress === draft.address && r.id !== run.replacing?.id && ruleStatusKind(r.status) !== "cancelled")
            .map((r) => ({ type: r.type, status: r.status }));
          return { preview, balanceTrx: balance.trx, others, oldPriceTrx: oldPreview?.priceTrx ?? null };
        }),
      );
    } catch (err) {
      return finishWithError(run, ctx, err);
    }
    const replaced = old && { old, priceTrx: loaded.oldPriceTrx, paused: run.replacing?.paused === true };
    const rendered = renderAutomationPreview(draft, loaded.preview, loaded.balanceTrx, ctx.locale, loaded.others, replaced);
    const confirm = AutomationButtons.confirm.pack({ run: run.run, preview });
    const change = AutomationButtons.change.pack({ run: run.run, preview });
    const cap = AutomationButtons.cap.pack({ run: run.run, preview });
    const keyboard = new InlineKeyboard().text(ctx.t("button-confirm"), confirm);
    if (rendered.short) keyboard.row().text(ctx.t("button-deposit"), SharedButtons.showDeposit.pack());
    keyboard.row().text(ctx.t("button-change"), change).text(ctx.t("rules-button-cap"), cap);
    await run.flow.ask(ctx, rendered.text, keyboard);
    const tap = await run.flow.waitForButton(exactly(confirm, change, cap));
    if (tap.data === change) {
      await changeOneStep(ctx, run);
      continue;
    }
    if (tap.data === cap) {
      await askStep(ctx, run, "cap");
      continue;
    }

    // Only the create call is guarded: once the rule exists, nothing may read as "try again" (that
    // would invite a second rule).
    let created;
    try {
      created = await external(conversation, async () => {
        const created = await withUserClient(ctx.deps, run.userId, async (client, key) => {
          const rule = await create(client, draft);
          // seen by the bot now: a pause for balance right after creation is news for the watcher
          await recordRule(ctx.deps, rule, key);
          const capped = await storeCap(ctx, run.userId, draft.kind, rule, key, draft.capSun);
          return { rule, capped };
        });
        try {
          await ctx.deps.store.recentAddresses.remember(run.userId, draft.address, ctx.deps.now());
        } catch {
          // only a suggestion for next time: the rule exists, which is what the user must hear
        }
        return created;
      });
    } catch (err) {
      // The shared mapping; an `ambiguous` answer says the outcome is unknown and points to /rules.
      if (!(err instanceof MarketplaceError && err.isInsufficientBalance)) return finishWithError(run, tap.ctx, err);
      await offerTopUp(conversation, tap.ctx, run, spec, err);
      continue;
    }
    const { rule, capped } = created;
    // the card shows the max price once it is stored; one that could not be stored is said
    const marks = capped === true && typeof draft.capSun === "bigint" ? { cap: { capSun: draft.capSun, pausedAbove: false } } : {};
    const note = capped === false ? `${ctx.t("auto-created")}\n${ctx.t("auto-cap-not-saved")}` : ctx.t("auto-created");
    if (after) return after(tap.ctx, rule, (n) => renderRuleCard(rule, ctx.locale, n, undefined, marks), capped === false);
    const open = new InlineKeyboard().text(ctx.t("auto-button-open-rule"), SharedButtons.openRule.pack({ id: rule.id }));
    return run.flow.finish(tap.ctx, renderRuleCard(rule, ctx.locale, note, undefined, marks), open);
  }
}

/**
 * The max price of a rule just created (rules/price-cap.ts checks it): true once stored, null when
 * none was given, false when it could not be stored (the rule exists: that is said, never a failure).
 */
async function storeCap(ctx: Ctx, userId: number, kind: AutomationKind, rule: AutomationRule, key: ApiKeyRow, capSun: bigint | null | undefined): Promise<boolean | null> {
  if (typeof capSun !== "bigint") return null;
  try {
    await ctx.deps.store.priceCaps.set({ ruleId: rule.id, keyId: key.id, userId, kind, volume: rule.volume, duration: rule.duration, capSun });
    return true;
  } catch (err) {
    ctx.deps.logger.error({ err: errorFields(err), ruleId: rule.id }, "could not store a new rule's max price");
    return false;
  }
}

/** The name of each step on Change's picker. */
const CHANGE_LABELS: Record<AutomationStep, string> = {
  address: "auto-change-address",
  threshold: "auto-change-threshold",
  volume: "auto-change-volume",
  duration: "auto-change-duration",
  autoResume: "auto-change-auto-resume",
  cap: "rules-button-cap",
};

/** Change on the preview: the kind's steps to pick from (Back keeps everything), then the picked step asked again. */
async function changeOneStep(ctx: Ctx, run: AutomationRun): Promise<void> {
  const steps = AUTOMATION_STEPS[run.kind];
  const keyboard = new InlineKeyboard();
  steps.forEach((step, i) => {
    keyboard.text(ctx.t(CHANGE_LABELS[step]), AutomationButtons.changeStep.pack({ run: run.run, step }));
    if (i % 2 === 1) keyboard.row();
  });
  keyboard.row().text(ctx.t("button-back"), AutomationButtons.back.pack({ run: run.run }));
  await run.flow.ask(ctx, renderChangePicker(run.kind, run.answers, ctx.locale), keyboard);
  const tap = await run.flow.waitForButton(ofRun(run.run, AutomationButtons.changeStep, AutomationButtons.back));
  // Back: the preview again, as it was
  const picked = AutomationButtons.changeStep.unpack(tap.data)?.step;
  const step = steps.find((s) => s === picked);
  if (step !== undefined) await askStep(ctx, run, step);
}

/** A 402 on creation: what one firing costs against the balance, Deposit, and Try again (waited for here). */
async function offerTopUp(conversation: BotConversation, ctx: Ctx, run: AutomationRun, spec: FiringSpec, err: unknown): Promise<void> {
  const shortfall = await external(conversation, () => withUserClient(ctx.deps, run.userId, (client) => loadShortfall(client, spec))).catch(() => undefined);
  const view = shortfall ? renderShortfall(shortfall, ctx.locale) : renderAndLogError(ctx, err);
  const keyboard = view.keyboard ?? new InlineKeyboard();
  keyboard.row().text(ctx.t("auto-button-try-again"), AutomationButtons.retry.pack({ run: run.run }));
  await run.flow.ask(ctx, view.text, keyboard);
  await run.flow.waitForButton(ofRun(run.run, AutomationButtons.retry));
}
