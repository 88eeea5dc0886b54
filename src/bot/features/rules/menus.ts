/**
 * The cards of /rules, as menus: the list, a rule's card (only the transitions the state table
 * allows), the cancel confirmation and the firings. Every button's payload says what the tap does
 * (subject.ts), so one function, `act`, answers every tap, also on a card that is out of date.
 *
 * Pause, resume and cancel are non-idempotent POSTs: a second tap after a success meets the new
 * state (409) and gets the refreshed card with an "already …" note rather than an error.
 */
import { addressLabels } from "../../ui/address-labels.js";
import { addressName } from "../../../tron/address-names.js";
import { recordRule } from "../../../rules/record.js";
import type { MenuRange } from "@grammyjs/menu";
import type { BotContext } from "../../context.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { ruleKind, ruleStatusKind, type AutomationRule, type RuleStatusKind } from "../../../marketplace/index.js";
import { kindIcon } from "../../../rules/labels.js";
import { renderRuleCard, ruleTransitions, type RuleTransition } from "../../../rules/card.js";
import { capAllowed } from "../../../rules/price-cap.js";
import { enterFlow } from "../../flow/enter.js";
import { RULE_EDIT_FLOW, ruleEditArgs } from "../../flow/rule-edit.js";
import { defaultKeyMay } from "../../marketplace/scope-gate.js";
import { RULE_CAP_CONVERSATION, type CapRule } from "./cap.js";
import { loadShortfall } from "../../../rules/pricing.js";
import { renderShortfall } from "../../../rules/shortfall.js";
import { createCardMenu, payloadOf, setSubject } from "../../ui/menu.js";
import { pageLinks } from "../../ui/paging.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { replyWithError } from "../../errors/reply.js";
import { RuleCallbacks } from "./callbacks.js";
import { callRules, findRule, loadFires, loadRules, rememberRule } from "./load.js";
import { packSubject, parseSubject, type RuleSubject, type RuleVerb } from "./subject.js";
import { firesPage, renderCancelConfirm, renderRuleFires, renderRulesList, rulesPage } from "./views.js";

/** The status each action leads to, for the "already …" note after a repeated tap. */
const TARGET_STATUS: Record<RuleTransition, RuleStatusKind> = { pause: "paused", resume: "active", cancel: "cancelled" };
const DONE_NOTE: Record<RuleTransition, string> = { pause: "rules-note-paused", resume: "rules-note-resumed", cancel: "rules-note-cancelled" };

/** The subject being drawn: the one `setSubject` chose, else the tapped button's. */
function subjectOf(ctx: BotContext): RuleSubject | undefined {
  return parseSubject(payloadOf(ctx));
}

function button(range: MenuRange<BotContext>, text: string, subject: RuleSubject): void {
  range.text({ text, payload: packSubject(subject) }, act);
}

export const rulesMenu = createCardMenu("rules", { onOutdated: act }).dynamic(async (ctx, range) => {
  const rules = await loadRules(ctx).catch(() => undefined);
  if (!rules) return;
  const page = rulesPage(rules, subjectOf(ctx)?.page ?? 1);
  const labels = await addressLabels(ctx);
  page.items.forEach((rule, i) => {
    button(range, `${page.offset + i + 1}. ${kindIcon(rule)} ${addressName(rule.targetAddress, labels)}`, { verb: "open", page: page.page, id: rule.id });
    if (i % 2 === 1) range.row();
  });
  if (page.items.length % 2 === 1) range.row();
  for (const link of pageLinks(page)) button(range, ctx.t(`button-${link.direction}`), { verb: "list", page: link.page });
  button(range, ctx.t("button-refresh"), { verb: "list", page: page.page });
});

const cardMenu = createCardMenu("rule", { onOutdated: act }).dynamic(async (ctx, range) => {
  const subject = subjectOf(ctx);
  if (!subject?.id) return;
  const at = (verb: RuleVerb): RuleSubject => ({ verb, page: subject.page, id: subject.id });
  const rule = await findRule(ctx, subject.id).catch(() => undefined);
  if (rule) {
    const allowed = ruleTransitions(rule);
    if (allowed.includes("pause")) button(range, ctx.t("rules-button-pause"), at("pause"));
    if (allowed.includes("resume")) button(range, ctx.t("rules-button-resume"), at("resume"));
    if (allowed.includes("cancel")) button(range, ctx.t("rules-button-cancel"), at("ask"));
    if (allowed.length > 0) range.row();
    const capped = capAllowed(rule, ruleKind(rule.type));
    if (capped) button(range, ctx.t("rules-button-cap"), at("cap"));
    if (editAllowed(rule)) button(range, ctx.t("rules-button-edit"), at("edit"));
    if (capped || editAllowed(rule)) range.row();
    button(range, ctx.t("rules-button-fires"), { ...at("fires"), fires: 1 });
    button(range, ctx.t("button-refresh"), at("open"));
    range.row();
  }
  button(range, ctx.t("button-back"), { verb: "list", page: subject.page });
});

