/**
 * Placing an order intent: exactly one order, however often it is confirmed or the update delivered.
 * The intent is set to `placing` (persisted) before POST /orders, which always carries the intent's
 * Idempotency-Key; a repeated Confirm, a redelivered update or a restart while `placing` calls again
 * with the same key and the marketplace returns the same order. A `previewed` intent older than
 * PREVIEW_TTL_MS is not placed: it is cancelled, to be quoted anew. An intent left `placing` by a lost
 * answer is settled by a new Confirm (same key) or by watch/placing.ts, never by placing again.
 *
 * The outcomes, which the chat turns into views (bot/features/buy/confirm.ts) and batches into lines:
 * - `placed`: the order, with the intent marked placed and its address remembered;
 * - `unknown`: the marketplace may or may not have taken it (timeout, 5xx, 429): the intent stays
 *   `placing` with its key, and confirming again is safe;
 * - `refused`: the marketplace said no (or the key was removed before anything was sent): the
 *   intent is `rejected` when nothing can have been placed;
 * - `expired`: a `previewed` intent too old to be placed unseen, now `cancelled`;
 * - before anything is sent: `missing` (no such intent of this user), `closed` (cancelled or
 *   rejected), `already-placed`, `over-budget` (the key's monthly budget reached: the intent stays
 *   previewed, and may be placed with `overrideBudget`), `moved-on` (another attempt moved it).
 * Free of the chat: no grammY types here.
 */
import type { Logger } from "../logger.js";
import type { Order } from "../marketplace/index.js";
import { MarketplaceError } from "../marketplace/errors.js";
import type { Store } from "../store/index.js";
import type { IntentState, OrderIntentRow } from "../store/orders.js";
import { errorFields } from "../logger.js";
import { NoApiKeyError, withUserClient, type KeyClientDeps } from "../credentials/key-client.js";
import { shortfallOf } from "../rules/pricing.js";
import { orderBudgetRefusal, type KeyBudget } from "./budget.js";
import { previewMoney } from "./preview-money.js";
import { requestOfIntent } from "./request.js";

/** 10 minutes: long enough to read a card and top up, short enough that prices barely move. */
export const PREVIEW_TTL_MS = 10 * 60_000;

/** A `placing` intent never expires: it may already have an order, and only its own key may be sent. */
export function isPreviewExpired(intent: Pick<OrderIntentRow, "state" | "createdAt">, now: number): boolean {
  return intent.state === "previewed" && now - intent.createdAt > PREVIEW_TTL_MS;
}

export interface PlacementDeps extends KeyClientDeps {
  store: Pick<Store, "apiKeys" | "orders" | "recentAddresses" | "keyBudgets">;
  logger: Logger;
  now: () => number;
}

export interface PlaceOptions {
  /** The user chose to place this order although the key's monthly budget is reached. */
  overrideBudget?: boolean;
}

/** An intent that may be sent now (`previewed`, or `placing` after an earlier attempt). */
export interface ReadyIntent {
  kind: "ready";
  intent: OrderIntentRow;
}

/** What stops an intent before anything is sent. */
export type NotSent =
  | { kind: "missing" }
  | { kind: "closed"; state: "cancelled" | "rejected" }
  | { kind: "already-placed"; intent: OrderIntentRow }
  | { kind: "expired"; intent: OrderIntentRow }
  | { kind: "over-budget"; intent: OrderIntentRow; budget: KeyBudget }
  | { kind: "moved-on" };

/** What sending an intent came to. */
export type SendOutcome =
  | { kind: "placed"; intent: OrderIntentRow; order: Order }
  | { kind: "unknown"; intent: OrderIntentRow; error: MarketplaceError }
  | { kind: "refused"; intent: OrderIntentRow; error: MarketplaceError | NoApiKeyError }
  | { kind: "moved-on" };

export type PlacementOutcome = NotSent | SendOutcome;

/**
 * The server may or may not have taken the order: keep the key and let the user confirm again. A 502
 * is "refunded" only in the marketplace's own words; a proxy's 502 page can hide a committed order.
 */
function outcomeUnknown(err: MarketplaceError): boolean {
  if (err.kind !== "http") return true;
  const status = err.status ?? 0;
  return status === 408 || status === 429 || (status >= 500 && !err.isProviderFailed);
}

function describe(err: unknown): string {
  if (err instanceof MarketplaceError) return [err.kind, err.status, err.code].filter((v) => v !== undefined).join(" ");
  return err instanceof Error ? err.name : "error";
}

