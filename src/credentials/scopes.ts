/**
 * What a key's access level (scope) allows, and what the bot knows of a key's level. Pure.
 *
 * The marketplace shows no key's scope. The bot knows what a key was refused (403
 * insufficient_scope, remembered per key as its missing scopes) and, for a key whose prefix names
 * its level (the sandbox's `sbx_<scope>_…`, see shape.ts), that level from the moment it is added:
 * it is remembered the same way, as the next level up missing. Levels include the ones below
 * (full ⊃ purchase ⊃ read).
 */
import type { KeyScope } from "./shape.js";

export type { KeyScope } from "./shape.js";

/** What a flow does with a key. */
export type KeyOperation = "orders" | "rules" | "webhooks";

const RANK: Record<KeyScope, number> = { read: 0, purchase: 1, full: 2 };
const SCOPES: readonly KeyScope[] = ["read", "purchase", "full"];

/** The level an operation takes (as the marketplace documents it). */
export const SCOPE_FOR: Record<KeyOperation, KeyScope> = { orders: "purchase", rules: "purchase", webhooks: "full" };

const isScope = (s: unknown): s is KeyScope => s === "read" || s === "purchase" || s === "full";

/** The levels a key was seen to lack, from its stored JSON list (anything unreadable: none). */
export function missingScopes(key: { missingScopes: string }): KeyScope[] {
  try {
    const parsed = JSON.parse(key.missingScopes) as unknown;
    return Array.isArray(parsed) ? parsed.filter(isScope) : [];
  } catch {
    return [];
  }
}

/** The key lacks `scope` (it lacks it or a lower level). */
export function knownUnable(key: { missingScopes: string }, scope: KeyScope): boolean {
  return missingScopes(key).some((s) => RANK[s] <= RANK[scope]);
}

/** The lowest level the key is known to lack, which says what it can't do; undefined: nothing known. */
export function lowestMissing(key: { missingScopes: string }): KeyScope | undefined {
  return SCOPES.find((s) => knownUnable(key, s));
}

/** The level just above `scope`, which a key of exactly `scope` lacks (none above full). */
export function scopeAbove(scope: KeyScope): KeyScope | undefined {
  return SCOPES[RANK[scope] + 1];
}