const cancelMenu = createCardMenu("rule-x", { onOutdated: act }).dynamic((ctx, range) => {
  const subject = subjectOf(ctx);
  if (!subject?.id) return;
  button(range, ctx.t("rules-button-cancel-confirm"), { verb: "cancel", page: subject.page, id: subject.id });
  range.row();
  button(range, ctx.t("rules-button-keep"), { verb: "open", page: subject.page, id: subject.id });
});

const firesMenu = createCardMenu("rule-f", { onOutdated: act }).dynamic(async (ctx, range) => {
  const subject = subjectOf(ctx);
  if (!subject?.id) return;
  const at = (fires: number): RuleSubject => ({ verb: "fires", page: subject.page, id: subject.id, fires });
  const fires = await loadFires(ctx, subject.id).catch(() => undefined);
  if (fires) {
    const page = firesPage(fires, subject.fires ?? 1);
    for (const link of pageLinks(page)) button(range, ctx.t(`button-${link.direction}`), at(link.page));
    button(range, ctx.t("button-refresh"), at(page.page));
    range.row();
  }
  button(range, ctx.t("rules-button-back-to-rule"), { verb: "open", page: subject.page, id: subject.id });
});

rulesMenu.register([cardMenu, cancelMenu, firesMenu]);

/** Every tap on a rules menu: what its payload says. Marketplace trouble is the shared message. */
async function act(ctx: BotContext): Promise<void> {
  const subject = subjectOf(ctx);
  try {
    if (!subject?.id) return await showRulesList(ctx, subject?.page ?? 1);
    const rule = { page: subject.page, id: subject.id };
    switch (subject.verb) {
      case "pause":
      case "resume":
      case "cancel":
        return await runAction(ctx, subject.verb, rule);
      case "ask":
        return await askCancel(ctx, rule);
      case "fires":
        return await showFires(ctx, rule, subject.fires ?? 1);
      case "cap":
        return await askCap(ctx, rule);
      case "edit":
        return await startEdit(ctx, rule);
      default:
        return await showRuleCard(ctx, rule);
    }
  } catch (err) {
    await replyWithError(ctx, err);
  }
}

/** A rule and the list page its card's Back returns to. */
export interface RuleRef {
  id: string;
  page: number;
}

export async function showRulesList(ctx: BotContext, requested: number, options: ShowOptions = {}): Promise<void> {
  const rules = await loadRules(ctx);
  const { page } = rulesPage(rules, requested);
  setSubject(ctx, packSubject({ verb: "list", page }));
  await showView(ctx, { text: renderRulesList(rules, page, ctx.locale, await addressLabels(ctx)), keyboard: rulesMenu }, options);
}

/** The card; `note` (what just happened) goes above it and is the tap's toast. */
export async function showRuleCard(ctx: BotContext, ref: RuleRef, options: ShowOptions & { note?: string } = {}): Promise<void> {
  const rule = await findRule(ctx, ref.id);
  setSubject(ctx, packSubject({ verb: "open", ...ref }));
  if (!rule) {
    await showView(ctx, { text: ctx.t("rules-not-found"), keyboard: cardMenu }, options);
    return;
  }
  const { note, ...show } = options;
  const cap = await ctx.deps.store.priceCaps.get(rule.id);
  const marks = {
    pausedForBudget: await ctx.deps.store.keyBudgets.isPausedForBudget(rule.id),
    ...(cap ? { cap: { capSun: BigInt(cap.capSun), pausedAbove: cap.pausedAbove } } : {}),
  };
  await showView(ctx, { text: renderRuleCard(rule, ctx.locale, note, await addressLabels(ctx), marks), keyboard: cardMenu }, { toast: note, ...show });
}

/** The price cap prompt (cap.ts), for the rule as it is now; a rule gone or uncappable gets its card. */
async function askCap(ctx: BotContext, ref: RuleRef): Promise<void> {
  const rule = await findRule(ctx, ref.id);
  const kind = rule && ruleKind(rule.type);
  if (!rule || !kind || !capAllowed(rule, kind)) return showRuleCard(ctx, ref);
  const capRule: CapRule = { id: rule.id, page: ref.page, kind, volume: rule.volume === null ? null : rule.volume.toString(), duration: rule.duration };
  await enterFlow(ctx, RULE_CAP_CONVERSATION, capRule);
}

/** A rule the bot can create again (a known kind) that is not cancelled. */
function editAllowed(rule: AutomationRule): boolean {
  return ruleKind(rule.type) !== "unknown" && ruleStatusKind(rule.status) !== "cancelled";
}

