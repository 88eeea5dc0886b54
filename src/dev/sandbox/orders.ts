/** One-off orders: placement with idempotency, provider settlement (fill or fail with refund), stats. */
import { randomBytes, randomUUID } from "node:crypto";
import { sunToTrx } from "../../tron/amounts.js";
import { isoAt, utcDay, type Clock, type Timers } from "./clock.js";
import { ApiError, badRequest, conflict, notFound } from "./errors.js";
import type { Network } from "./network.js";
import {
  ACTIVATION_SUN,
  burnCostSun,
  defaultVolume,
  durationMs,
  ORDER_OPTIONS,
  quote,
  savingsPercent,
  type Resource, type Market } from "./pricing.js";
import type { Accounts } from "./state.js";
import { asObject, parseAddress, parseDuration, parseResource, parseVolume } from "./validation.js";
import type { Webhooks } from "./webhooks.js";
import { wireInt } from "./wire.js";

export type OrderStatus = "Created" | "Filled" | "Failed";

export interface OrderInput {
  resource: Resource;
  targetAddress: string;
  volume: bigint;
  duration: string;
}

export interface Order extends OrderInput {
  id: string;
  accountId: string;
  priceSun: bigint;
  activationSun: bigint;
  totalSun: bigint;
  status: OrderStatus;
  txId: string | null;
  createdAt: number;
  dueAt: number;
  settledAt?: number;
  failOnSettle: boolean;
}

export interface OrderPreview {
  resource: Resource;
  volume: bigint;
  duration: string;
  target?: string;
}

const STATS_DAYS = 14;

export function parseOrderInput(body: unknown): OrderInput {
  const b = asObject(body);
  const resource = parseResource(b.resource);
  const options = ORDER_OPTIONS[resource];
  const targetAddress = parseAddress(b.targetAddress);
  const volume = parseVolume(b.volume, { min: options.minVolume, max: options.maxVolume }, defaultVolume(options));
  const duration = parseDuration(b.duration, options.durations);
  return { resource, targetAddress, volume, duration };
}

/** Preview query: volume, days, resource, target; defaults are one transaction, the first duration, no target. */
export function parsePreviewQuery(query: URLSearchParams): OrderPreview {
  const resource = parseResource(query.get("resource"));
  const options = ORDER_OPTIONS[resource];
  const volume = parseVolume(query.get("volume"), { min: options.minVolume, max: options.maxVolume }, defaultVolume(options));
  const duration = parseDuration(query.get("days"), options.durations, options.durations[0]);
  const target = query.get("target");
  return { resource, volume, duration, target: target ? parseAddress(target) : undefined };
}

export function orderJson(o: Order) {
  return {
    id: o.id,
    resource: o.resource,
    targetAddress: o.targetAddress,
    volume: wireInt(o.volume),
    duration: o.duration,
    priceTrx: sunToTrx(o.priceSun),
    activationTrx: sunToTrx(o.activationSun),
    totalTrx: sunToTrx(o.totalSun),
    status: o.status,
    txId: o.txId,
    createdAt: isoAt(o.createdAt),
  };
}

export class Orders {
  private readonly orders: Order[] = [];
  private readonly byId = new Map<string, Order>();
  private readonly pending = new Set<Order>();
  /** `${accountId} ${Idempotency-Key}` → the order and what was asked. */
  private readonly idempotency = new Map<string, { fingerprint: string; order: Order }>();
  private failNext: "sync" | "async" | undefined;

  constructor(
    private readonly deps: { clock: Clock; timers: Timers; accounts: Accounts; network: Network; webhooks: Webhooks; fillDelayMs: number; market: Market },
  ) {}

  preview(accountId: string, p: OrderPreview) {
    const q = quote(p.resource, p.volume, p.duration, this.deps.market.percent);
    const burnSun = burnCostSun(p.resource, p.volume, p.duration);
    return {
      priceTrx: sunToTrx(q.priceSun),
      baseCostTrx: sunToTrx(q.baseSun),
      commissionTrx: sunToTrx(q.commissionSun),
      activationTrx: sunToTrx(p.target === undefined ? 0n : this.activationFor(p.target)),
      burnCostTrx: sunToTrx(burnSun),
      savingsPercent: savingsPercent(burnSun, q.priceSun),
      balanceTrx: sunToTrx(this.deps.accounts.get(accountId).trxSun),
    };
  }

