/**
 * Scheduled purchases, run on the leader (a node-cron job beside the watchers, every minute):
 *
 * 1. Each schedule that is not paused is looked at after the last time it was looked at
 *    (`checked_until`, at most LOOKBACK_MS back). Each due time in between is claimed in the
 *    database (one row per schedule and due time, unique): only the caller whose claim went in runs
 *    it, so two leaders overlapping for a moment, or a leader restarted, never run a time twice.
 * 2. A claimed time runs now when it is at most LATE_MS old (a tick missed by a failover or a
 *    restart runs late), else it is skipped and the user told: never bought long after its time.
 * 3. A run checks the key, the key's monthly budget (orders/budget.ts), and today's price against
 *    the balance and the schedule's maximum (a fresh preview), and is skipped and told when one
 *    forbids it. Then it places the order through
 *    the same persisted intent protocol as a Confirm (orders/placement.ts), with an intent and an
 *    Idempotency-Key derived from (schedule, due time): whoever takes the run up again (the next
 *    tick, another leader) sends the same key, and the marketplace answers with the same order.
 *    A refusal for the key's daily spend limit is told as the cap.
 * 4. A run left open (its leader died, the marketplace did not answer) is taken up again after
 *    RETRY_MS; once it is LATE_MS old, one never sent is skipped as late, one whose answer never came
 *    is told as unknown (the orders watcher adopts or rejects its intent from GET /orders).
 *
 * A run's end and its notice are written in one transaction, only by the caller that moved the run
 * (compare-and-set), so each run is told once; with notify "failures" a placed run is not told.
 */
import { createHash } from "node:crypto";
import { MarketplaceError } from "../marketplace/errors.js";
import { errorFields } from "../logger.js";
import { KeyUnreadableError, NoApiKeyError, withUserClient } from "../credentials/key-client.js";
import { orderBudgetRefusal } from "../orders/budget.js";
import { previewMoney } from "../orders/preview-money.js";
import { refusalShortfall, sendIntent, type PlacementDeps } from "../orders/placement.js";
import type { OrderIntentRow } from "../store/orders.js";
import type { RunState, ScheduleRow, ScheduleRunRow } from "../store/schedules.js";
import type { WatchDeps } from "../watch/deps.js";
import { createFailureLog } from "../watch/failure-log.js";
import { forEachLimit } from "../watch/limit.js";
import { dueTimesBetween, nextDueTime } from "./due.js";
import { LATE_MS, type RunDetail, type RunOutcome, type RunReason } from "./outcome.js";

export { LATE_MS };

/** How far back a schedule looks for missed times (a bot stopped for longer tells a week of them at most). */
export const LOOKBACK_MS = 7 * 24 * 60 * 60_000;
/** An open run is taken up again once nobody has touched it for this long. */
export const RETRY_MS = 30_000;

