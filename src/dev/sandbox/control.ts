/** The control surface for tests and demos (in-process); control-routes.ts mirrors it over HTTP. */
import { sunToTrx, trxToSun } from "../../tron/amounts.js";
import type { SandboxCore } from "./core.js";
import { badRequest } from "./errors.js";
import type { LedgerEntry, LedgerKind } from "./state.js";
import { SCOPES } from "./state.js";
import { parseAddress } from "./validation.js";
import type { DeliveryRecord } from "./webhooks.js";

export interface SandboxControl {
  createAccount(input?: { trx?: string; usdt?: string }): { accountId: string };
  createKey(accountId: string, input: { scope: "read" | "purchase" | "full"; dailyLimitTrx?: string }): { key: string };
  setKeyLimit(key: string, dailyLimitTrx: string | null): void;
  /** Triggers auto-resume of System-paused rules with autoResume. */
  deposit(accountId: string, trx: string): void;
  /** Moves every order and rule firing price to `percent` of the standard one (100 is standard): price alerts and price caps to test. */
  setPricePercent(percent: number): void;
  /** USDT (TRC20) arriving at the account's deposit address. */
  depositUsdt(accountId: string, usdt: string): void;
  balanceOf(accountId: string): { trx: string; usdt: string };
  ledger(accountId: string): Array<{ kind: LedgerKind; sun: bigint; orderId?: string; ruleId?: string; at: number }>;
  orderCount(accountId: string): number;
  setAddress(address: string, state: { activated?: boolean; energyLimit?: bigint; bandwidthLimit?: bigint }): void;
  /** Then evaluates refill/smart rules. */
  consumeEnergy(address: string, amount: bigint): void;
  /** Moves the simulated clock; runs due fills, expiries, renewals. */
  advanceClock(ms: number): Promise<void>;
  /** Fills/fails every pending order now (as planned: failNextOrder("async") fails one), or fails them all. */
  settleOrders(outcome?: "planned" | "failed"): Promise<void>;
  /**
   * Withdraws the whole TRX balance and fires every active rule of the account at once: each meets
   * the empty wallet and is paused (System), as after a real refused firing. Returns how many paused.
   */
  pauseRulesForBalance(accountId: string): number;
  /** sync → the next POST /orders answers 502 with refund; async → it is Created then Failed. */
  failNextOrder(mode: "sync" | "async"): void;
  /** The next POST /automations/{id}/cancel answers 500 and cancels nothing (an edit whose cancel fails, to test). */
  failNextRuleCancel(): void;
  setCheckerAvailable(available: boolean): void;
  createWebhook(accountId: string, url: string): { id: string; secret: string };
  deliveries(webhookId?: string): Array<{ webhookId: string; eventId: string; type: string; attempt: number; status: number | "error"; at: number }>;
  /** Waits until queued deliveries, including their retries, have been attempted. */
  flushWebhooks(): Promise<void>;
}

/**
 * A synchronous step behind a Promise-returning control method (the HTTP control surface is async):
 * a throw becomes a rejection, as it would from an async function.
 */
function settled(step: () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    step();
    resolve();
  });
}

/** A TRX amount from a control caller: a decimal string, at most 6 decimals, not negative. */
export function parseTrx(value: unknown, field: string): bigint {
  if (typeof value === "string" || typeof value === "number") {
    try {
      const sun = trxToSun(String(value));
      if (sun >= 0n) return sun;
    } catch {
      // falls through to the error below
    }
  }
  throw badRequest(`request.invalid_${field}`, `${field} must be a non-negative TRX decimal string`);
}

export function createControl(core: SandboxCore): SandboxControl {
  return {
    createAccount(input = {}) {
      const trx = input.trx === undefined ? 0n : parseTrx(input.trx, "trx");
      const usdt = input.usdt === undefined ? 0n : parseTrx(input.usdt, "usdt");
      return { accountId: core.accounts.create(trx, usdt).id };
    },
    createKey(accountId, input) {
      if (!(SCOPES as readonly unknown[]).includes(input.scope)) throw badRequest("request.invalid_scope", `scope must be one of ${SCOPES.join(", ")}`);
      const limit = input.dailyLimitTrx == null ? null : parseTrx(input.dailyLimitTrx, "daily_limit_trx");
      return { key: core.accounts.createKey(accountId, input.scope, limit).value };
    },
    setKeyLimit(key, dailyLimitTrx) {
      core.accounts.setKeyLimit(key, dailyLimitTrx === null ? null : parseTrx(dailyLimitTrx, "daily_limit_trx"));
    },
    deposit(accountId, trx) {
      const sun = parseTrx(trx, "trx");
      if (sun === 0n) throw badRequest("request.invalid_trx", "a deposit must be positive");
      core.deposit(accountId, sun);
    },
    setPricePercent(percent) {
      if (!Number.isInteger(percent) || percent < 1 || percent > 1000) throw badRequest("request.invalid_percent", "percent must be a whole number from 1 to 1000");
      core.market.percent = BigInt(percent);
    },
    depositUsdt(accountId, usdt) {
      const units = parseTrx(usdt, "usdt");
      if (units === 0n) throw badRequest("request.invalid_usdt", "a deposit must be positive");
      core.accounts.get(accountId).usdtSun += units;
    },
    balanceOf(accountId) {
      const account = core.accounts.get(accountId);
      return { trx: sunToTrx(account.trxSun), usdt: sunToTrx(account.usdtSun) };
    },
    ledger(accountId) {
      return core.accounts.ledger(accountId).map(({ kind, sun, orderId, ruleId, at }: LedgerEntry) => ({
        kind,
        sun,
        at,
        ...(orderId === undefined ? {} : { orderId }),
        ...(ruleId === undefined ? {} : { ruleId }),
      }));
    },
    orderCount(accountId) {
      core.accounts.get(accountId);
      return core.orders.count(accountId);
    },
    setAddress(address, state) {
      core.network.set(parseAddress(address), state);
      core.runDue();
    },
    consumeEnergy(address, amount) {
      if (amount < 0n) throw badRequest("request.invalid_energy", "energy must not be negative");
      core.consumeEnergy(parseAddress(address), amount);
    },
    advanceClock(ms) {
      return settled(() => core.advanceClock(ms));
    },
    settleOrders(outcome = "planned") {
      if (outcome !== "planned" && outcome !== "failed") throw badRequest("request.invalid_outcome", "outcome must be planned or failed");
      return settled(() => core.orders.settleAll(outcome));
    },
    pauseRulesForBalance(accountId) {
      core.accounts.withdrawAll(accountId);
      return core.automations.fireAll(accountId);
    },
    failNextOrder(mode) {
      if (mode !== "sync" && mode !== "async") throw badRequest("request.invalid_mode", "mode must be sync or async");
      core.orders.failNextOrder(mode);
    },
    failNextRuleCancel() {
      core.automations.failNextCancel = true;
    },
    setCheckerAvailable(available) {
      core.checkerAvailable = available;
    },
    createWebhook(accountId, url) {
      core.accounts.get(accountId);
      const { id, secret } = core.webhooks.create(accountId, url);
      return { id, secret };
    },
    deliveries(webhookId) {
      return core.webhooks.deliveries(webhookId).map((d: DeliveryRecord) => ({ ...d }));
    },
    flushWebhooks() {
      return core.webhooks.flush();
    },
  };
}
