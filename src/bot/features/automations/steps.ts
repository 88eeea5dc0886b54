/**
 * The steps /refill, /renewal and /smart share, all in the flow's one message: load the options,
 * ask the target address, volumes within the allowed range, a duration, auto-resume, and the
 * preview with Confirm that creates the rule. Each step shows the answers so far above its question;
 * a wrong answer shows the step again with the reason (FlowMessage.retry); Cancel ends it anywhere.
 *
 * Rule creation is not idempotent (the client never retries it; a lost answer is `ambiguous`), so
 * Confirm is handled here, inside the conversation: the first tap is consumed and the conversation
 * ends; a second tap then reaches the fallback ("button expired") and creates nothing.
 */
import { recordRule } from "../rules/record.js";
import { InlineKeyboard } from "grammy";
import { checkVolume } from "../../../orders/request.js";
import { ENERGY_PER_USDT_TRANSFER, ENERGY_PER_USDT_TRANSFER_TO_NEW_HOLDER } from "../../../tron/usdt.js";
import type { BotConversation, ConversationContext } from "../../context.js";
import type { AutomationOptions, AutomationRule, MarketplaceClient } from "../../../marketplace/index.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { isTronAddress } from "../../../tron/address.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { code, escapeHtml } from "../../../format/html.js";
import { renderRuleCard } from "../../../rules/card.js";
import { renderShortfall } from "../../../rules/shortfall.js";
import { firingQuery, loadShortfall, type FiringSpec } from "../../../rules/pricing.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { AutomationButtons, ofRun } from "./callbacks.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { addressByLabel, addressChoiceText } from "../addresses/views.js";
import { renderAutomationPreview, renderStep, type AutomationDraft, type AutomationKind } from "./views.js";

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
  /** The answers so far, shown above each step. */
  answered: string[];
}

/** Ends the flow with the one sentence for `err` in its message. */
async function finishWithError(run: Pick<AutomationRun, "flow">, ctx: Ctx, err: unknown): Promise<void> {
  const rendered = renderAndLogError(ctx, err);
  await run.flow.finish(ctx, rendered.text, rendered.keyboard);
}

/** Loads the options (and recent addresses); on failure says why and returns undefined. */
export async function beginAutomation(conversation: BotConversation, ctx: Ctx, kind: AutomationKind): Promise<AutomationRun | undefined> {
  const userId = ctx.from!.id;
  const run = Math.floor((await conversation.random()) * 36 ** 5).toString(36);
  const flow = new FlowMessage(conversation, ctx);
  try {
    const loaded = await external(conversation, async () => ({
      options: await withUserClient(ctx.deps, userId, (client) => client.ruleOptions()),
      recent: await ctx.deps.store.recentAddresses.entries(userId),
    }));
    return { kind, userId, run, flow, answered: [], ...loaded };
  } catch (err) {
    await finishWithError({ flow }, ctx, err);
    return undefined;
  }
}

function ask(run: AutomationRun, ctx: Ctx, question: string, keyboard?: InlineKeyboard): Promise<void> {
  return run.flow.ask(ctx, renderStep(run.kind, run.answered, question, ctx.t), keyboard);
}

export async function askAddress(ctx: Ctx, run: AutomationRun): Promise<string> {
  const keyboard = new InlineKeyboard();
  run.recent.slice(0, RECENT_SHOWN).forEach((entry, index) => keyboard.text(addressChoiceText(entry), AutomationButtons.address.pack({ run: run.run, index })).row());
  const hint = run.recent.length > 0 ? `\n\n${ctx.t("auto-ask-address-recent")}` : "";
  await ask(run, ctx, ctx.t("auto-ask-address") + hint, keyboard);
  for (;;) {
    const reply = await run.flow.wait({ buttons: ofRun(AutomationButtons.address, run.run) });
    const address =
      reply.kind === "button"
        ? run.recent[AutomationButtons.address.unpack(reply.data)!.index]?.address
        : (addressByLabel(run.recent, reply.text) ?? (isTronAddress(reply.text) ? reply.text : undefined));
    if (address === undefined) {
      const text = reply.kind === "text" ? reply.text : "";
      await run.flow.retry(reply.ctx, ctx.t("auto-invalid-address", { text: escapeHtml(text.slice(0, 64)) }));
      continue;
    }
    run.answered.push(ctx.t("rules-card-target", { address: code(address) }));
    return address;
  }
}

export interface VolumeStep {
  /** The locale id of the question; it gets { min, max }. */
  question: string;
  /** The locale id of the answer shown above the next steps; it gets { volume }. */
  answer: string;
  min: bigint;
  max: bigint;
}

/** A volume (or threshold) typed as 65000, 65k, 131 000 …, or a preset button; always within min..max. */
export async function askVolume(ctx: Ctx, run: AutomationRun, step: VolumeStep): Promise<bigint> {
  const range = { min: ctx.fmt.volume(step.min), max: ctx.fmt.volume(step.max) };
  const keyboard = new InlineKeyboard();
  for (const volume of VOLUME_PRESETS.filter((v) => v >= step.min && v <= step.max)) {
    keyboard.text(ctx.fmt.volume(volume), AutomationButtons.volume.pack({ run: run.run, volume }));
  }
  await ask(run, ctx, ctx.t(step.question, range), keyboard);
  for (;;) {
    const reply = await run.flow.wait({ buttons: ofRun(AutomationButtons.volume, run.run) });
    const answer = reply.kind === "button" ? AutomationButtons.volume.unpack(reply.data)!.volume : reply.text;
    const checked = checkVolume(answer, { minVolume: step.min, maxVolume: step.max });
    if (!checked.ok) {
      const reason =
        checked.reason === "unreadable" ? ctx.t("auto-invalid-number", range) : ctx.t("auto-out-of-range", { ...range, value: ctx.fmt.volume(checked.volume) });
      await run.flow.retry(reply.ctx, reason);
      continue;
    }
    run.answered.push(ctx.t(step.answer, { volume: code(ctx.fmt.volume(checked.volume)) }));
    return checked.volume;
  }
}

