/**
 * An order as a marketplace event tells it (events/event-payload.ts reads it tolerantly): the id,
 * and whatever else the event carried. Notices and the watchers take it from here, the domain,
 * not from the HTTP side that received it.
 */
export interface EventOrder {
  id: string;
  status?: string;
  resource?: string;
  targetAddress?: string;
  volume?: bigint;
  duration?: string;
  totalTrx?: string;
  txId?: string;
}
