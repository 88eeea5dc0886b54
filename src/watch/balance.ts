/**
 * The balance watcher: each tick, the balance of every user with a key (notices on), read once
 * through their default key, for two things.
 * - Balance alerts (set in /settings): falling below the threshold gives one notice and trips the
 *   alert; it is not repeated until the balance is back at or above it, which re-arms it. The trip is
 *   a conditional update in the notice's transaction, so a threshold changed meanwhile (which
 *   re-arms) is never tripped by a stale comparison.
 * - Deposits: a rise of the TRX or USDT balance that the bot's own orders do not explain (a refund)
 *   is told once ("100 TRX arrived"). A reading taken while one of the key's orders moved (placed,
 *   or found failed) is not used: whether it holds that charge or refund cannot be known, and the
 *   next tick reads again; nor is one whose read began before the reading stored meanwhile by another
 *   watcher. The key's last seen balance (balance_snapshots) moves on by
 *   compare-and-set in the transaction that writes the notice, whose dedupe key is that version:
 *   two replicas, or a restart between the two, never tell one deposit twice. The first reading of a
 *   key is only recorded.
 */
import type { UserRow } from "../store/users.js";
import type { ApiKeyRow } from "../store/api-keys.js";
import { trxToSun, usdtToUnits } from "../tron/amounts.js";
import { errorFields } from "../logger.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { readRunway } from "../orders/runway.js";
import { arrivedBetween, readDuringMove } from "../orders/deposits.js";
import type { SeenBalance } from "../store/balance-snapshots.js";
import type { MarketplaceClient } from "../marketplace/index.js";
import { clientForKey } from "../credentials/key-client.js";

type WatchedUser = Pick<UserRow, "id" | "balanceAlertSun" | "balanceAlertTripped">;

export function createBalanceWatcher(deps: WatchDeps) {
  async function alert(user: WatchedUser, key: ApiKeyRow, client: MarketplaceClient, balance: bigint): Promise<void> {
    const { store } = deps;
    const alertSun = user.balanceAlertSun;
    if (alertSun === null) return;
    const threshold = BigInt(alertSun);
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

  /** `seen` was read from `readFrom` on (ms). */
  async function deposits(user: WatchedUser, key: ApiKeyRow, client: MarketplaceClient, seen: SeenBalance, readFrom: number): Promise<void> {
    const { store } = deps;
    // The reading stands as of just before the orders are looked at: an order that moves after that
    // look has a later updated_at, so the next tick counts it (none falls between the two).
    const seenAt = deps.now() - 1;
    const before = await store.balanceSnapshots.get(key.id);
    // another watcher (a second replica while the leader changes) stored a reading after this read
    // began: this one may be the older, and stepping the snapshot back to it would tell a deposit twice
    if (before && before.seenAt >= readFrom) return;
    // the key's orders that moved since the last reading (which was before this read began), and any during this one
    const moved = await store.orders.listMovedSince(key.id, (before?.seenAt ?? readFrom) - 1);
    if (readDuringMove(moved, readFrom)) return;
    if (!before) {
      await store.balanceSnapshots.first(key.id, seen, seenAt);
      return;
    }
    const last = { trxSun: BigInt(before.trxSun), usdtUnits: BigInt(before.usdtUnits) };
    if (last.trxSun === seen.trxSun && last.usdtUnits === seen.usdtUnits) return;
    const sinceLast = moved.filter((order) => order.updatedAt > before.seenAt);
    const arrived = arrivedBetween(last, seen, sinceLast, before.seenAt);
    const told = arrived.trxSun > 0n || arrived.usdtUnits > 0n;
    const runway = told && arrived.trxSun > 0n ? await readRunway({ client, keyId: key.id, prices: deps.prices, balanceSun: seen.trxSun, now: deps.now() }) : {};
    await store.transaction(async (tx) => {
      if (!(await tx.balanceSnapshots.advance(key.id, before.version, seen, seenAt))) return;
      if (told) await deps.notifier.in(tx).depositArrived(user.id, key.id, before.version + 1, arrived, seen.trxSun, runway);
    });
  }

  async function check(user: WatchedUser): Promise<void> {
    const key = await deps.store.apiKeys.getDefault(user.id);
    if (!key) return;
    const client = await clientForKey(deps, key);
    const readFrom = deps.now();
    const balance = await client.balance();
    const seen: SeenBalance = { trxSun: trxToSun(balance.trx), usdtUnits: usdtToUnits(balance.usdtTrc20) };
    await deposits(user, key, client, seen, readFrom);
    await alert(user, key, client, seen.trxSun);
  }

  return {
    async tick(): Promise<void> {
      const watched = await deps.store.users.listBalanceWatched();
      await forEachLimit(watched, deps.concurrency, check, (user, err) =>
        deps.logger.warn({ err: errorFields(err), userId: user.id }, "balance watch: could not read a balance"),
      );
    },
  };
}
