/** The simulated TRON network: per address, activation and energy/bandwidth with delegations. */
import { DAY_MS, type Clock } from "./clock.js";
import type { Resource } from "./pricing.js";

export const FREE_BANDWIDTH = 600n;

interface Delegation {
  resource: Resource;
  amount: bigint;
  expiresAt: number;
}

interface Usage {
  amount: bigint;
  at: number;
}

interface AddressState {
  activated: boolean;
  /** Own (staked or free) limit, without delegations. */
  base: Record<Resource, bigint>;
  used: Record<Resource, Usage>;
  delegations: Delegation[];
}

export interface ResourceState {
  limit: bigint;
  used: bigint;
  available: bigint;
}

export interface AddressCheck {
  address: string;
  activated: boolean;
  energy: ResourceState;
  bandwidth: ResourceState;
}

export class Network {
  private readonly addresses = new Map<string, AddressState>();

  constructor(private readonly clock: Clock) {}

  set(address: string, state: { activated?: boolean; energyLimit?: bigint; bandwidthLimit?: bigint }): void {
    const s = this.state(address);
    if (state.activated !== undefined) s.activated = state.activated;
    if (state.energyLimit !== undefined) s.base.energy = state.energyLimit;
    if (state.bandwidthLimit !== undefined) s.base.bandwidth = state.bandwidthLimit;
  }

  isActivated(address: string): boolean {
    return this.addresses.get(address)?.activated ?? false;
  }

  activate(address: string): void {
    this.state(address).activated = true;
  }

  delegate(address: string, resource: Resource, amount: bigint, durationMs: number): void {
    this.state(address).delegations.push({ resource, amount, expiresAt: this.clock.now() + durationMs });
  }

  /** Uses up to `amount` of what is available (as a transaction would, burning TRX for the rest). */
  consume(address: string, resource: Resource, amount: bigint): bigint {
    const s = this.state(address);
    const { used, available } = this.resource(s, resource);
    const taken = amount < available ? amount : available;
    s.used[resource] = { amount: used + taken, at: this.clock.now() };
    return taken;
  }

  check(address: string): AddressCheck {
    const s = this.addresses.get(address) ?? fresh();
    return { address, activated: s.activated, energy: this.resource(s, "energy"), bandwidth: this.resource(s, "bandwidth") };
  }

  available(address: string, resource: Resource): bigint {
    return this.check(address)[resource].available;
  }

  /** The first delegation expiry strictly after `at`, to step the clock through. */
  nextExpiryAfter(at: number): number | undefined {
    let next: number | undefined;
    for (const s of this.addresses.values()) {
      for (const d of s.delegations) if (d.expiresAt > at && (next === undefined || d.expiresAt < next)) next = d.expiresAt;
    }
    return next;
  }

  private resource(s: AddressState, resource: Resource): ResourceState {
    const now = this.clock.now();
    s.delegations = s.delegations.filter((d) => d.expiresAt > now);
    const limit = s.delegations.reduce((sum, d) => (d.resource === resource ? sum + d.amount : sum), s.base[resource]);
    // Used resources recover linearly over 24 hours, as on TRON.
    const { amount, at } = s.used[resource];
    const left = DAY_MS - (now - at);
    const used = left <= 0 ? 0n : (amount * BigInt(left)) / BigInt(DAY_MS);
    return { limit, used, available: limit > used ? limit - used : 0n };
  }

  private state(address: string): AddressState {
    let s = this.addresses.get(address);
    if (!s) {
      s = fresh();
      this.addresses.set(address, s);
    }
    return s;
  }
}

function fresh(): AddressState {
  return {
    activated: false,
    base: { energy: 0n, bandwidth: FREE_BANDWIDTH },
    used: { energy: { amount: 0n, at: 0 }, bandwidth: { amount: 0n, at: 0 } },
    delegations: [],
  };
}
