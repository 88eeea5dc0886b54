/**
 * Balance alerts: for each user with a threshold (set in /settings), the TRX balance through their
 * default key. Falling below it gives one notice and trips the alert; it is not repeated until the
 * balance is back at or above the threshold, which re-arms it. The trip is a conditional update in
 * the notice's transaction, so a threshold changed meanwhile (which re-arms) is never tripped by
 * a stale comparison.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../store/schema.js";
import type { UserRow } from "../store/users.js";
import { trxToSun } from "../tron/amounts.js";
import { errorFields } from "../logger.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";

type AlertUser = Pick<UserRow, "id" | "balanceAlertSun" | "balanceAlertTripped">;

export function createBalanceWatcher(deps: WatchDeps) {
  async function check(user: AlertUser): Promise<void> {
    const { store } = deps;
    const key = store.apiKeys.getDefault(user.id);
    if (!key || user.balanceAlertSun === null) return;
    const threshold = BigInt(user.balanceAlertSun);
    const balance = trxToSun((await deps.marketplace.forKey(store.apiKeys.reveal(key)).balance()).trx);
    const sameAlert = and(eq(users.id, user.id), eq(users.balanceAlertSun, user.balanceAlertSun));
    if (balance < threshold && !user.balanceAlertTripped) {
      const now = deps.now();
      store.db.transaction(() => {
        const tripped = store.db.update(users).set({ balanceAlertTripped: true, updatedAt: now }).where(and(sameAlert, eq(users.balanceAlertTripped, false))).run();
        if (tripped.changes > 0) deps.notifier.balanceLow(user.id, balance, threshold, now);
      });
    } else if (balance >= threshold && user.balanceAlertTripped) {
      store.db.update(users).set({ balanceAlertTripped: false, updatedAt: deps.now() }).where(sameAlert).run();
    }
  }

  return {
    async tick(): Promise<void> {
      const watched = deps.store.db
        .select({ id: users.id, balanceAlertSun: users.balanceAlertSun, balanceAlertTripped: users.balanceAlertTripped })
        .from(users)
        .where(and(isNotNull(users.balanceAlertSun), eq(users.noticesEnabled, true), eq(users.blocked, false)))
        .all();
      await forEachLimit(watched, deps.concurrency, check, (user, err) =>
        deps.logger.warn({ err: errorFields(err), userId: user.id }, "balance watch: could not read a balance"),
      );
    },
  };
}
