/**
 * What a verified event causes, written through a transaction's repositories: a fill or failure
 * updates the bot's order row and card and notifies the owner; a ping the bot did not ask for is
 * pushed as a notice. Run once per stored event: by the receiver in the transaction that stores
 * it, or later by the backlog (backlog.ts) for an event that arrived while the outbox was full.
 */
import { eventTypeKind } from "../marketplace/normalise.js";
import type { Repositories } from "../store/index.js";
import type { Notifier } from "../notices/notifier.js";
import { recordSettlement } from "../notices/settlement.js";
import type { MarketplaceEvent } from "./event-payload.js";

/** A ping within this long after the bot asked for one is reported by the waiting /webhook flow, not pushed. */
export const REQUESTED_PING_WINDOW_MS = 120_000;

export interface StoredEvent {
  /** The endpoint's row id and its owner. */
  endpoint: { id: number; userId: number };
  eventId: string;
  event: MarketplaceEvent;
  receivedAt: number;
}

export async function applyEvent(tx: Repositories, notifier: Notifier, { endpoint, eventId, event, receivedAt }: StoredEvent): Promise<void> {
  const kind = eventTypeKind(event.type);
  if ((kind === "filled" || kind === "failed") && event.order) await recordSettlement(tx, notifier, endpoint.userId, event.order, kind);
  if (kind !== "ping") return;
  // read here, not with the route: the bot stamps it just before the marketplace pings, maybe on
  // another replica (routes are kept for a while). Asked for before it arrived (an event applied
  // later may find a newer request stamped since).
  const lastPingAt = await tx.webhooks.lastPingAt(endpoint.id);
  const sinceAsked = lastPingAt === null ? -1 : receivedAt - lastPingAt;
  const requested = sinceAsked >= 0 && sinceAsked < REQUESTED_PING_WINDOW_MS;
  if (!requested) await notifier.in(tx).webhookPing(endpoint.userId, endpoint.id, eventId);
}
