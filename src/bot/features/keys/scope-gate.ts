/**
 * What the bot knows about a key's access level, used up front. The marketplace shows no key's
 * scope; the bot knows only the scopes a key was refused for (403 insufficient_scope, remembered
 * by withUserClient). So a flow the default key is known unable to complete says so at its first
 * step and offers the user's other keys that were not refused it; and a new key is offered as the
 * default when the default was refused something the new key was not.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { ApiKeyRow, ApiKeysRepo, Scope } from "../../../store/api-keys.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { escapeHtml } from "../../../format/html.js";
import type { Translate } from "../../../format/formatter.js";
import { fingerprintText, keyButtonLabel } from "./views.js";

/** What a flow does with the key, and the scope that takes (as the error mapping names them). */
export type GatedOperation = "orders" | "rules" | "webhooks";
const SCOPE_OF: Record<GatedOperation, Scope> = { orders: "purchase", rules: "purchase", webhooks: "full" };
const RANK: Record<Scope, number> = { read: 0, purchase: 1, full: 2 };

function refusedScopes(key: Pick<ApiKeyRow, "missingScopes">): Scope[] {
  try {
    return (JSON.parse(key.missingScopes) as unknown[]).filter((s): s is Scope => s === "read" || s === "purchase" || s === "full");
  } catch {
    return [];
  }
}

/** The key was refused `scope` or a lower one (higher levels include lower ones). */
export function knownUnable(key: Pick<ApiKeyRow, "missingScopes">, scope: Scope): boolean {
  return refusedScopes(key).some((s) => RANK[s] <= RANK[scope]);
}

/**
 * True when the user's default key may do `operation` (or there is no key: the flow says so
 * itself). Otherwise answers with why and the user's other keys that may, each a button that makes
 * it the default and starts `flow` (a conversation id) again with `args` (the answers given so far,
 * kept in the session: a button's payload cannot carry them); false.
 */
export async function defaultKeyMay(ctx: BotContext, operation: GatedOperation, flow: string, args?: unknown): Promise<boolean> {
  if (!ctx.from) return true;
  const keys = ctx.deps.store.apiKeys;
  const current = await keys.getDefault(ctx.from.id);
  const scope = SCOPE_OF[operation];
  if (!current || !knownUnable(current, scope)) return true;
  const t: Translate = (k, v) => ctx.t(k, v);
  const others = (await keys.list(ctx.from.id)).filter((k) => k.id !== current.id && !knownUnable(k, scope));
  const lines = [t("keys-default-cannot", { fingerprint: escapeHtml(fingerprintText(current)), operation: t(`keys-scope-op-${operation}`), scope })];
  const keyboard = new InlineKeyboard();
  if (others.length > 0) {
    lines.push("", t("keys-pick-other"));
    for (const key of others) keyboard.text(t("keys-button-use", { name: keyButtonLabel(key, t) }), SharedButtons.useKeyFor.pack({ id: key.id, flow })).row();
  } else {
    lines.push("", t("keys-no-other", { scope }));
    keyboard.text(t("button-add-key"), SharedButtons.addKey.pack()).row();
  }
  keyboard.text(t("button-my-keys"), SharedButtons.listKeys.pack());
  const sent = await ctx.reply(lines.join("\n"), { reply_markup: keyboard });
  const session = await ctx.session;
  session.gated = { flow, ...(args === undefined ? {} : { args }), messageId: sent.message_id, at: ctx.deps.now() };
  return false;
}

/** How long a refused flow's answers wait for the user to pick another key. */
export const GATED_TTL_MS = 60 * 60_000;

/**
 * The answers of the refused `flow` whose offer the user tapped in `messageId`, taken once (the
 * entry is cleared whatever it held): undefined for another message, another flow, or too late.
 */
export async function takeGatedArgs(ctx: BotContext, flow: string, messageId: number | undefined): Promise<unknown> {
  const session = await ctx.session;
  const gated = session.gated;
  delete session.gated;
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
  const operation = (["orders", "webhooks"] as const).find((op) => knownUnable(current, SCOPE_OF[op]) && !knownUnable(added, SCOPE_OF[op]));
  return operation ? { fingerprint: fingerprintText(current), operation: `keys-scope-op-${operation}` } : null;
}
