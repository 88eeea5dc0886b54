/** Automation rules (energy only): auto-refill, auto-renewal and smart mode; firings, pause/resume/cancel. */
import { randomUUID } from "node:crypto";
import { sunToTrx } from "../../tron/amounts.js";
import { isoAt, utcDay, type Clock } from "./clock.js";
import { ApiError, badRequest, conflict, notFound } from "./errors.js";
import type { Network } from "./network.js";
import {
  AUTOMATION_OPTIONS,
  defaultVolume,
  durationMs,
  quote,
  RENEWAL_DURATION,
  SMART_DURATION,
  SMART_VOLUME,
  type Quote,
} from "./pricing.js";
import type { Accounts } from "./state.js";
import { asObject, parseAddress, parseBoolean, parseDuration, parseInteger, parseVolume } from "./validation.js";
import { wireInt } from "./wire.js";

export type RuleType = "auto-refill" | "auto-renewal" | "smart";
export type RuleStatus = "active" | "paused" | "cancelled";
export type PauseReason = "System" | "User" | null;

export interface Firing {
  volume: bigint;
  duration: string;
  priceSun: bigint;
  at: number;
}

export interface RuleInput {
  type: RuleType;
  targetAddress: string;
  minimal: bigint | null;
  volume: bigint | null;
  duration: string | null;
  autoResume: boolean;
}

export interface Rule extends RuleInput {
  id: string;
  accountId: string;
  /** The creating key: firings count toward its daily spend limit. */
  keyId: string;
  /** What one firing delivers. */
  delivery: { volume: bigint; duration: string };
  /** Fires when available energy is below this (auto-refill, smart); null for auto-renewal. */
  threshold: bigint | null;
  spentSun: bigint;
  status: RuleStatus;
  pauseReason: PauseReason;
  createdAt: number;
  updatedAt: number;
  firings: Firing[];
  /** Available energy at the last look: a clock tick fires only on a fall (e.g. a delegation expiring). */
  lastSeen: bigint;
  /** auto-renewal: the UTC day last renewed. */
  renewedDay: number;
}

const MAX_FIRINGS = 50;
const REFILL_RANGE = { min: AUTOMATION_OPTIONS.minVolume, max: AUTOMATION_OPTIONS.maxVolume };
const RENEWAL_RANGE = { min: AUTOMATION_OPTIONS.renewalMinVolume, max: AUTOMATION_OPTIONS.renewalMaxVolume };
const DEFAULT_VOLUME = defaultVolume({ unit: AUTOMATION_OPTIONS.energyUnit, minVolume: AUTOMATION_OPTIONS.minVolume });

export function parseRuleInput(type: RuleType, body: unknown): RuleInput {
  const b = asObject(body);
  const targetAddress = parseAddress(b.targetAddress);
  const autoResume = parseBoolean(b.autoResume, "auto_resume", false);
  if (type === "smart") return { type, targetAddress, minimal: null, volume: null, duration: null, autoResume };
  if (type === "auto-renewal") {
    return { type, targetAddress, minimal: null, volume: parseVolume(b.volume, RENEWAL_RANGE), duration: null, autoResume };
  }
  if (b.minimal === undefined || b.minimal === null) throw badRequest("request.invalid_minimal", "minimal is required");
  const minimal = parseInteger(b.minimal, "minimal");
  if (minimal <= 0n) throw badRequest("request.invalid_minimal", "minimal must be greater than 0");
  const volume = parseVolume(b.volume, REFILL_RANGE);
  const duration = parseDuration(b.duration, AUTOMATION_OPTIONS.durations);
  return { type, targetAddress, minimal, volume, duration, autoResume };
}

/** Firing preview query: type refill (default), smart, or renewal; volume and duration where they apply. */
export function parseFiringPreview(query: URLSearchParams): { volume: bigint; duration: string } {
  const type = query.get("type") || "refill";
  if (type === "smart") return { volume: SMART_VOLUME, duration: SMART_DURATION };
  if (type === "renewal") return { volume: parseVolume(query.get("volume"), RENEWAL_RANGE, DEFAULT_VOLUME), duration: RENEWAL_DURATION };
  if (type !== "refill") throw badRequest("request.invalid_type", "type must be refill or smart");
  return {
    volume: parseVolume(query.get("volume"), REFILL_RANGE, DEFAULT_VOLUME),
    duration: parseDuration(query.get("duration"), AUTOMATION_OPTIONS.durations, AUTOMATION_OPTIONS.durations[0]),
  };
}

