/**
 * /keys as cards that change in place: the list (a button per key, Add a key), a key's card (make
 * default, rename, remove, back) and the remove confirmation. The key id travels in the buttons'
 * payload; every action checks the key still exists and belongs to the user tapping.
 */
import type { NextFunction } from "grammy";
import type { BotContext } from "../../context.js";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import { escapeHtml } from "../../../format/html.js";
import { createCardMenu, payloadOf } from "../../ui/menu.js";
import { definePayload } from "../../../telegram/callback-codec.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { ADD_KEY_CONVERSATION, LABEL_KEY_CONVERSATION } from "./flow.js";
import { BUDGET_CONVERSATION } from "./budget.js";
import { keyBudget } from "../../../orders/budget.js";
import { fingerprintText, keyButtonLabel, keyCardText, keyName, keysListText, removeConfirmText } from "./views.js";


/** A key's buttons carry its id. */
const KEY_PAYLOAD = definePayload({ id: "int" }, { menus: ["keys", "key-card", "key-remove"] });

/** The key of the card (its id in the payload), when it is the tapping user's. */
async function keyOf(ctx: BotContext): Promise<ApiKeyRow | undefined> {
  const id = KEY_PAYLOAD.unpack(payloadOf(ctx))?.id;
  return ctx.from && id !== undefined ? await ctx.deps.store.apiKeys.get(ctx.from.id, id) : undefined;
}

/** Runs a card action on the card's key; a key that is gone gets a toast and the list. */
function onKey(action: (ctx: BotContext, key: ApiKeyRow, next: NextFunction) => Promise<unknown>) {
  return async (ctx: BotContext, next: NextFunction) => {
    const key = await keyOf(ctx);
    if (!key) return showKeys(ctx, undefined, { toast: ctx.t("keys-not-found") });
    await action(ctx, key, next);
  };
}

export const keysMenu = createCardMenu("keys").dynamic(async (ctx, range) => {
  const keys = ctx.from ? await ctx.deps.store.apiKeys.list(ctx.from.id) : [];
  for (const key of keys) range.text({ text: keyButtonLabel(key, ctx.t), payload: KEY_PAYLOAD.pack({ id: key.id }) }, onKey((ctx, key) => showCard(ctx, key))).row();
  range.text(ctx.t("keys-button-add"), (ctx) => enterFlow(ctx, ADD_KEY_CONVERSATION));
});

const keyCardMenu = createCardMenu("key-card").dynamic(async (ctx, range) => {
  const key = await keyOf(ctx);
  const payload = payloadOf(ctx);
  if (key) {
    const fingerprint = fingerprintText(key);
    if (!key.isDefault) range.text({ text: ctx.t("keys-button-make-default", { fingerprint }), payload }, onKey(makeDefault)).row();
    range
      .text({ text: ctx.t("keys-button-rename", { fingerprint }), payload }, onKey(rename))
      .text({ text: ctx.t("keys-button-remove", { fingerprint }), payload }, onKey(askRemove))
      .row();
    const budget = await ctx.deps.store.keyBudgets.get(key.id);
    const hasBudget = budget !== undefined && budget.budgetSun !== null;
    range.text({ text: ctx.t(hasBudget ? "keys-button-budget-change" : "keys-button-budget-set"), payload }, onKey(setBudget));
    if (hasBudget) range.text({ text: ctx.t("keys-button-budget-remove"), payload }, onKey(removeBudget));
    range.row();
  }
  range.text({ text: ctx.t("button-back"), payload }, (ctx) => showKeys(ctx));
});

const keyRemoveMenu = createCardMenu("key-remove").dynamic((ctx, range) => {
  const payload = payloadOf(ctx);
  range.text({ text: ctx.t("keys-button-remove-yes"), payload }, onKey(remove)).text({ text: ctx.t("button-no"), payload }, onKey((ctx, key) => showCard(ctx, key)));
});

keysMenu.register([keyCardMenu, keyRemoveMenu]);

/** The keys list, with a note above it (what just changed). */
export async function showKeys(ctx: BotContext, note?: string, options: ShowOptions = {}): Promise<void> {
  const keys = ctx.from ? await ctx.deps.store.apiKeys.list(ctx.from.id) : [];
  await showView(ctx, { text: keysListText(keys, ctx.locale, note), keyboard: keysMenu }, options);
}

async function showCard(ctx: BotContext, key: ApiKeyRow, note?: string): Promise<void> {
  const budget = await keyBudget(ctx.deps.store, key.id, ctx.deps.now());
  await showView(ctx, { text: keyCardText(key, ctx.locale, note, budget), keyboard: keyCardMenu });
}

async function setBudget(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  await enterFlow(ctx, BUDGET_CONVERSATION, key.id);
}

/** The rules paused for the budget are resumed by the budget watcher on its next look. */
async function removeBudget(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  await ctx.deps.store.keyBudgets.set(key.userId, key.id, null, ctx.deps.now());
  await showCard(ctx, key, ctx.t("keys-budget-removed", { key: `<b>${keyName(key, ctx.t)}</b> <code>${escapeHtml(fingerprintText(key))}</code>` }));
}

async function makeDefault(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  await ctx.deps.store.apiKeys.setDefault(key.userId, key.id);
  await showKeys(ctx, ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(key)) }));
}

async function rename(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  await enterFlow(ctx, LABEL_KEY_CONVERSATION, key.id, "rename", null);
}

async function askRemove(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  await showView(ctx, { text: removeConfirmText(key, ctx.t), keyboard: keyRemoveMenu });
}

async function remove(ctx: BotContext, key: ApiKeyRow): Promise<void> {
  const keys = ctx.deps.store.apiKeys;
  await keys.remove(key.userId, key.id);
  const lines = [ctx.t("keys-removed", { fingerprint: escapeHtml(fingerprintText(key)) })];
  const promoted = key.isDefault ? await keys.getDefault(key.userId) : undefined;
  if (promoted) lines.push(ctx.t("keys-now-default", { fingerprint: escapeHtml(fingerprintText(promoted)) }));
  await showKeys(ctx, lines.join("\n"));
}