/** Edit: the rule's own steps again with today's answers (features/automations, by its flow id); a rule gone or cancelled gets its card. */
async function startEdit(ctx: BotContext, ref: RuleRef): Promise<void> {
  const rule = await findRule(ctx, ref.id);
  const cap = rule && (await ctx.deps.store.priceCaps.get(rule.id));
  const args = rule && editAllowed(rule) ? ruleEditArgs(rule, ref.page, cap ? BigInt(cap.capSun) : null) : undefined;
  if (!args) return showRuleCard(ctx, ref, { note: ctx.t("rules-note-state-changed") });
  // a default key known unable to create rules says so now, not at Confirm
  if (!(await defaultKeyMay(ctx, "rules", RULE_EDIT_FLOW, args))) return;
  await enterFlow(ctx, RULE_EDIT_FLOW, args);
}

function isNotFound(err: unknown): boolean {
  return err instanceof MarketplaceError && err.isNotFound;
}

/** A state the rule is not in any more: the sandbox answers 409 automation.invalid_state. */
function isInvalidState(err: unknown): boolean {
  return err instanceof MarketplaceError && (err.status === 409 || (err.code?.endsWith(".invalid_state") ?? false));
}

/** Pause, resume or cancel, then the card with what happened (`show`: as a new message, from a notice). */
export async function runAction(ctx: BotContext, action: RuleTransition, ref: RuleRef, show: ShowOptions = {}): Promise<void> {
  let rule;
  try {
    rule = await callRules(ctx, async (client, key) => {
      const changed = await (action === "pause" ? client.pauseRule(ref.id) : action === "resume" ? client.resumeRule(ref.id) : client.cancelRule(ref.id));
      // seen by the bot now: what happens to the rule next is news for the watcher
      await recordRule(ctx.deps, changed, key);
      return changed;
    });
  } catch (err) {
    if (isNotFound(err)) return showRuleCard(ctx, ref, show);
    if (isInvalidState(err)) {
      const current = await findRule(ctx, ref.id);
      const already = current !== undefined && ruleStatusKind(current.status) === TARGET_STATUS[action];
      return showRuleCard(ctx, ref, { ...show, note: ctx.t(already ? `rules-note-already-${TARGET_STATUS[action]}` : "rules-note-state-changed") });
    }
    if (action === "resume" && err instanceof MarketplaceError && err.isInsufficientBalance) return showResumeShortfall(ctx, ref, err);
    throw err;
  }
  rememberRule(ctx, rule);
  await showRuleCard(ctx, ref, { ...show, note: ctx.t(DONE_NOTE[action]) });
}

/** Resume refused for the balance: what one firing costs, what is missing, Deposit, and back to the rule. */
async function showResumeShortfall(ctx: BotContext, ref: RuleRef, refusal: unknown): Promise<void> {
  const rule = await findRule(ctx, ref.id);
  if (!rule) return showRuleCard(ctx, ref);
  let shortfall;
  try {
    shortfall = await callRules(ctx, (client) => loadShortfall(client, { kind: ruleKind(rule.type), volume: rule.volume, duration: rule.duration }));
  } catch {
    throw refusal;
  }
  const view = renderShortfall(shortfall, ctx.locale);
  view.keyboard.row().text(ctx.t("rules-button-back-to-rule"), RuleCallbacks.card.pack(ref));
  await showView(ctx, view);
}

async function askCancel(ctx: BotContext, ref: RuleRef): Promise<void> {
  const rule = await findRule(ctx, ref.id);
  if (!rule) return showRuleCard(ctx, ref);
  if (!ruleTransitions(rule).includes("cancel")) {
    const cancelled = ruleStatusKind(rule.status) === "cancelled";
    return showRuleCard(ctx, ref, { note: ctx.t(cancelled ? "rules-note-already-cancelled" : "rules-note-state-changed") });
  }
  setSubject(ctx, packSubject({ verb: "ask", ...ref }));
  await showView(ctx, { text: renderCancelConfirm(rule, ctx.t), keyboard: cancelMenu });
}

async function showFires(ctx: BotContext, ref: RuleRef, requested: number): Promise<void> {
  let rule, fires;
  try {
    [rule, fires] = await Promise.all([findRule(ctx, ref.id), loadFires(ctx, ref.id)]);
  } catch (err) {
    if (isNotFound(err)) return showRuleCard(ctx, ref);
    throw err;
  }
  if (!rule) return showRuleCard(ctx, ref);
  const { page } = firesPage(fires, requested);
  setSubject(ctx, packSubject({ verb: "fires", ...ref, fires: page }));
  await showView(ctx, { text: renderRuleFires(rule, fires, page, ctx.locale), keyboard: firesMenu });
}
