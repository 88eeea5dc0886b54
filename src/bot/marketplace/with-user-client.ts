/**
 * How a feature reaches the marketplace with the user's key: `withUserClient` loads the user's
 * default (or a chosen) key, opens it for the duration of the call, and remembers a scope the key
 * turns out to lack. No key → NoApiKeyError, which the error mapping turns into "add a key".
 */
import type { BotDeps } from "../context.js";
import type { MarketplaceClient } from "../../marketplace/index.js";
import { MarketplaceError } from "../../marketplace/errors.js";
import type { ApiKeyRow, Scope } from "../../store/api-keys.js";

export class NoApiKeyError extends Error {
  override readonly name = "NoApiKeyError";
  constructor() {
    super("no API key stored for this user");
  }
}

export async function withUserClient<T>(
  deps: BotDeps,
  userId: number,
  call: (client: MarketplaceClient, key: ApiKeyRow) => Promise<T>,
  options: { keyId?: number; needs?: Scope } = {},
): Promise<T> {
  const key = options.keyId === undefined ? deps.store.apiKeys.getDefault(userId) : deps.store.apiKeys.get(userId, options.keyId);
  if (!key) throw new NoApiKeyError();
  const client = deps.marketplace.forKey(deps.store.apiKeys.reveal(key));
  try {
    const result = await call(client, key);
    deps.store.apiKeys.touch(key, deps.now());
    return result;
  } catch (err) {
    if (err instanceof MarketplaceError && err.isInsufficientScope) {
      deps.store.apiKeys.markMissingScope(key.id, options.needs ?? "purchase");
    }
    throw err;
  }
}
