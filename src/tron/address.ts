import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

/** TRON addresses: base58check of 21 bytes, 0x41 followed by the 20-byte account id. */
const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

export type TronAddress = string & { readonly __brand: "TronAddress" };

export function isTronAddress(value: string): value is TronAddress {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** Builds an address from a 20-byte account id (used by the sandbox and tests). */
export function tronAddressFromAccountId(accountId: Uint8Array): TronAddress {
  if (accountId.length !== 20) throw new RangeError("account id must be 20 bytes");
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(accountId, 1);
  return base58check.encode(bytes) as TronAddress;
}

/** Finds the first thing that looks like a TRON address in free text (not validated). */
export function findAddressLike(text: string): string | undefined {
  return /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/.exec(text)?.[0];
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