/** `percent`: where the market stands (control.setPricePercent moves firings with orders). */
export function firingQuote(delivery: { volume: bigint; duration: string }, percent = 100n): Quote {
  return quote("energy", delivery.volume, delivery.duration, percent);
}

export function ruleJson(r: Rule) {
  return {
    id: r.id,
    type: r.type,
    resource: "energy",
    targetAddress: r.targetAddress,
    minimal: r.minimal === null ? null : wireInt(r.minimal),
    volume: r.volume === null ? null : wireInt(r.volume),
    duration: r.duration,
    spentTrx: sunToTrx(r.spentSun),
    status: r.status,
    pauseReason: r.pauseReason,
    autoResume: r.autoResume,
    createdAt: isoAt(r.createdAt),
    updatedAt: isoAt(r.updatedAt),
  };
}

export function firingJson(f: Firing) {
  return { volume: wireInt(f.volume), duration: f.duration, priceTrx: sunToTrx(f.priceSun), createdAt: isoAt(f.at) };
}

export class Automations {
  private readonly rules: Rule[] = [];

  constructor(private readonly deps: { clock: Clock; accounts: Accounts; network: Network; market: { percent: bigint } }) {}

  /**
   * Creates a rule. auto-renewal renews at once (so it needs balance and spend limit for it);
   * smart mode needs balance for one delivery; auto-refill fires on the next fall below minimal.
   */
  create(accountId: string, keyId: string, input: RuleInput): Rule {
    const { clock, accounts, network } = this.deps;
    const delivery =
      input.type === "auto-refill"
        ? { volume: input.volume!, duration: input.duration! }
        : input.type === "auto-renewal"
          ? { volume: input.volume!, duration: RENEWAL_DURATION }
          : { volume: SMART_VOLUME, duration: SMART_DURATION };
    const priceSun = firingQuote(delivery, this.deps.market.percent).priceSun;
    if (input.type === "auto-renewal") {
      const refusal = accounts.refusal(accountId, keyId, priceSun);
      if (refusal) throw refusal;
    } else if (input.type === "smart") {
      this.requireBalance(accountId, priceSun);
    }
    const now = clock.now();
    const rule: Rule = {
      ...input,
      id: randomUUID(),
      accountId,
      keyId,
      delivery,
      threshold: input.type === "auto-refill" ? input.minimal : input.type === "smart" ? SMART_VOLUME : null,
      spentSun: 0n,
      status: "active",
      pauseReason: null,
      createdAt: now,
      updatedAt: now,
      firings: [],
      lastSeen: network.available(input.targetAddress, "energy"),
      renewedDay: utcDay(now) - 1,
    };
    this.rules.push(rule);
    this.renewIfDue(rule);
    return rule;
  }

  list(accountId: string): Rule[] {
    return this.rules.filter((r) => r.accountId === accountId).reverse();
  }

  get(accountId: string, id: string): Rule {
    const rule = this.rules.find((r) => r.id === id && r.accountId === accountId);
    if (!rule) throw notFound("automation.not_found", `no automation rule ${id}`);
    return rule;
  }

  pause(accountId: string, id: string): Rule {
    const rule = this.get(accountId, id);
    if (rule.status !== "active") throw invalidState(rule, "pause");
    this.setStatus(rule, "paused", "User");
    return rule;
  }

  resume(accountId: string, id: string): Rule {
    const rule = this.get(accountId, id);
    if (rule.status !== "paused") throw invalidState(rule, "resume");
    this.requireBalance(accountId, firingQuote(rule.delivery, this.deps.market.percent).priceSun);
    this.reactivate(rule);
    return rule;
  }

  /** Set by the control failNextRuleCancel: the next cancel answers 500 and leaves the rule as it is. */
  failNextCancel = false;

