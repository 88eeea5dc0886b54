/** What one run of a schedule came to, as its notice tells it. */
import type { ScheduleRow } from "../store/schedules.js";

/** A due time missed by at most this much still runs (late); an older one is skipped and told. */
export const LATE_MS = 10 * 60_000;

/** Why a run was skipped (nothing placed) or failed. */
export type RunReason =
  /** More than LATE_MS after its time (the bot was not running): skipped, never placed late. */
  | "late"
  /** The balance does not cover the order. */
  | "balance"
  /** The key's monthly budget in the bot (orders/budget.ts) is reached. */
  | "budget"
  /** The key's daily spend limit at the marketplace would be exceeded. */
  | "cap"
  /** The schedule's key was removed, or lacks the purchase scope. */
  | "key"
  /** The marketplace refused the order for another reason, or could not be asked in time. */
  | "refused"
  /** The order may or may not have been taken (no answer in time): /orders will show it. */
  | "unknown";

export type ScheduleSubject = Pick<ScheduleRow, "id" | "targetAddress" | "volume" | "duration" | "days" | "time" | "timeZone">;

export type RunOutcome =
  | { kind: "placed"; orderId: string; totalTrx: string }
  | { kind: "skipped" | "failed"; reason: RunReason; detail?: RunDetail };

export interface RunDetail {
  /** balance: what the order needs and what is there. */
  balanceSun?: bigint;
  totalSun?: bigint;
  /** budget: the month's spend and the budget. */
  spentSun?: bigint;
  budgetSun?: bigint;
  /** refused: the marketplace's code, as it said it. */
  code?: string;
}

export interface ScheduleRunNotice {
  schedule: ScheduleSubject;
  dueAt: number;
  outcome: RunOutcome;
  /** The next time the schedule is due (if it has one). */
  nextAt?: number;
}