  place(accountId: string, keyId: string, idempotencyKey: string | undefined, input: OrderInput): Order {
    if (!idempotencyKey) throw badRequest("request.idempotency_key_required", "send an Idempotency-Key header with every order");
    const fingerprint = JSON.stringify([input.resource, input.targetAddress, input.volume.toString(), input.duration]);
    const slot = `${accountId} ${idempotencyKey}`;
    const earlier = this.idempotency.get(slot);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw conflict("request.idempotency_key_reused", "this Idempotency-Key was used for a different order");
      }
      return earlier.order;
    }

    const { clock, accounts } = this.deps;
    const priceSun = quote(input.resource, input.volume, input.duration, this.deps.market.percent).priceSun;
    const activationSun = this.activationFor(input.targetAddress);
    const id = randomUUID();
    accounts.charge(accountId, keyId, priceSun + activationSun, { kind: "charge", orderId: id });

    const failure = this.failNext;
    this.failNext = undefined;
    if (failure === "sync") {
      accounts.refund(accountId, id);
      throw new ApiError(502, "provider.failed", "the provider failed to take the order; the charge was refunded");
    }

    const now = clock.now();
    const order: Order = {
      ...input,
      id,
      accountId,
      priceSun,
      activationSun,
      totalSun: priceSun + activationSun,
      status: "Created",
      txId: null,
      createdAt: now,
      dueAt: now + this.deps.fillDelayMs,
      failOnSettle: failure === "async",
    };
    this.orders.push(order);
    this.byId.set(id, order);
    this.pending.add(order);
    this.idempotency.set(slot, { fingerprint, order });
    // A little slack: the base clock and the timer clock may disagree by a millisecond.
    this.deps.timers.after(this.deps.fillDelayMs + 5, () => this.settleDue());
    return order;
  }

  failNextOrder(mode: "sync" | "async"): void {
    this.failNext = mode;
  }

  list(accountId: string, page: number, pageSize: number): { items: Order[]; total: number } {
    const mine = this.orders.filter((o) => o.accountId === accountId).reverse();
    return { items: mine.slice((page - 1) * pageSize, page * pageSize), total: mine.length };
  }

  get(accountId: string, id: string): Order {
    const order = this.byId.get(id);
    if (!order || order.accountId !== accountId) throw notFound("order.not_found", `no order ${id}`);
    return order;
  }

  count(accountId: string): number {
    return this.orders.reduce((n, o) => (o.accountId === accountId ? n + 1 : n), 0);
  }

  stats(accountId: string) {
    const now = this.deps.clock.now();
    const today = utcDay(now);
    const month = isoAt(now).slice(0, 7);
    const mine = this.orders.filter((o) => o.accountId === accountId);
    const delivered = (resource: Resource) => {
      const filled = mine.filter((o) => o.status === "Filled" && o.resource === resource);
      const volume = filled.reduce((sum, o) => sum + o.volume, 0n);
      const priceSun = filled.reduce((sum, o) => sum + o.priceSun, 0n);
      const daily = Array.from({ length: STATS_DAYS }, () => 0n);
      let thisMonth = 0n;
      for (const o of filled) {
        const at = o.settledAt ?? o.createdAt;
        const index = STATS_DAYS - 1 - (today - utcDay(at));
        if (index >= 0 && index < STATS_DAYS) daily[index]! += o.volume;
        if (isoAt(at).startsWith(month)) thisMonth += o.volume;
      }
      // SUN per unit with two decimals: scale by 10^6 and reuse the 6-decimal formatter, cut to 2.
      const avg = volume === 0n ? null : sunToTrx((priceSun * 1_000_000n) / volume, 2);
      return { volume, thisMonth, daily: daily.map(wireInt), avg };
    };
    const energy = delivered("energy");
    const bandwidth = delivered("bandwidth");
    return {
      totalOrders: mine.length,
      energyDeliveredThisMonth: wireInt(energy.thisMonth),
      energyDelivered: wireInt(energy.volume),
      energyAvgSunPerUnit: energy.avg,
      bandwidthDelivered: wireInt(bandwidth.volume),
      bandwidthAvgSunPerUnit: bandwidth.avg,
      energyDaily: energy.daily,
      bandwidthDaily: bandwidth.daily,
    };
  }

  /** Settles every order whose fill delay has passed on the simulated clock. */
  settleDue(): void {
    const now = this.deps.clock.now();
    for (const order of this.pending) if (order.dueAt <= now) this.settle(order);
  }

  /** Settles every pending order now: as each was planned, or every one as failed. */
  settleAll(outcome: "planned" | "failed" = "planned"): void {
    for (const order of this.pending) {
      if (outcome === "failed") order.failOnSettle = true;
      this.settle(order);
    }
  }

  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const order of this.pending) if (next === undefined || order.dueAt < next) next = order.dueAt;
    return next;
  }

  private settle(order: Order): void {
    const { clock, accounts, network, webhooks } = this.deps;
    this.pending.delete(order);
    order.settledAt = clock.now();
    if (order.failOnSettle) {
      order.status = "Failed";
      accounts.refund(order.accountId, order.id);
      webhooks.emit(order.accountId, "order.failed", { order: orderJson(order) });
      return;
    }
    order.status = "Filled";
    order.txId = randomBytes(32).toString("hex");
    network.activate(order.targetAddress);
    network.delegate(order.targetAddress, order.resource, order.volume, durationMs(order.duration));
    webhooks.emit(order.accountId, "order.filled", { order: orderJson(order) });
  }

  private activationFor(address: string): bigint {
    return this.deps.network.isActivated(address) ? 0n : ACTIVATION_SUN;
  }
}
