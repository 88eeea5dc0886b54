/** Accounts, API keys, balances and the ledger. Every money movement goes through here, in SUN. */
import { randomBytes, randomUUID } from "node:crypto";
import { sunToTrx } from "../../tron/amounts.js";
import { tronAddressFromAccountId } from "../../tron/address.js";
import { utcDay, type Clock } from "./clock.js";
import { ApiError, notFound } from "./errors.js";

export type Scope = "read" | "purchase" | "full";
export const SCOPES: readonly Scope[] = ["read", "purchase", "full"];
const SCOPE_RANK: Record<Scope, number> = { read: 0, purchase: 1, full: 2 };

export function scopeCovers(have: Scope, need: Scope): boolean {
  return SCOPE_RANK[have] >= SCOPE_RANK[need];
}

export interface ApiKey {
  id: string;
  value: string;
  accountId: string;
  scope: Scope;
  dailyLimitSun: bigint | null;
}

export interface Account {
  id: string;
  trxSun: bigint;
  usdtSun: bigint;
  depositAddress?: string;
}

export type LedgerKind = "deposit" | "charge" | "refund" | "fire" | "withdraw";

export interface LedgerEntry {
  kind: LedgerKind;
  sun: bigint;
  orderId?: string;
  ruleId?: string;
  /** The key whose daily spend this entry counts toward (charges and fires). */
  keyId?: string;
  at: number;
}

export class Accounts {
  private readonly accounts = new Map<string, Account>();
  private readonly keys = new Map<string, ApiKey>();
  private readonly keysById = new Map<string, ApiKey>();
  private readonly ledgers = new Map<string, LedgerEntry[]>();
  /** Order charges by order id, so a refund knows what and whose spend to give back. */
  private readonly charges = new Map<string, LedgerEntry>();
  /** Spend per `${keyId}:${utcDay}`. */
  private readonly spend = new Map<string, bigint>();

  constructor(private readonly clock: Clock) {}

  create(trxSun = 0n, usdtSun = 0n): Account {
    const account: Account = { id: randomUUID(), trxSun: 0n, usdtSun };
    this.accounts.set(account.id, account);
    this.ledgers.set(account.id, []);
    if (trxSun > 0n) this.deposit(account.id, trxSun);
    return account;
  }

  get(accountId: string): Account {
    const account = this.accounts.get(accountId);
    if (!account) throw notFound("sandbox.account_not_found", `no account ${accountId}`);
    return account;
  }

  createKey(accountId: string, scope: Scope, dailyLimitSun: bigint | null): ApiKey {
    this.get(accountId);
    const key: ApiKey = { id: randomUUID(), value: `sbx_${scope}_${randomBytes(18).toString("base64url")}`, accountId, scope, dailyLimitSun };
    this.keys.set(key.value, key);
    this.keysById.set(key.id, key);
    return key;
  }

  findKey(value: string): ApiKey | undefined {
    return this.keys.get(value);
  }

  setKeyLimit(value: string, dailyLimitSun: bigint | null): void {
    const key = this.keys.get(value);
    if (!key) throw notFound("sandbox.key_not_found", "no such key");
    key.dailyLimitSun = dailyLimitSun;
  }

  depositAddress(accountId: string): string {
    const account = this.get(accountId);
    account.depositAddress ??= tronAddressFromAccountId(randomBytes(20));
    return account.depositAddress;
  }

  deposit(accountId: string, sun: bigint): void {
    if (sun <= 0n) throw new RangeError("a deposit must be positive");
    this.get(accountId).trxSun += sun;
    this.record(accountId, { kind: "deposit", sun, at: this.clock.now() });
  }

  /** Takes the whole TRX balance out (a demo shortcut: the next charge meets an empty wallet). */
  withdrawAll(accountId: string): void {
    const account = this.get(accountId);
    const sun = account.trxSun;
    if (sun === 0n) return;
    account.trxSun = 0n;
    this.record(accountId, { kind: "withdraw", sun, at: this.clock.now() });
  }

  /** Why a charge of `sun` by `keyId` would be refused now (402 before 403), if it would. */
  refusal(accountId: string, keyId: string | undefined, sun: bigint): ApiError | undefined {
    const account = this.get(accountId);
    if (account.trxSun < sun) {
      return new ApiError(402, "wallet.insufficient_balance", `needs ${sunToTrx(sun)} TRX, balance is ${sunToTrx(account.trxSun)} TRX`);
    }
    const key = keyId === undefined ? undefined : this.keysById.get(keyId);
    if (key?.dailyLimitSun != null) {
      const spent = this.spentToday(key.id);
      if (spent + sun > key.dailyLimitSun) {
        return new ApiError(
          403,
          "api_key.spend_limit_exceeded",
          `the key's daily limit is ${sunToTrx(key.dailyLimitSun)} TRX (UTC day); ${sunToTrx(spent)} TRX spent today`,
        );
      }
    }
    return undefined;
  }

  /** Takes `sun` from the TRX balance or throws the refusal. */
  charge(accountId: string, keyId: string | undefined, sun: bigint, ref: { kind: "charge"; orderId: string } | { kind: "fire"; ruleId: string }): void {
    const refusal = this.refusal(accountId, keyId, sun);
    if (refusal) throw refusal;
    const entry: LedgerEntry = { ...ref, sun, keyId, at: this.clock.now() };
    this.get(accountId).trxSun -= sun;
    this.record(accountId, entry);
    if (keyId !== undefined) this.addSpend(keyId, utcDay(entry.at), sun);
    if (ref.kind === "charge") this.charges.set(ref.orderId, entry);
  }

  /** Gives back an order's charge; a refunded charge no longer counts toward the key's day. */
  refund(accountId: string, orderId: string): void {
    const charge = this.charges.get(orderId);
    if (!charge) throw new Error(`no charge for order ${orderId}`);
    this.charges.delete(orderId);
    this.get(accountId).trxSun += charge.sun;
    this.record(accountId, { kind: "refund", sun: charge.sun, orderId, at: this.clock.now() });
    if (charge.keyId !== undefined) this.addSpend(charge.keyId, utcDay(charge.at), -charge.sun);
  }

  ledger(accountId: string): readonly LedgerEntry[] {
    this.get(accountId);
    return this.ledgers.get(accountId) ?? [];
  }

  private spentToday(keyId: string): bigint {
    return this.spend.get(`${keyId}:${utcDay(this.clock.now())}`) ?? 0n;
  }

  private addSpend(keyId: string, day: number, sun: bigint): void {
    const bucket = `${keyId}:${day}`;
    this.spend.set(bucket, (this.spend.get(bucket) ?? 0n) + sun);
  }

  private record(accountId: string, entry: LedgerEntry): void {
    this.ledgers.get(accountId)?.push(entry);
  }
}