/** RFC 4122 name-based (SHA-1, version 5) UUID of `name` in the bot's own namespace. */
function nameUuid(name: string): string {
  const bytes = createHash("sha1").update("tron-energy-bot/schedule-runs/").update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The run's order intent id and its Idempotency-Key: the same for (schedule, due time) wherever and whenever it runs. */
export function runIds(scheduleId: number, dueAt: number): { intentId: string; idempotencyKey: string } {
  const run = `${scheduleId}@${new Date(dueAt).toISOString()}`;
  return { intentId: nameUuid(`intent:${run}`), idempotencyKey: nameUuid(`key:${run}`) };
}

export type ScheduleRunnerDeps = WatchDeps;

export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  const failures = createFailureLog(deps.logger, "schedules");
  const placement = (): PlacementDeps => ({ store: deps.store, marketplace: deps.marketplace, logger: deps.logger, now: deps.now });

  /** Ends an open run and tells it, once: only the caller that moved the run writes the notice. */
  async function finish(schedule: ScheduleRow, dueAt: number, from: readonly RunState[], outcome: RunOutcome): Promise<void> {
    const { store, notifier } = deps;
    const to = outcome.kind === "placed" ? { state: "placed" as const, reason: null } : { state: outcome.kind, reason: outcome.reason };
    const tell = outcome.kind !== "placed" || schedule.notify !== "failures";
    const now = deps.now();
    await store.transaction(async (tx) => {
      if (!(await tx.schedules.moveRun(schedule.id, dueAt, from, to, now))) return;
      if (tell) await notifier.in(tx).scheduleRun(schedule.userId, { schedule, dueAt, outcome, nextAt: schedule.paused ? undefined : nextDueTime(schedule, Math.max(now, dueAt)) });
    });
    deps.logger.info({ scheduleId: schedule.id, dueAt: new Date(dueAt).toISOString(), outcome: to.state, reason: to.reason ?? undefined }, "scheduled purchase run ended");
  }

  const skip = (reason: RunReason, detail?: RunDetail): RunOutcome => ({ kind: "skipped", reason, ...(detail ? { detail } : {}) });
  const fail = (reason: RunReason, detail?: RunDetail): RunOutcome => ({ kind: "failed", reason, ...(detail ? { detail } : {}) });

  /** A refusal of the marketplace (or a key gone), as a run's outcome. */
  async function refusalOutcome(err: unknown, intent?: OrderIntentRow): Promise<RunOutcome> {
    if (err instanceof NoApiKeyError) return skip("key");
    if (!(err instanceof MarketplaceError)) return fail("refused");
    if (err.isInsufficientBalance) {
      const short = intent ? await refusalShortfall(placement(), intent) : undefined;
      return skip("balance", short ? { balanceSun: short.balanceSun, totalSun: short.totalSun } : undefined);
    }
    if (err.isSpendLimit) return skip("cap");
    if (err.isInsufficientScope || err.isKeyRejected) return skip("key");
    return fail("refused", err.code ? { code: err.code } : undefined);
  }

  /** The run's intent: made once from (schedule, due time), found again by whoever takes the run up. */
  async function intentOf(schedule: ScheduleRow, dueAt: number, burnCostTrx: string | undefined): Promise<OrderIntentRow> {
    const { store } = deps;
    const ids = runIds(schedule.id, dueAt);
    const existing = await store.orders.get(ids.intentId);
    if (existing) return existing;
    try {
      return await store.orders.createIntent({
        ...ids,
        userId: schedule.userId,
        keyId: schedule.keyId,
        // the user's private chat (a user's id is their private chat's id)
        chatId: schedule.userId,
        resource: schedule.resource,
        targetAddress: schedule.targetAddress,
        volume: BigInt(schedule.volume),
        duration: schedule.duration,
        burnCostTrx,
        createdAt: deps.now(),
      });
    } catch (err) {
      // made meanwhile by another runner of the same run (its primary key): that one is the intent
      const made = await store.orders.get(ids.intentId);
      if (made) return made;
      throw err;
    }
  }

  /** A claimed run: checked, then its intent made and the run `placing`; undefined when the run ended here or waits for the next tick. */
  async function prepare(schedule: ScheduleRow, dueAt: number): Promise<OrderIntentRow | undefined> {
    const { store } = deps;
    const now = deps.now();
    if (now - dueAt > LATE_MS) return void (await finish(schedule, dueAt, ["claimed"], skip("late")));
    const budget = await orderBudgetRefusal(store, schedule.keyId, now);
    if (budget) return void (await finish(schedule, dueAt, ["claimed"], skip("budget", { spentSun: budget.spentSun, budgetSun: budget.budgetSun })));

    let burnCostTrx: string | undefined;
    try {
      const preview = await withUserClient(
        placement(),
        schedule.userId,
        (client) => client.previewOrder({ resource: schedule.resource, volume: BigInt(schedule.volume), days: schedule.duration, target: schedule.targetAddress }),
        { keyId: schedule.keyId },
      );
      const money = previewMoney(preview);
      if (money.balanceSun < money.totalSun) {
        return void (await finish(schedule, dueAt, ["claimed"], skip("balance", { balanceSun: money.balanceSun, totalSun: money.totalSun })));
      }
      if (schedule.maxSun !== null && money.totalSun > BigInt(schedule.maxSun)) {
        return void (await finish(schedule, dueAt, ["claimed"], skip("price", { totalSun: money.totalSun, maxSun: BigInt(schedule.maxSun) })));
      }
      burnCostTrx = preview.burnCostTrx;
      failures.succeeded(`preview ${schedule.id}`);
    } catch (err) {
      if (err instanceof NoApiKeyError || err instanceof KeyUnreadableError) return void (await finish(schedule, dueAt, ["claimed"], skip("key")));
      if (err instanceof MarketplaceError && !err.isTransient) return void (await finish(schedule, dueAt, ["claimed"], await refusalOutcome(err)));
      // the marketplace cannot be asked now: the next tick tries again, until the run is too late
      failures.failed(`preview ${schedule.id}`, err, "schedules: could not check a run's price and balance; it is tried again next tick");
      await store.schedules.touchRun(schedule.id, dueAt, now);
      return undefined;
    }
    const intent = await intentOf(schedule, dueAt, burnCostTrx);
    if (!(await store.schedules.moveRun(schedule.id, dueAt, ["claimed"], { state: "placing", intentId: intent.intentId }, deps.now()))) return undefined;
    return intent;
  }

  /** A `placing` run: its intent sent (again, with the same key) while the run is fresh, else settled as it stands. */
  async function place(schedule: ScheduleRow, dueAt: number, intent: OrderIntentRow): Promise<void> {
    const { store } = deps;
    const now = deps.now();
    if (intent.state === "placed" && intent.orderId) {
      return finish(schedule, dueAt, ["placing"], { kind: "placed", orderId: intent.orderId, totalTrx: intent.totalTrx ?? "0" });
    }
    if (intent.state === "rejected" || intent.state === "cancelled") return finish(schedule, dueAt, ["placing"], fail("refused", intent.lastError ? { code: intent.lastError } : undefined));
    if (now - dueAt > LATE_MS) {
      // never sent: nothing was bought, and it is too late to buy now
      if (intent.state === "previewed" && (await store.orders.markCancelled(intent.intentId))) return finish(schedule, dueAt, ["placing"], skip("late"));
      // sent, answer unknown: never sent again this late; the orders watcher settles the intent from GET /orders
      return finish(schedule, dueAt, ["placing"], fail("unknown"));
    }
    const outcome = await sendIntent(placement(), intent);
    if (outcome.kind !== "unknown") failures.succeeded(`order ${schedule.id}`);
    if (outcome.kind === "placed") {
      return finish(schedule, dueAt, ["placing"], { kind: "placed", orderId: outcome.order.id, totalTrx: outcome.order.totalTrx });
    }
    if (outcome.kind === "refused") return finish(schedule, dueAt, ["placing"], await refusalOutcome(outcome.error, outcome.intent));
    // unknown, or moved on by another runner: looked at again after RETRY_MS
    if (outcome.kind === "unknown") failures.failed(`order ${schedule.id}`, outcome.error, "schedules: a run's order got no answer; it is sent again (same key) next tick");
    await store.schedules.touchRun(schedule.id, dueAt, now);
  }

  /** Runs (or goes on with) one run of `schedule`. */
  async function runOne(schedule: ScheduleRow, run: Pick<ScheduleRunRow, "dueAt" | "state" | "intentId">): Promise<void> {
    let intent: OrderIntentRow | undefined;
    if (run.state === "claimed") intent = await prepare(schedule, run.dueAt);
    else if (run.state === "placing" && run.intentId) intent = await deps.store.orders.get(run.intentId);
    if (intent) await place(schedule, run.dueAt, intent);
  }

  /** Claims and runs the times `schedule` is due in (checked_until, now]. */
  async function lookAt(schedule: ScheduleRow, now: number): Promise<void> {
    const { store } = deps;
    const after = Math.max(schedule.checkedUntil, now - LOOKBACK_MS);
    for (const dueAt of dueTimesBetween(schedule, after, now)) {
      if (!(await store.schedules.claimRun(schedule.id, dueAt, schedule.userId, now))) continue; // run by another replica or tick
      await runOne(schedule, { dueAt, state: "claimed", intentId: null });
    }
    await store.schedules.advance(schedule.id, now);
  }

  return {
    async tick(): Promise<void> {
      const { store } = deps;
      const now = deps.now();
      // runs left open by a leader that died, or by a marketplace that did not answer
      await forEachLimit(
        await store.schedules.listOpenRuns(now - RETRY_MS),
        deps.concurrency,
        async (run) => {
          const schedule = await store.schedules.get(run.scheduleId);
          if (schedule) await runOne(schedule, run);
        },
        (run, err) => deps.logger.warn({ err: errorFields(err), scheduleId: run.scheduleId }, "schedules: could not go on with an open run; tried again next tick"),
      );
      await forEachLimit(
        await store.schedules.listActive(),
        deps.concurrency,
        async (schedule) => {
          await lookAt(schedule, now);
          failures.succeeded(`schedule ${schedule.id}`);
        },
        (schedule, err) => failures.failed(`schedule ${schedule.id}`, err, "schedules: could not run a schedule; its open runs are tried again next tick"),
      );
    },
  };
}

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;
