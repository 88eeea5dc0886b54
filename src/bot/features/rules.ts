/**
 * /rules: the list of the user's automation rules, each rule's card with its firings, and Pause,
 * Resume and Cancel. Everything edits the message in place. Pause, resume and cancel are
 * non-idempotent POSTs: a second tap after a success meets the new state (409 in the sandbox) and
 * gets the refreshed card with an "already …" note rather than an error.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { withUserClient } from "../marketplace-access.js";
import { replyWithError } from "../reply-error.js";
import { MarketplaceError } from "../../marketplace/errors.js";
import { ruleKind, ruleStatusKind, type AutomationRule, type MarketplaceClient, type RuleStatusKind } from "../../marketplace/index.js";
import { RuleActions, renderCancelConfirm, renderRuleCard } from "../render/rule-card.js";
import { renderRulesList } from "../render/rules-list.js";
import { renderRuleFires } from "../render/rule-fires.js";
import { renderShortfall } from "../render/shortfall.js";
import { loadShortfall } from "../../rules/pricing.js";

export const rulesFeature = new Composer<BotContext>();


type RuleAction = "pause" | "resume" | "cancel";

/** The status each action leads to, for the "already …" note after a repeated tap. */
const TARGET_STATUS: Record<RuleAction, RuleStatusKind> = { pause: "paused", resume: "active", cancel: "cancelled" };
const DONE_NOTE: Record<RuleAction, string> = { pause: "rules-note-paused", resume: "rules-note-resumed", cancel: "rules-note-cancelled" };

function callRules<T>(ctx: BotContext, call: (client: MarketplaceClient) => Promise<T>): Promise<T> {
  return withUserClient(ctx.deps, ctx.from!.id, call);
}

/** There is no GET for one rule: it is looked up in the (newest-first) list. */
async function findRule(ctx: BotContext, id: string): Promise<AutomationRule | undefined> {
  const rules = await callRules(ctx, (client) => client.listRules());
  return rules.find((rule) => rule.id === id);
}

function isNotFound(err: unknown): boolean {
  return err instanceof MarketplaceError && err.isNotFound;
}

/** A state the rule is not in any more: the sandbox answers 409 automation.invalid_state. */
function isInvalidState(err: unknown): boolean {
  return err instanceof MarketplaceError && (err.status === 409 || (err.code?.endsWith(".invalid_state") ?? false));
}

/** Edits the tapped message (or replies when there is none); an unchanged text is not an error. */
async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard, toast?: string): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery(toast ? { text: toast } : undefined).catch(() => undefined);
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, { reply_markup: keyboard });
      return;
    } catch (err) {
      if (err instanceof Error && /message is not modified/i.test(err.message)) return;
      // too old or not a text message: send the view anew
    }
  }
  await ctx.reply(text, { reply_markup: keyboard });
}

async function showNotFound(ctx: BotContext): Promise<void> {
  const keyboard = new InlineKeyboard().text(ctx.t("button-back"), RuleActions.page((await ctx.session).rulesPage ?? 0));
  await show(ctx, ctx.t("rules-not-found"), keyboard);
}

async function showList(ctx: BotContext, page: number, asNewMessage = false): Promise<void> {
  const rules = await callRules(ctx, (client) => client.listRules());
  const list = renderRulesList(rules, page, ctx.t, ctx.fmt);
  (await ctx.session).rulesPage = list.page;
  if (asNewMessage) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.reply(list.text, { reply_markup: list.keyboard });
  } else {
    await show(ctx, list.text, list.keyboard);
  }
}

async function showCard(ctx: BotContext, id: string): Promise<void> {
  const rule = await findRule(ctx, id);
  if (!rule) return showNotFound(ctx);
  const card = renderRuleCard(rule, ctx.t, ctx.fmt, { backPage: (await ctx.session).rulesPage });
  await show(ctx, card.text, card.keyboard);
}

/** Runs a handler; marketplace trouble becomes the shared message (a new one: the view stays). */
async function guarded(ctx: BotContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    await replyWithError(ctx, err);
  }
}