/** One of the options' durations: a button, or the value typed as it is listed. */
export async function askDuration(ctx: Ctx, run: AutomationRun): Promise<string> {
  const { durations } = run.options;
  const keyboard = new InlineKeyboard();
  durations.forEach((d, index) => {
    keyboard.text(ctx.fmt.duration(d, ctx.t), AutomationButtons.duration.pack({ run: run.run, index }));
    if (index % 3 === 2) keyboard.row();
  });
  await ask(run, ctx, ctx.t("auto-ask-duration"), keyboard);
  for (;;) {
    const reply = await run.flow.wait({ buttons: ofRun(AutomationButtons.duration, run.run) });
    const typed = reply.kind === "text" ? reply.text.toLowerCase() : undefined;
    const duration =
      reply.kind === "button"
        ? durations[AutomationButtons.duration.unpack(reply.data)!.index]
        : durations.find((d) => d.toLowerCase() === typed || ctx.fmt.duration(d, ctx.t).toLowerCase() === typed);
    if (duration === undefined) {
      const allowed = durations.map((d) => ctx.fmt.duration(d, ctx.t)).join(", ");
      await run.flow.retry(reply.ctx, ctx.t("auto-invalid-duration", { allowed }));
      continue;
    }
    run.answered.push(ctx.t("rules-card-duration", { duration: ctx.fmt.duration(duration, ctx.t) }));
    return duration;
  }
}

export async function askAutoResume(ctx: Ctx, run: AutomationRun): Promise<boolean> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("button-yes"), AutomationButtons.autoResume.pack({ run: run.run, on: 1 }))
    .text(ctx.t("button-no"), AutomationButtons.autoResume.pack({ run: run.run, on: 0 }));
  await ask(run, ctx, ctx.t("auto-ask-auto-resume"), keyboard);
  const tap = await run.flow.waitForButton(ofRun(AutomationButtons.autoResume, run.run));
  return AutomationButtons.autoResume.unpack(tap.data)!.on === 1;
}

/**
 * Shows the preview (firing price and balance) with Confirm (and Deposit when the balance is short),
 * and on Confirm creates the rule with `create`, once. The message then becomes the new rule's
 * card or the reason it failed. A 402 keeps every answer: the shortfall with Deposit and Try again,
 * which shows the preview again (with the balance as it is then).
 */
export async function confirmAndCreate(
  conversation: BotConversation,
  ctx: Ctx,
  run: AutomationRun,
  draft: AutomationDraft,
  create: (client: MarketplaceClient) => Promise<AutomationRule>,
): Promise<void> {
  const spec = { kind: draft.kind, volume: draft.volume, duration: draft.duration };
  for (;;) {
    let loaded;
    try {
      loaded = await external(conversation, () =>
        withUserClient(ctx.deps, run.userId, async (client) => {
          const [preview, balance] = await Promise.all([client.previewFiring(firingQuery(spec, run.options.durations)), client.balance()]);
          return { preview, balanceTrx: balance.trx };
        }),
      );
    } catch (err) {
      return finishWithError(run, ctx, err);
    }
    const rendered = renderAutomationPreview(draft, loaded.preview, loaded.balanceTrx, ctx.t, ctx.fmt);
    const keyboard = new InlineKeyboard().text(ctx.t("button-confirm"), AutomationButtons.confirm.pack({ run: run.run }));
    if (rendered.short) keyboard.row().text(ctx.t("button-deposit"), SharedButtons.showDeposit.pack());
    await run.flow.ask(ctx, rendered.text, keyboard);
    const tap = await run.flow.waitForButton(ofRun(AutomationButtons.confirm, run.run));

    // Only the create call is guarded: once the rule exists, nothing may read as "try again" (that
    // would invite a second rule).
    let rule;
    try {
      rule = await external(conversation, async () => {
        const created = await withUserClient(ctx.deps, run.userId, async (client, key) => {
          const rule = await create(client);
          // seen by the bot now: a pause for balance right after creation is news for the watcher
          await recordRule(ctx.deps, rule, key);
          return rule;
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
    const open = new InlineKeyboard().text(ctx.t("auto-button-open-rule"), SharedButtons.openRule.pack({ id: rule.id }));
    return run.flow.finish(tap.ctx, renderRuleCard(rule, ctx.t, ctx.fmt, ctx.t("auto-created")), open);
  }
}

/** A 402 on creation: what one firing costs against the balance, Deposit, and Try again (waited for here). */
async function offerTopUp(conversation: BotConversation, ctx: Ctx, run: AutomationRun, spec: FiringSpec, err: unknown): Promise<void> {
  const shortfall = await external(conversation, () => withUserClient(ctx.deps, run.userId, (client) => loadShortfall(client, spec))).catch(() => undefined);
  const view = shortfall ? renderShortfall(shortfall, ctx.t, ctx.fmt) : renderAndLogError(ctx, err);
  const keyboard = view.keyboard ?? new InlineKeyboard();
  keyboard.row().text(ctx.t("auto-button-try-again"), AutomationButtons.retry.pack({ run: run.run }));
  await run.flow.ask(ctx, view.text, keyboard);
  await run.flow.waitForButton(ofRun(AutomationButtons.retry, run.run));
}
