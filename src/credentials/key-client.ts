/**
 * How code reaches the marketplace with a user's stored key: `withUserClient` loads the user's
 * default (or a chosen) key, opens it for the duration of the call, and remembers a scope the key
 * turns out to lack. No key → NoApiKeyError, which the chat's error mapping turns into "add a key".
 * `clientForKey` is the one way from a stored key to a client: the watchers call it for the keys they
 * check, `withUserClient` for the chat's. Free of the chat: the bot's features (through
 * bot/marketplace/with-user-client.ts), the domain (orders/placement.ts) and the watchers use it alike.
 */
import { SealError } from "../store/secrets.js";
import { UNREADABLE_SECRETS } from "../store/rotation.js";
import type { Store } from "../store/index.js";
import type { Logger } from "../logger.js";
import type { Marketplace, MarketplaceClient } from "../marketplace/index.js";
import { MarketplaceError } from "../marketplace/errors.js";
import type { ApiKeyRow, Scope } from "../store/api-keys.js";

export class NoApiKeyError extends Error {
  override readonly name = "NoApiKeyError";
  constructor() {
    // The usual answer to a user without a key (a Balance tap before adding one), not a fault: it
    // captures no stack, which with the update's middleware frames above it cost as much as the
    // rest of that update's work.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super("no API key stored for this user");
    Error.stackTraceLimit = limit;
  }
}

/**
 * The user's key is sealed with a master key this bot does not have (SECRETS_KEY was replaced
 * without keeping the old one): it cannot be used, and the user is asked to add it again.
 */
export class KeyUnreadableError extends Error {
  override readonly name = "KeyUnreadableError";
  constructor() {
    super("the API key is sealed with an unknown master key");
  }
}

/** What opening a stored key needs (the bot's deps and the watchers' have it all). */
export interface KeyClientDeps {
  store: Pick<Store, "apiKeys">;
  marketplace: Pick<Marketplace, "forKey">;
  logger: Logger;
  now: () => number;
}

/** A client for a stored key (opened for this call only); a key that cannot be opened throws SealError. */
export async function clientForKey(deps: Pick<KeyClientDeps, "store" | "marketplace">, key: ApiKeyRow): Promise<MarketplaceClient> {
  return deps.marketplace.forKey(await deps.store.apiKeys.reveal(key));
}

/** The client; a key that cannot be opened is logged once, for the operator, and reported as KeyUnreadableError. */
async function openForUser(deps: KeyClientDeps, key: ApiKeyRow): Promise<MarketplaceClient> {
  try {
    return await clientForKey(deps, key);
  } catch (err) {
    if (!(err instanceof SealError)) throw err;
    deps.logger.error({ keyId: key.id, userId: key.userId }, `an API key is one of the ${UNREADABLE_SECRETS}`);
    throw new KeyUnreadableError();
  }
}

export async function withUserClient<T>(
  deps: KeyClientDeps,
  userId: number,
  call: (client: MarketplaceClient, key: ApiKeyRow) => Promise<T>,
  options: { keyId?: number; needs?: Scope } = {},
): Promise<T> {
  return withUserClientOr(deps, userId, call, () => {
    throw new NoApiKeyError();
  }, options);
}

/**
 * withUserClient for a caller with its own answer for a user without the key (`withoutKey`): for
 * most users of a public card that is the usual case, so no NoApiKeyError is made for it.
 */
export async function withUserClientOr<T>(
  deps: KeyClientDeps,
  userId: number,
  call: (client: MarketplaceClient, key: ApiKeyRow) => Promise<T>,
  withoutKey: () => T,
  options: { keyId?: number; needs?: Scope } = {},
): Promise<T> {
  const key = options.keyId === undefined ? await deps.store.apiKeys.getDefault(userId) : await deps.store.apiKeys.get(userId, options.keyId);
  if (!key) return withoutKey();
  const client = await openForUser(deps, key);
  try {
    const result = await call(client, key);
    await deps.store.apiKeys.touch(key, deps.now());
    return result;
  } catch (err) {
    if (err instanceof MarketplaceError && err.isInsufficientScope) {
      await deps.store.apiKeys.markMissingScope(key.id, options.needs ?? "purchase");
    }
    throw err;
  }
}