async function resumeShortfall(ctx: BotContext, id: string, original: unknown): Promise<void> {
  const rule = await findRule(ctx, id);
  if (!rule) return showNotFound(ctx);
  const spec = { kind: ruleKind(rule.type), volume: rule.volume, duration: rule.duration };
  let shortfall;
  try {
    shortfall = await callRules(ctx, (client) => loadShortfall(client, spec));
  } catch {
    return replyWithError(ctx, original);
  }
  const rendered = renderShortfall(shortfall, ctx.t, ctx.fmt);
  rendered.keyboard.row().text(ctx.t("rules-button-back-to-rule"), RuleActions.open(id));
  await show(ctx, rendered.text, rendered.keyboard);
}

async function runAction(ctx: BotContext, action: RuleAction, id: string): Promise<void> {
  try {
    const rule = await callRules(ctx, (client) =>
      action === "pause" ? client.pauseRule(id) : action === "resume" ? client.resumeRule(id) : client.cancelRule(id),
    );
    const note = ctx.t(DONE_NOTE[action]);
    const card = renderRuleCard(rule, ctx.t, ctx.fmt, { note, backPage: (await ctx.session).rulesPage });
    await show(ctx, card.text, card.keyboard, note);
  } catch (err) {
    if (isNotFound(err)) return showNotFound(ctx);
    if (isInvalidState(err)) {
      const rule = await findRule(ctx, id);
      if (!rule) return showNotFound(ctx);
      const already = ruleStatusKind(rule.status) === TARGET_STATUS[action];
      const note = ctx.t(already ? `rules-note-already-${TARGET_STATUS[action]}` : "rules-note-state-changed");
      const card = renderRuleCard(rule, ctx.t, ctx.fmt, { note, backPage: (await ctx.session).rulesPage });
      return show(ctx, card.text, card.keyboard, note);
    }
    if (action === "resume" && err instanceof MarketplaceError && err.isInsufficientBalance) return resumeShortfall(ctx, id, err);
    throw err;
  }
}

// In groups, private-only.ts points to the private chat.
rulesFeature.chatType("private").command("rules", (ctx) => guarded(ctx, () => showList(ctx, 0, true)));

rulesFeature.callbackQuery(SharedButtons.listRules.pattern, (ctx) => guarded(ctx, () => showList(ctx, 0, true)));

rulesFeature.callbackQuery(/^rule:l:(\d{1,4})$/, (ctx) => guarded(ctx, () => showList(ctx, Number(ctx.match[1]))));

rulesFeature.callbackQuery(/^rule:o:([^:]+)$/, (ctx) => guarded(ctx, () => showCard(ctx, ctx.match[1]!)));

rulesFeature.callbackQuery(SharedButtons.openRule.pattern, (ctx) => guarded(ctx, () => showCard(ctx, ctx.match[1]!)));

rulesFeature.callbackQuery(/^rule:f:([^:]+):(\d{1,3})$/, (ctx) =>
  guarded(ctx, async () => {
    const id = ctx.match[1]!;
    try {
      const [rule, fires] = await Promise.all([findRule(ctx, id), callRules(ctx, (client) => client.ruleFires(id))]);
      if (!rule) return showNotFound(ctx);
      const view = renderRuleFires(rule, fires, Number(ctx.match[2]), ctx.t, ctx.fmt);
      await show(ctx, view.text, view.keyboard);
    } catch (err) {
      if (isNotFound(err)) return showNotFound(ctx);
      throw err;
    }
  }),
);

rulesFeature.callbackQuery(/^rule:p:([^:]+)$/, (ctx) => guarded(ctx, () => runAction(ctx, "pause", ctx.match[1]!)));
rulesFeature.callbackQuery(/^rule:r:([^:]+)$/, (ctx) => guarded(ctx, () => runAction(ctx, "resume", ctx.match[1]!)));
rulesFeature.callbackQuery(/^rule:xx:([^:]+)$/, (ctx) => guarded(ctx, () => runAction(ctx, "cancel", ctx.match[1]!)));

rulesFeature.callbackQuery(/^rule:x:([^:]+)$/, (ctx) =>
  guarded(ctx, async () => {
    const rule = await findRule(ctx, ctx.match[1]!);
    if (!rule) return showNotFound(ctx);
    if (ruleStatusKind(rule.status) === "cancelled") {
      const card = renderRuleCard(rule, ctx.t, ctx.fmt, { note: ctx.t("rules-note-already-cancelled"), backPage: (await ctx.session).rulesPage });
      return show(ctx, card.text, card.keyboard);
    }
    const confirm = renderCancelConfirm(rule, ctx.t);
    await show(ctx, confirm.text, confirm.keyboard);
  }),
);
