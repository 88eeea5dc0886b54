/**
 * Balance alerts: for each user with a threshold (set in /settings), the TRX balance through their
 * default key. Falling below it gives one notice and trips the alert; it is not repeated until the
 * balance is back at or above the threshold, which re-arms it. The trip is a conditional update in
 * the notice's transaction, so a threshold changed meanwhile (which re-arms) is never tripped by
 * a stale comparison.
 */
import type { UserRow } from "../store/users.js";
import { trxToSun } from "../tron/amounts.js";
import { errorFields } from "../logger.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { readRunway } from "../orders/runway.js";

type AlertUser = Pick<UserRow, "id" | "balanceAlertSun" | "balanceAlertTripped">;

export function createBalanceWatcher(deps: WatchDeps) {
  async function check(user: AlertUser): Promise<void> {
    const { store } = deps;
    const key = await store.apiKeys.getDefault(user.id);
    const alertSun = user.balanceAlertSun;
    if (!key || alertSun === null) return;
    const threshold = BigInt(alertSun);
    const client = deps.marketplace.forKey(await store.apiKeys.reveal(key));
    const balance = trxToSun((await client.balance()).trx);
    if (balance < threshold && !user.balanceAlertTripped) {
      // how far the balance still goes, read before the transaction (it makes calls; its parts may be missing)
      const runway = await readRunway({ client, keyId: key.id, prices: deps.prices, balanceSun: balance, now: deps.now() });
      const now = deps.now();
      await store.transaction(async (tx) => {
        if (await tx.users.setBalanceAlertTripped(user.id, alertSun, true)) await deps.notifier.in(tx).balanceLow(user.id, balance, threshold, now, runway);
      });
    } else if (balance >= threshold && user.balanceAlertTripped) {
      await store.users.setBalanceAlertTripped(user.id, alertSun, false);
    }
  }

  return {
    async tick(): Promise<void> {
      const watched = await deps.store.users.listBalanceAlerts();
      await forEachLimit(watched, deps.concurrency, check, (user, err) =>
        deps.logger.warn({ err: errorFields(err), userId: user.id }, "balance watch: could not read a balance"),
      );
    },
  };
}
