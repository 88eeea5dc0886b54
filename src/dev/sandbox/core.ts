/** The simulation: wires clock, accounts, network, orders, rules and webhooks; steps simulated time. */
import { Automations } from "./automations.js";
import { Clock, nextUtcMidnight, Timers } from "./clock.js";
import { badRequest } from "./errors.js";
import { Network } from "./network.js";
import { Orders } from "./orders.js";
import { Accounts } from "./state.js";
import { Webhooks } from "./webhooks.js";

export interface CoreOptions {
  fillDelayMs: number;
  webhookRetryDelaysMs: readonly number[];
  now: () => number;
  /** How often rules are checked in real time (renewals at UTC midnight, refills after expiries). */
  tickMs?: number;
}

export class SandboxCore {
  readonly clock: Clock;
  readonly timers = new Timers();
  readonly accounts: Accounts;
  readonly network: Network;
  readonly webhooks: Webhooks;
  readonly orders: Orders;
  readonly automations: Automations;
  /** Order prices against the standard ones (setPricePercent). */
  readonly market = { percent: 100n };
  checkerAvailable = true;

  constructor(options: CoreOptions) {
    const clock = (this.clock = new Clock(options.now));
    const timers = this.timers;
    const accounts = (this.accounts = new Accounts(clock));
    const network = (this.network = new Network(clock));
    const webhooks = (this.webhooks = new Webhooks(clock, options.webhookRetryDelaysMs));
    this.orders = new Orders({ clock, timers, accounts, network, webhooks, fillDelayMs: options.fillDelayMs, market: this.market });
    this.automations = new Automations({ clock, accounts, network, market: this.market });
    timers.every(options.tickMs ?? 1_000, () => this.runDue());
  }

  /** Everything due at the current simulated time: fills and failures, renewals, refills after expiries. */
  runDue(): void {
    this.orders.settleDue();
    this.automations.tick();
  }

  /** Steps through every due moment (fill, delegation expiry, UTC midnight) up to now + ms. */
  advanceClock(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw badRequest("request.invalid_ms", "ms must be a non-negative number");
    const target = this.clock.now() + ms;
    for (;;) {
      const now = this.clock.now();
      const next = Math.min(this.orders.nextDueAt() ?? Infinity, this.network.nextExpiryAfter(now) ?? Infinity, nextUtcMidnight(now));
      if (next > target) break;
      this.clock.moveTo(next);
      this.runDue();
    }
    this.clock.moveTo(target);
    this.runDue();
  }

  consumeEnergy(address: string, amount: bigint): void {
    this.network.consume(address, "energy", amount);
    this.automations.onConsume(address);
  }

  deposit(accountId: string, sun: bigint): void {
    this.accounts.deposit(accountId, sun);
    this.automations.onDeposit(accountId);
  }

  stop(): void {
    this.timers.stop();
    this.webhooks.stop();
  }
}
