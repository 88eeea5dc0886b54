/**
 * The spec leaves the exact spelling of statuses and rule types open. Responses keep the raw string;
 * these functions map any spelling onto the few cases the bot acts on.
 */

/** Lower case, letters only: "AUTO_REFILL" → "autorefill", "Canceled " → "canceled". */
function squash(value: string | null | undefined): string {
  return (value ?? "").toLowerCase().replace(/[^a-z]/g, "");
}

export type OrderStatusKind = "created" | "filled" | "failed" | "other";

/** Created / Filled; Failed, Canceled, Cancelled, Refunded (any case, any decoration) → failed. */
export function orderStatusKind(status: string | null | undefined): OrderStatusKind {
  const s = squash(status);
  if (s === "created") return "created";
  if (s === "filled") return "filled";
  if (/fail|cancel|refund/.test(s)) return "failed";
  return "other";
}

export type RuleKind = "refill" | "renewal" | "smart" | "unknown";

/** auto-refill, AUTO_REFILL, refill, autoRenewal, renewal, smart, SMART_MODE, … */
export function ruleKind(type: string | null | undefined): RuleKind {
  const s = squash(type);
  if (s.includes("refill")) return "refill";
  if (s.includes("renew")) return "renewal";
  if (s.includes("smart")) return "smart";
  return "unknown";
}

export type RuleStatusKind = "active" | "paused" | "cancelled" | "unknown";

/** active, paused, cancelled or canceled, in any case (and with decorations such as RULE_PAUSED). */
export function ruleStatusKind(status: string | null | undefined): RuleStatusKind {
  const s = squash(status);
  if (/(^|[^n])active$/.test(s)) return "active"; // not "inactive"
  if (s.endsWith("paused")) return "paused";
  if (s.endsWith("cancelled") || s.endsWith("canceled")) return "cancelled";
  return "unknown";
}

export type EventTypeKind = "filled" | "failed" | "ping" | "other";

/** Event types: order.filled, ORDER_FILLED, orderFilled… → one kind. */
export function eventTypeKind(type: string | null | undefined): EventTypeKind {
  const s = squash(type);
  if (s === "orderfilled") return "filled";
  if (s === "orderfailed") return "failed";
  if (s === "webhookping" || s === "ping") return "ping";
  return "other";
}

export type PauseReasonKind = "system" | "user" | "other" | null;

/** System (the balance could not cover a firing), User (paused by the caller), or null. */
export function pauseReasonKind(reason: string | null | undefined): PauseReasonKind {
  const s = squash(reason);
  if (s === "") return null;
  if (s.includes("system")) return "system";
  if (s.includes("user")) return "user";
  return "other";
}
