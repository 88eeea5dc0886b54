/**
 * What the bot knows about a key's access level, used up front (the rules are in
 * credentials/scopes.ts): a flow the default key is known unable to complete says so at its first
 * step and offers the user's other keys not known unable; and a new key is offered as the default
 * when the default is known unable to do something the new key is not. Shared by every feature
 * that needs a key able to do something (buy, rules, webhooks) and by the keys feature, whose
 * "Use this key" button (SharedButtons.useKeyFor) takes the offer up.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { changeChatState } from "../chat-state.js";
import type { ApiKeyRow, ApiKeysRepo } from "../../store/api-keys.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import { escapeHtml } from "../../format/html.js";
import type { Translate } from "../../format/formatter.js";
import { knownUnable, lowestMissing, SCOPE_FOR, type KeyOperation } from "../../credentials/scopes.js";
import { fingerprintText, keyButtonLabel } from "./key-labels.js";

export type GatedOperation = KeyOperation;

/**
 * Why the user's keys can't do `operation` and the way out, as a message: the current key and
 * what it lacks, then each other key not known unable as a button that makes it the default and
 * starts `flow` (a conversation id) again, or, when there is none, the button to add a key.
 */
export function cannotOffer(
  t: Translate,
  current: Pick<ApiKeyRow, "fingerprint" | "missingScopes">,
  others: ReadonlyArray<Pick<ApiKeyRow, "id" | "label" | "fingerprint" | "isDefault" | "missingScopes">>,
  operation: GatedOperation,
  flow: string,
): { text: string; keyboard: InlineKeyboard } {
  const scope = SCOPE_FOR[operation];
  const may = others.filter((k) => !knownUnable(k, scope));
  const lacks = lowestMissing(current) ?? scope;
  const lines = [t("keys-default-cannot", { fingerprint: escapeHtml(fingerprintText(current)), operation: t(`keys-scope-op-${operation}`), lacks })];
  const keyboard = new InlineKeyboard();
  if (may.length > 0) {
    lines.push("", t("keys-pick-other"));
    for (const key of may) keyboard.text(t("keys-button-use", { name: keyButtonLabel(key, t) }), SharedButtons.useKeyFor.pack({ id: key.id, flow })).row();
  } else {
    lines.push("", t("keys-no-other", { scope }));
    keyboard.text(t("button-add-key"), SharedButtons.addKey.pack()).row();
  }
  keyboard.text(t("button-my-keys"), SharedButtons.listKeys.pack());
  return { text: lines.join("\n"), keyboard };
}

/**
 * True when the user's default key may do `operation` as far as the bot knows (or there is no
 * key: the flow says so itself). Otherwise answers with cannotOffer, whose buttons start `flow`
 * again with `args` (the answers given so far, kept in the session: a button's payload cannot
 * carry them); false.
 */
export async function defaultKeyMay(ctx: BotContext, operation: GatedOperation, flow: string, args?: unknown): Promise<boolean> {
  if (!ctx.from) return true;
  const keys = ctx.deps.store.apiKeys;
  const current = await keys.getDefault(ctx.from.id);
  if (!current || !knownUnable(current, SCOPE_FOR[operation])) return true;
  const others = (await keys.list(ctx.from.id)).filter((k) => k.id !== current.id);
  const offer = cannotOffer(ctx.t, current, others, operation, flow);
  const sent = await ctx.reply(offer.text, { reply_markup: offer.keyboard });
  const gated = { flow, ...(args === undefined ? {} : { args }), messageId: sent.message_id, at: ctx.deps.now() };
  await changeChatState(ctx, (state) => ({ ...state, gated }));
  return false;
}

/** How long a refused flow's answers wait for the user to pick another key. */
export const GATED_TTL_MS = 60 * 60_000;

/**
 * The answers of the refused `flow` whose offer the user tapped in `messageId`, taken once (the
 * entry is cleared whatever it held): undefined for another message, another flow, or too late.
 */
export async function takeGatedArgs(ctx: BotContext, flow: string, messageId: number | undefined): Promise<unknown> {
  const { gated } = await changeChatState(ctx, ({ gated: _taken, ...state }) => state);
  const fits = gated && gated.flow === flow && gated.messageId === messageId && ctx.deps.now() - gated.at < GATED_TTL_MS;
  return fits ? gated.args : undefined;
}

/**
 * For a new key that is not the default: the default's fingerprint and the first thing it was
 * refused that the new key was not (its locale id), or null when nothing is known to differ.
 */
export async function newDefaultOffer(keys: ApiKeysRepo, userId: number, newKeyId: number): Promise<{ fingerprint: string; operation: string } | null> {
  const added = await keys.get(userId, newKeyId);
  const current = await keys.getDefault(userId);
  if (!added || !current || current.id === added.id) return null;
  const operation = (["orders", "webhooks"] as const).find((op) => knownUnable(current, SCOPE_FOR[op]) && !knownUnable(added, SCOPE_FOR[op]));
  return operation ? { fingerprint: fingerprintText(current), operation: `keys-scope-op-${operation}` } : null;
}