/** Whether the user's intent `intentId` may be sent now; an expired preview is cancelled here. */
export async function checkIntent(deps: PlacementDeps, intentId: string, userId: number | undefined, options: PlaceOptions = {}): Promise<NotSent | ReadyIntent> {
  const { store } = deps;
  const intent = await store.orders.get(intentId);
  if (!intent || intent.userId !== userId) return { kind: "missing" };
  const state = intent.state as IntentState;
  if (state === "placed") return { kind: "already-placed", intent };
  if (state !== "previewed" && state !== "placing") return { kind: "closed", state };

  if (isPreviewExpired(intent, deps.now())) {
    // Old numbers on the card: never place at today's price unseen. (A placing intent never gets here.)
    if (!(await store.orders.markCancelled(intentId))) return { kind: "moved-on" }; // cannot happen with per-chat sequencing
    return { kind: "expired", intent };
  }
  // the bot's monthly budget of the key (orders/budget.ts); an intent already placing is past this check
  const budget = state === "previewed" && !options.overrideBudget ? await orderBudgetRefusal(store, intent.keyId, deps.now()) : undefined;
  if (budget) return { kind: "over-budget", intent, budget };
  return { kind: "ready", intent };
}

/**
 * POST /orders with the intent's Idempotency-Key, the intent `placing` before and `placed` or
 * `rejected` after as the answer allows. An error that is neither the marketplace's nor a missing
 * key (a bug) is noted on the intent, which stays `placing`, and thrown.
 */
export async function sendIntent(deps: PlacementDeps, intent: OrderIntentRow): Promise<SendOutcome> {
  const { store, logger } = deps;
  const neverSent = intent.state === "previewed";
  if (!(await store.orders.markPlacing(intent.intentId))) return { kind: "moved-on" }; // settled meanwhile (cannot happen with per-chat sequencing)
  const request = requestOfIntent(intent);
  let order: Order;
  try {
    order = await withUserClient(
      deps,
      intent.userId,
      (client) =>
        client.placeOrder(
          { resource: request.resource, targetAddress: request.address, volume: request.volume, duration: request.duration },
          { idempotencyKey: intent.idempotencyKey },
        ),
      { keyId: intent.keyId, needs: "purchase" },
    );
  } catch (err) {
    if (err instanceof MarketplaceError && outcomeUnknown(err)) {
      await store.orders.noteError(intent.intentId, describe(err));
      logger.warn({ err: errorFields(err), intentId: intent.intentId }, "order placement outcome unknown");
      return { kind: "unknown", intent, error: err };
    }
    if (!(err instanceof MarketplaceError) && !(err instanceof NoApiKeyError)) {
      // A bug after the call may have been made: the intent stays `placing`, a new attempt reuses the key.
      await store.orders.noteError(intent.intentId, describe(err));
      throw err;
    }
    // A NoApiKeyError (the key was removed) is raised before any request: only a never-sent intent is dead.
    if (err instanceof MarketplaceError || neverSent) await store.orders.markRejected(intent.intentId, describe(err));
    return { kind: "refused", intent, error: err };
  }
  await store.orders.markPlaced(intent.intentId, { orderId: order.id, status: order.status, totalTrx: order.totalTrx, txId: order.txId });
  await store.recentAddresses.remember(intent.userId, intent.targetAddress, deps.now());
  return { kind: "placed", intent, order };
}

/** checkIntent, then sendIntent when the intent may go. */
export async function placeIntent(deps: PlacementDeps, intentId: string, userId: number, options: PlaceOptions = {}): Promise<PlacementOutcome> {
  const checked = await checkIntent(deps, intentId, userId, options);
  return checked.kind === "ready" ? sendIntent(deps, checked.intent) : checked;
}

/**
 * For a repeated Confirm of a placed intent: the order as the marketplace has it now, its status
 * stored; undefined when it cannot be read (logged).
 */
export async function rereadPlaced(deps: PlacementDeps, intent: OrderIntentRow): Promise<Order | undefined> {
  if (!intent.orderId) return undefined;
  const orderId = intent.orderId;
  try {
    const order = await withUserClient(deps, intent.userId, (client) => client.getOrder(orderId), { keyId: intent.keyId });
    await deps.store.orders.updateStatus(order.id, { status: order.status, txId: order.txId });
    return order;
  } catch (err) {
    deps.logger.debug({ err, intentId: intent.intentId }, "could not refresh a placed order");
    return undefined;
  }
}

/** After a refusal for balance: what the order needs against the balance now, from a fresh preview (undefined if that fails or nothing is missing). */
export async function refusalShortfall(
  deps: PlacementDeps,
  intent: OrderIntentRow,
): Promise<{ balanceSun: bigint; totalSun: bigint; missingSun: bigint } | undefined> {
  const request = requestOfIntent(intent);
  try {
    const preview = await withUserClient(
      deps,
      intent.userId,
      (client) => client.previewOrder({ resource: request.resource, volume: request.volume, days: request.duration, target: request.address }),
      { keyId: intent.keyId },
    );
    const money = previewMoney(preview);
    const { missingSun } = shortfallOf(money.totalSun, money.balanceSun);
    return missingSun === 0n ? undefined : { balanceSun: money.balanceSun, totalSun: money.totalSun, missingSun };
  } catch {
    return undefined;
  }
}