  cancel(accountId: string, id: string): Rule {
    const rule = this.get(accountId, id);
    if (this.failNextCancel) {
      this.failNextCancel = false;
      throw new ApiError(500, "sandbox.cancel_failed", "the rule could not be cancelled (failNextRuleCancel); it is unchanged");
    }
    if (rule.status === "cancelled") throw invalidState(rule, "cancel");
    this.setStatus(rule, "cancelled", null);
    return rule;
  }

  /** After a consumption on the address: refill and smart rules below their threshold fire. */
  onConsume(address: string): void {
    for (const rule of this.active()) if (rule.targetAddress === address && rule.threshold !== null) this.watch(rule, "consume");
  }

  /** On every clock tick: renewals past a UTC midnight, refills whose energy fell (expiries). */
  tick(): void {
    for (const rule of this.active()) {
      if (rule.type === "auto-renewal") this.renewIfDue(rule);
      else if (rule.type === "auto-refill") this.watch(rule, "tick");
    }
  }

  /** A deposit revives System-paused rules with autoResume once the balance covers a firing. */
  onDeposit(accountId: string): void {
    const { accounts } = this.deps;
    for (const rule of this.rules) {
      if (rule.accountId !== accountId || rule.status !== "paused" || rule.pauseReason !== "System" || !rule.autoResume) continue;
      if (!accounts.refusal(accountId, undefined, firingQuote(rule.delivery, this.deps.market.percent).priceSun)) this.reactivate(rule);
    }
  }

  /** Fires every active rule of the account now (a demo shortcut); returns how many were paused. */
  fireAll(accountId: string): number {
    let paused = 0;
    for (const rule of this.active()) if (rule.accountId === accountId && !this.fire(rule)) paused++;
    return paused;
  }

  private active(): Rule[] {
    return this.rules.filter((r) => r.status === "active");
  }

  private reactivate(rule: Rule): void {
    this.setStatus(rule, "active", null);
    rule.lastSeen = this.deps.network.available(rule.targetAddress, "energy");
    this.renewIfDue(rule);
  }

  private watch(rule: Rule, trigger: "consume" | "tick"): void {
    const { network } = this.deps;
    const available = network.available(rule.targetAddress, "energy");
    if (rule.threshold !== null && available < rule.threshold && (trigger === "consume" || available < rule.lastSeen)) this.fire(rule);
    rule.lastSeen = network.available(rule.targetAddress, "energy");
  }

  private renewIfDue(rule: Rule): void {
    const today = utcDay(this.deps.clock.now());
    if (rule.type === "auto-renewal" && rule.status === "active" && rule.renewedDay < today && this.fire(rule)) rule.renewedDay = today;
  }

  /** Charges one firing at the caller's price and delivers it; pauses the rule (System) when refused. */
  private fire(rule: Rule): boolean {
    const { clock, accounts, network } = this.deps;
    const { volume, duration } = rule.delivery;
    const priceSun = firingQuote(rule.delivery, this.deps.market.percent).priceSun;
    try {
      accounts.charge(rule.accountId, rule.keyId, priceSun, { kind: "fire", ruleId: rule.id });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.setStatus(rule, "paused", "System");
      return false;
    }
    network.delegate(rule.targetAddress, "energy", volume, durationMs(duration));
    const now = clock.now();
    rule.spentSun += priceSun;
    rule.firings.unshift({ volume, duration, priceSun, at: now });
    rule.firings.length = Math.min(rule.firings.length, MAX_FIRINGS);
    rule.updatedAt = now;
    return true;
  }

  private requireBalance(accountId: string, sun: bigint): void {
    const refusal = this.deps.accounts.refusal(accountId, undefined, sun);
    if (refusal) throw refusal;
  }

  private setStatus(rule: Rule, status: RuleStatus, pauseReason: PauseReason): void {
    rule.status = status;
    rule.pauseReason = pauseReason;
    rule.updatedAt = this.deps.clock.now();
  }
}

function invalidState(rule: Rule, action: string): ApiError {
  return conflict("automation.invalid_state", `cannot ${action} a rule that is ${rule.status}`);
}
