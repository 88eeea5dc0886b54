/**
 * Tolerant reading of a marketplace event (the spec does not show its shape; DESIGN.md lists what
 * is accepted): the type from `type` or `event`; the order from `data.order`, `data` or `order`;
 * the order id from `id`, `orderId` or `order_id`. Fields that are missing or malformed are left
 * out rather than failing the event: a notice is written from what is there.
 */
import { parseJsonExact } from "../marketplace/json.js";
import { isTrxDecimal } from "../tron/amounts.js";
import { toBigInt } from "../tron/volume.js";
import type { EventOrder } from "../orders/event-order.js";

export interface MarketplaceEvent {
  /** The event's own id from the body (the Standard Webhooks message id is preferred by the receiver). */
  id?: string;
  type: string;
  order?: EventOrder;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function text(v: unknown): string | undefined {
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return undefined;
}

function orderId(o: Json): string | undefined {
  return text(o.id) ?? text(o.orderId) ?? text(o.order_id);
}

function volume(v: unknown): bigint | undefined {
  if (typeof v !== "string" && typeof v !== "number") return undefined;
  try {
    return toBigInt(v);
  } catch {
    return undefined;
  }
}

function trx(v: unknown): string | undefined {
  const value = text(v);
  return value !== undefined && isTrxDecimal(value) ? value : undefined;
}

function readOrder(o: Json): EventOrder | undefined {
  const id = orderId(o);
  if (id === undefined) return undefined;
  const order: EventOrder = { id };
  const fields = {
    status: text(o.status),
    resource: text(o.resource),
    targetAddress: text(o.targetAddress ?? o.target_address ?? o.target),
    volume: volume(o.volume),
    duration: text(o.duration),
    totalTrx: trx(o.totalTrx ?? o.total_trx),
    txId: text(o.txId ?? o.tx_id),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (order as unknown as Json)[k] = v;
  return order;
}

function findOrder(body: Json): EventOrder | undefined {
  const data = body.data;
  if (isObject(data) && isObject(data.order)) return readOrder(data.order);
  if (isObject(data) && orderId(data) !== undefined) return readOrder(data);
  if (isObject(body.order)) return readOrder(body.order);
  return undefined;
}

/** Reads a parsed body; undefined when it is not an object or has no event type. */
export function readEvent(body: unknown): MarketplaceEvent | undefined {
  if (!isObject(body)) return undefined;
  const type = text(body.type) ?? text(body.event);
  if (type === undefined) return undefined;
  const event: MarketplaceEvent = { type };
  const id = text(body.id) ?? text(body.eventId) ?? text(body.event_id);
  if (id !== undefined) event.id = id;
  const order = findOrder(body);
  if (order) event.order = order;
  return event;
}

/** Parses the raw body (int64 values stay exact); undefined for malformed JSON or a body without a type. */
export function parseEvent(raw: string): MarketplaceEvent | undefined {
  let body: unknown;
  try {
    body = parseJsonExact(raw);
  } catch {
    return undefined;
  }
  return readEvent(body);
}
